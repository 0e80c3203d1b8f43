import { describe, expect, it } from 'vitest';
import { createBrowseMemo } from './browse-memo';
import { browseMedicines } from './browse-repo';
import {
  indexOnlyPool,
  insert,
  ngo,
  pharmacy,
  planOnALargeTable,
  pool,
  recordingDb,
  testFeed,
  useBrowsePlatform,
} from './browse-fixture';

/**
 * Which index a list is read through, where the obvious one would pass by most of the table: the
 * plans are taken as on a large table (planOnALargeTable), which a small test table cannot show.
 */
useBrowsePlatform();

describe('lists read through the index that holds them', () => {
  it('walks one source by price through that source alone, both ways', async () => {
    // Donations are free: by price they all sit at the cheap end, behind every priced listing.
    const tag = 'Bysourceprice';
    const priced = await insert(
      Array.from({ length: 60 }, (_, i) => ({ owner: pharmacy.id, name: `${tag} p${i}`, price: 5 + i })),
    );
    const donated = await insert(
      Array.from({ length: 3 }, (_, i) => ({
        owner: pharmacy.id,
        name: `${tag} d${i}`,
        source: 'donor',
        price: null,
      })),
    );
    const statements: Array<[string, unknown[] | undefined]> = [];
    const db = recordingDb(pool(), (text, values) => statements.push([text, values]));
    const walk = async (source: 'donor' | 'pharmacy', order: 'asc' | 'desc') => {
      const page = await browseMedicines(db, ngo.id, ['ngos', 'both'], {
        sort: 'price',
        order,
        source,
        page: 1,
        pageSize: 100,
      });
      const [text, values] = statements.splice(0).find(([sql]) => /ORDER BY COALESCE/.test(sql))!;
      return { rows: page.rows, plan: await planOnALargeTable(text, values) };
    };
    const dearestDonations = await walk('donor', 'desc');
    expect(dearestDonations.rows.every((r) => r.source === 'donor')).toBe(true);
    expect(dearestDonations.rows.map((r) => r.id).filter((id) => donated.includes(id))).toEqual(
      [...donated].reverse(),
    );
    const cheapestStock = await walk('pharmacy', 'asc');
    expect(cheapestStock.rows.every((r) => r.source === 'pharmacy')).toBe(true);
    const mine = cheapestStock.rows.map((r) => r.id).filter((id) => priced.includes(id));
    expect(mine).toEqual(priced.slice(0, mine.length));
    expect(mine.length).toBeGreaterThan(20);
    // Each walk reads its source's listings alone (before: every listing of the other source first).
    for (const { plan } of [dearestDonations, cheapestStock])
      expect(plan).toMatch(/medicines_browse_source_price[\s\S]*Index Cond: \(source = /);
  });

  it('walks a search too common to gather name by name in every sort, through indexes led by the name', async () => {
    const tag = 'Namewalk';
    await insert(
      Array.from({ length: 12 }, (_, i) => ({
        owner: pharmacy.id,
        name: `${tag} ${i % 2 ? 'forte' : 'junior'}`,
        days: 20 + i,
        quantity: 1 + i,
        price: 3 + i,
      })),
    );
    const indexOf = {
      expiry: 'medicines_browse_name_expiry',
      name: 'medicines_browse_name',
      price: 'medicines_browse_name_price',
      quantity: 'medicines_browse_name_quantity',
    };
    for (const sort of ['expiry', 'name', 'price', 'quantity'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const statements: Array<[string, unknown[] | undefined]> = [];
        const db = recordingDb(pool(), (text, values) => statements.push([text, values]));
        // A cap of 5 makes the term common: walked, not gathered.
        const page = await browseMedicines(
          db,
          ngo.id,
          ['ngos', 'both'],
          { q: tag, sort, order, page: 1, pageSize: 20 },
          { searchCap: 5 },
        );
        expect(page.rows, `${sort} ${order}`).toHaveLength(12);
        const [text, values] = statements.find(([sql]) => /UNION ALL/.test(sql))!;
        const plan = await planOnALargeTable(text, values);
        // Each name's walk starts at the name in an index led by it, in the sort's order, and
        // stops at the page's end (the walks are merged, or their few rows sorted).
        const walks =
          plan.match(
            new RegExp(`Limit .*\\n\\s+->  Index Scan(?: Backward)? using ${indexOf[sort]} `, 'g'),
          ) ?? [];
        expect(walks, `${sort} ${order}`).toHaveLength(2);
        if (sort === 'name') {
          // By name each walk is one name, as a range of one, so the walks merge in name order.
          expect(plan, `${sort} ${order}`).toMatch(/Merge Append/);
          expect(plan, `${sort} ${order}`).toMatch(
            /Index Cond: \(+lower\(name\) >= [^\n]* AND \(lower\(name\) <= /,
          );
        } else expect(plan, `${sort} ${order}`).toMatch(/Index Cond: \(+lower\(name\) = /);
      }
    }
  });

  it('walks a term naming a dosage form by its names and the form apart: each listing once, in order, page after page', async () => {
    // "شراب" is syrup's label: syrups of any name, and listings named with it of another form.
    const syrups = await insert(
      Array.from({ length: 7 }, (_, i) => ({
        owner: pharmacy.id,
        name: `Formwalk ${'ABC'[i % 3]}`,
        type: 'syrup',
        days: 40 + (i % 3),
        quantity: 1 + (i % 2),
        price: i % 4 ? 10 + (i % 3) : null,
      })),
    );
    const named = await insert(
      Array.from({ length: 4 }, (_, i) => ({
        owner: pharmacy.id,
        name: `شراب Formwalk ${i % 2}`,
        days: 40 + (i % 2),
        quantity: 2,
        price: 11,
      })),
    );
    const ids = [...syrups, ...named];
    const memo = createBrowseMemo(testFeed().feed);
    // A cap of 5 makes the term common (walked); each walk takes 3 ids, a deeper page goes on.
    const options = { searchCap: 5, walkAtLeast: 3, exactTotalUpTo: 100, memo, view: 'ngo' };
    const orderSql = {
      expiry: 'expiry_date, id',
      name: 'lower(name), id',
      price: 'COALESCE(discount_price, 0), id',
      quantity: 'quantity DESC, id',
    };
    for (const sort of ['expiry', 'name', 'price', 'quantity'] as const) {
      const { rows } = await pool().query<{ id: number }>(
        `SELECT id FROM catalog.medicines WHERE id = ANY($1) ORDER BY ${orderSql[sort]}`,
        [ids],
      );
      const ascending = rows.map((r) => r.id);
      for (const order of ['asc', 'desc'] as const) {
        const seen: number[] = [];
        const walks: string[] = [];
        const db = recordingDb(pool(), (text) => /UNION ALL/.test(text) && walks.push(text));
        for (let page = 1; page <= 3; page++) {
          const found = await browseMedicines(
            db,
            ngo.id,
            ['ngos', 'both'],
            { q: 'شراب', sort, order, page, pageSize: 4 },
            options,
          );
          seen.push(...found.rows.map((r) => r.id));
        }
        // Walked in three parts (two names, one form), first and on from where it ended.
        expect(walks.length, `${sort} ${order}`).toBeGreaterThanOrEqual(2);
        for (const walk of walks) expect(walk.split('UNION ALL')).toHaveLength(3);
        const isDefault = (order === 'desc') === (sort === 'quantity');
        expect(seen, `${sort} ${order}`).toEqual(isDefault ? ascending : [...ascending].reverse());
      }
    }
  });

  it('walks an urgent list in every other sort through its week alone, both ways', async () => {
    await insert([
      { owner: pharmacy.id, name: 'Urgentbykey', days: 2, quantity: 7, price: 12 },
      { owner: pharmacy.id, name: 'Urgentbykey later', days: 40, quantity: 7, price: 12 },
    ]);
    for (const sort of ['name', 'price', 'quantity'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const statements: Array<[string, unknown[] | undefined]> = [];
        const db = recordingDb(pool(), (text, values) => statements.push([text, values]));
        const page = await browseMedicines(db, ngo.id, ['ngos', 'both'], {
          urgent: true,
          sort,
          order,
          page: 1,
          pageSize: 20,
        });
        expect(page.rows.length, `${sort} ${order}`).toBeGreaterThan(0);
        expect(page.rows.every((r) => r.expiry_date.getTime() < Date.now() + 8 * 86_400_000)).toBe(true);
        const [text, values] = statements.find(([sql]) => /ORDER BY/.test(sql) && /LIMIT/.test(sql))!;
        const plan = await planOnALargeTable(text, values);
        // Whichever index the planner takes (at 1,000,000 listings: the sort's key then the expiry,
        // key by key; on a table this small, by expiry then sorted), it reads the week alone,
        // never the sort's own index past every listing outside the week.
        expect(plan, `${sort} ${order}`).toMatch(
          /Index Scan (Backward )?using \w+ on medicines m[^\n]*\n\s*Index Cond: \(\(expiry_date > now\(\)\) AND \(expiry_date <= /,
        );
        expect(plan, `${sort} ${order}`).not.toMatch(
          /medicines_browse_(name|price|quantity|source_price) on/,
        );
      }
    }
  });

  it('walks on connections that read by index only in one statement, with the pages of a walk in its own transaction', async () => {
    await insert(
      Array.from({ length: 30 }, (_, i) => ({
        owner: pharmacy.id,
        name: `Indexonly ${i % 7}`,
        days: 2 + (i % 5),
        quantity: 1 + (i % 4),
        price: 3 + (i % 6),
      })),
    );
    for (const sort of ['name', 'price', 'quantity'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const statements: string[] = [];
        const walks: string[] = [];
        const db = recordingDb(pool(), (text) => statements.push(text));
        const indexOnlyDb = recordingDb(indexOnlyPool(), (text) => walks.push(text));
        const query = { urgent: true, sort, order, page: 1, pageSize: 20 };
        const inOne = await browseMedicines(db, ngo.id, ['ngos', 'both'], query, { indexOnlyDb });
        const inTransaction = await browseMedicines(pool(), ngo.id, ['ngos', 'both'], query);
        expect(inOne.rows.length, `${sort} ${order}`).toBeGreaterThan(0);
        expect(
          inOne.rows.map((r) => r.id),
          `${sort} ${order}`,
        ).toEqual(inTransaction.rows.map((r) => r.id));
        expect(statements.filter((text) => /SET LOCAL|BEGIN/.test(text))).toEqual([]);
        expect(walks).toHaveLength(1);
        expect(walks[0]).toMatch(/ORDER BY[\s\S]*LIMIT/);
      }
    }
    const { rows } = await indexOnlyPool().query<{ seq: string; bitmap: string }>(
      "SELECT current_setting('enable_seqscan') AS seq, current_setting('enable_bitmapscan') AS bitmap",
    );
    expect(rows[0]).toEqual({ seq: 'off', bitmap: 'off' });
  });
});
