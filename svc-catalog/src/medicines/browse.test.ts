import { urgentThresholdDays } from '@medrelay/domain';
import { describe, expect, it } from 'vitest';
import { createBrowseMemo } from './browse-memo';
import { browseMedicines } from './browse-repo';
import { listMembership } from './browse-walks-repo';
import {
  browse,
  countingDb,
  idsOf,
  insert,
  limits,
  ngo,
  p,
  other,
  pharmacy,
  pool,
  sorted,
  suspended,
  testFeed,
  tiedListings,
  useBrowsePlatform,
} from './browse-fixture';

/**
 * Browse at national scale (issue 12): the rules of browse hold with the page-first query, the
 * capped total and the per-sort indexes (searches: browse-search.test.ts).
 */
useBrowsePlatform();

describe('browse rules with the page-first query', () => {
  it('shows only what the caller may request, with an exact total while small', async () => {
    const tag = 'Rulecheck';
    const [shown, both, unknownOwner, ...hidden] = await insert([
      { owner: pharmacy.id, name: `${tag} shown`, recipients: 'ngos' },
      { owner: other.id, name: `${tag} both`, recipients: 'both' },
      // An owner the read model does not know yet is not hidden.
      { owner: 2_000_000, name: `${tag} unknown owner` },
      { owner: pharmacy.id, name: `${tag} for pharmacies`, recipients: 'pharmacies' },
      { owner: pharmacy.id, name: `${tag} unlisted`, available: false },
      { owner: pharmacy.id, name: `${tag} none left`, quantity: 0 },
      { owner: pharmacy.id, name: `${tag} expired`, days: -1 },
      { owner: suspended.id, name: `${tag} suspended owner` },
      { owner: ngo.id, name: `${tag} own`, source: 'donor' },
    ]);
    const res = await browse(ngo.token, { q: tag, pageSize: 100 });
    expect(res.status).toBe(200);
    expect(sorted(idsOf(res.body))).toEqual(sorted([shown!, both!, unknownOwner!]));
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.headers.get('x-total-is-estimate')).toBe('false');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Total-Is-Estimate');
    expect(idsOf(res.body)).not.toContain(hidden[0]);
    // Another pharmacy sees the one offered to pharmacies and the NGO's donation to both, not
    // the one offered to NGOs only nor its own.
    const asPharmacy = await browse(other.token, { q: tag, pageSize: 100 });
    expect(sorted(idsOf(asPharmacy.body))).toEqual(sorted([unknownOwner, hidden[0]!, hidden[5]!]));
    // Filters: recipients, source, urgency.
    const ngosOnly = await browse(ngo.token, { q: tag, recipientType: 'both' });
    expect(sorted(idsOf(ngosOnly.body))).toEqual(sorted([both!, unknownOwner!]));
    const [urgent] = await insert([
      { owner: other.id, name: `${tag} urgent`, days: urgentThresholdDays - 1 },
    ]);
    await insert([{ owner: other.id, name: `${tag} not urgent`, days: urgentThresholdDays + 2 }]);
    expect(idsOf((await browse(ngo.token, { q: tag, urgent: true })).body)).toEqual([urgent]);
    expect((await browse(ngo.token, { q: tag, source: 'donor' })).body).toEqual([]);
  });

  it('pages each sort in both orders with ties broken by id: every listing once, in order', async () => {
    const tag = 'Tiebreak';
    const expected = await tiedListings(tag);
    for (const sort of ['expiry', 'name', 'price', 'quantity'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const seen: number[] = [];
        for (let page = 1; page <= 5; page++) {
          const res = await browse(ngo.token, { q: tag, sort, order, page, pageSize: 5 });
          expect(res.headers.get('x-total-count')).toBe('23');
          seen.push(...idsOf(res.body));
        }
        expect(seen, `${sort} ${order}`).toEqual(expected(sort, order));
      }
    }
  });

  it.each([
    { list: 'a list', urgent: false, firstDay: 30 },
    // Read by expiry first, then sorted (a week of stock).
    { list: 'an urgent list', urgent: true, firstDay: 3 },
  ])(
    'walks $list on from where it ends, in every sort and direction, with ties',
    async ({ urgent, firstDay }) => {
      const tag = urgent ? 'Walkonurgent' : 'Walkon';
      const expected = await tiedListings(tag, firstDay);
      // Each list's first walk takes 3 ids; a deeper page continues from the last key and id.
      const { feed } = testFeed();
      const memo = createBrowseMemo(feed);
      const options = { searchCap: 5, walkAtLeast: 3, exactTotalUpTo: 100, memo, view: 'ngo' };
      const visible = ['ngos', 'both'] as const;
      for (const sort of ['expiry', 'name', 'price', 'quantity'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          const page = (n: number) =>
            browseMedicines(
              pool(),
              ngo.id,
              visible,
              { q: tag, urgent, sort, order, page: n, pageSize: 4 },
              options,
            );
          // Pages 1 and 2 in turn, then a jump to the last page, then the ones skipped.
          const pages = new Map<number, number[]>();
          for (const n of [1, 2, 6, 5, 3, 4]) {
            const { rows, total, estimated } = await page(n);
            expect({ total, estimated }).toEqual({ total: 23, estimated: false });
            pages.set(
              n,
              rows.map((r) => r.id),
            );
          }
          const seen = [1, 2, 3, 4, 5, 6].flatMap((n) => pages.get(n)!);
          expect(seen, `${sort} ${order}`).toEqual(expected(sort, order));
        }
      }
    },
  );

  it('keeps a list through changes to listings outside it, a walked one through those sorting past it', async () => {
    const tag = 'Heardchanges';
    // 10 matches, more than the search cap (5): the name index is walked, 5 ids at least.
    const ids = await insert(
      Array.from({ length: 10 }, (_, i) => ({ owner: pharmacy.id, name: `${tag} ${i}0` })),
    );
    const [outsider] = await insert([{ owner: pharmacy.id, name: 'Unrelated Heard' }]);
    // The notices the triggers of migration 016 would send.
    const { feed, hear } = testFeed();
    const heard = async (...changed: number[]) => {
      hear(`m:${changed.join(',')}`);
      await memo.settled();
    };
    const memo = createBrowseMemo(feed, { membership: listMembership(pool()) });
    const options = { ...limits, memo, view: 'ngo' };
    const visible = ['ngos', 'both'] as const;
    const firstPage = () =>
      browseMedicines(pool(), ngo.id, visible, { q: tag, sort: 'name', page: 1, pageSize: 2 }, options);
    let page = await firstPage();
    expect(page.rows.map((r) => r.id)).toEqual(ids.slice(0, 2));

    // Not in the list, before or after: kept.
    await pool().query('UPDATE catalog.medicines SET quantity = 7 WHERE id = $1', [outsider]);
    await heard(outsider!);
    expect(await page.stillRight!()).toBe(true);
    // In the list, but sorting past the 5 ids walked: kept.
    await pool().query('UPDATE catalog.medicines SET quantity = 7 WHERE id = $1', [ids[8]]);
    await heard(ids[8]!);
    expect(await page.stillRight!()).toBe(true);
    // A new listing sorting past them: kept; one sorting among them: made afresh.
    const [late] = await insert([{ owner: pharmacy.id, name: `${tag} 95` }]);
    await heard(late!);
    expect(await page.stillRight!()).toBe(true);
    const [early] = await insert([{ owner: pharmacy.id, name: `${tag} 05` }]);
    await heard(early!);
    expect(await page.stillRight!()).toBe(false);
    page = await firstPage();
    expect(page.rows.map((r) => r.id)).toEqual([ids[0], early]);
    // One of its ids leaving the list: made afresh.
    await pool().query('UPDATE catalog.medicines SET is_available = false WHERE id = $1', [ids[2]]);
    await heard(ids[2]!);
    expect(await page.stillRight!()).toBe(false);
    page = await firstPage();
    expect(await page.stillRight!()).toBe(true);
    // A notice naming no listing it knows (a TRUNCATE, an owner changed): everything goes.
    hear('*');
    await memo.settled();
    expect(await page.stillRight!()).toBe(false);
  });

  it('gathers a rare search once for every sort and direction', async () => {
    const tag = 'Allsorts';
    const expected = await tiedListings(tag);
    const { feed } = testFeed();
    const memo = createBrowseMemo(feed);
    const statements: string[] = [];
    const counting = countingDb(statements);
    const visible = ['ngos', 'both'] as const;
    // A page past the first walk (10 ids here): gathered, not walked name by name.
    const options = { memo, view: 'ngo', walkAtLeast: 10 };
    await browseMedicines(
      counting,
      ngo.id,
      visible,
      { q: tag, sort: 'expiry', page: 1, pageSize: 30 },
      options,
    );
    expect(statements.filter((t) => t.includes('array_agg'))).toHaveLength(1);
    statements.length = 0;
    for (const sort of ['expiry', 'name', 'price', 'quantity'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const { rows, total } = await browseMedicines(
          counting,
          ngo.id,
          visible,
          { q: tag, sort, order, page: 1, pageSize: 30 },
          options,
        );
        expect(total).toBe(23);
        expect(
          rows.map((r) => r.id),
          `${sort} ${order}`,
        ).toEqual(expected(sort, order));
      }
    }
    // Eight lists, one statement each: the page's rows by id; no gathering, walk or count.
    expect(statements).toHaveLength(8);
    expect(statements.every((t) => t.includes('m.id = ANY($1)'))).toBe(true);
  });

  it('gathers or walks a list once for the callers asking for it at the same moment', async () => {
    const tag = 'Sametime';
    const expected = await tiedListings(tag);
    const { feed } = testFeed();
    const statements: string[] = [];
    const db = countingDb(statements);
    const visible = ['ngos', 'both'] as const;
    // A search gathered (its pages past a first walk of 1 id), the same search walked name by
    // name and a list walked through the sort's index, each asked by 10 callers at once (pages 1
    // to 5, twice): one gathering, one walk of the names, one walk.
    for (const [query, gathering, walkAtLeast] of [
      [{ q: tag, sort: 'price' }, 'array_agg', 1],
      [{ q: tag, sort: 'price' }, 'UNION ALL', 50],
      [{ source: 'pharmacy', sort: 'quantity' }, 'AS k,', 50],
    ] as const) {
      const memo = createBrowseMemo(feed);
      statements.length = 0;
      const pages = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          browseMedicines(
            db,
            ngo.id,
            visible,
            { ...query, page: 1 + (i % 5), pageSize: 2 },
            { memo, view: 'ngo', walkAtLeast },
          ),
        ),
      );
      expect(
        statements.filter((t) => t.includes(gathering)),
        gathering,
      ).toHaveLength(1);
      if ('q' in query) {
        expect(pages.flatMap((page, i) => (i < 5 ? page.rows.map((r) => r.id) : []))).toEqual(
          expected('price', 'asc').slice(0, 10),
        );
      }
    }
  });

  it('keeps a list until the soonest expiry among its listings, then reads it again', async () => {
    const tag = 'Untilexpiry';
    const ids = await insert([
      { owner: pharmacy.id, name: `${tag} late`, days: 9 },
      { owner: pharmacy.id, name: `${tag} soon`, days: 3 },
    ]);
    const soonest = (
      await pool().query<{ e: Date }>('SELECT expiry_date AS e FROM catalog.medicines WHERE id = $1', [
        ids[1],
      ])
    ).rows[0]!.e.getTime();
    let clock = Date.now();
    const memo = createBrowseMemo(testFeed().feed, { now: () => clock });
    const statements: string[] = [];
    const db = countingDb(statements);
    const ask = () =>
      browseMedicines(
        db,
        ngo.id,
        ['ngos', 'both'],
        { q: tag, sort: 'name', page: 1, pageSize: 5 },
        { memo, view: 'ngo' },
      );
    // The term's two names are walked one by one, merged (UNION ALL).
    const walks = () => statements.filter((t) => t.includes('UNION ALL'));
    const first = await ask();
    // The page says until when it is right: the soonest expiry among the listings it counts.
    expect(first.expiresAt).toBe(soonest);
    expect(walks()).toHaveLength(1);
    clock = soonest - 1;
    await ask();
    expect(walks()).toHaveLength(1);
    // At that instant the kept order is no longer used: the search is walked again.
    clock = soonest;
    await ask();
    expect(walks()).toHaveLength(2);
  });

  it('counts a search of few matches exactly, whatever the count limit', async () => {
    const tag = 'Counted';
    await insert(Array.from({ length: 12 }, (_, i) => ({ owner: pharmacy.id, name: `${tag} ${i}` })));
    const config = p.catalog.service.ctx.config;
    const before = config.EXACT_TOTAL_UP_TO;
    config.EXACT_TOTAL_UP_TO = 5;
    try {
      const first = await browse(ngo.token, { q: tag, pageSize: 5, sort: 'name' });
      expect(first.headers.get('x-total-is-estimate')).toBe('false');
      expect(first.headers.get('x-total-count')).toBe('12');
      expect(first.body.map((m: { name: string }) => m.name)).toEqual(
        [0, 1, 10, 11, 2].map((i) => `${tag} ${i}`),
      );
      const last = await browse(ngo.token, { q: tag, pageSize: 5, page: 3, sort: 'name', order: 'desc' });
      expect(last.body.map((m: { name: string }) => m.name)).toEqual([`${tag} 1`, `${tag} 0`]);
    } finally {
      config.EXACT_TOTAL_UP_TO = before;
    }
  });

  it('sends an estimate (marked) over the exact-count limit, and the exact total past the last page', async () => {
    const tag = 'Estimated';
    await insert(Array.from({ length: 12 }, (_, i) => ({ owner: pharmacy.id, name: `${tag} ${i}` })));
    const visible = ['ngos', 'both'] as const;
    const query = { q: tag, sort: 'expiry', pageSize: 5 } as const;
    // More matches than the search gathers (5): the sort's index pages them, counted up to 5.
    const first = await browseMedicines(pool(), ngo.id, visible, { ...query, page: 1 }, limits);
    expect(first.estimated).toBe(true);
    // Never below what was counted.
    expect(first.total).toBeGreaterThanOrEqual(6);
    expect(first.rows).toHaveLength(5);
    const last = await browseMedicines(pool(), ngo.id, visible, { ...query, page: 3 }, limits);
    expect(last.rows).toHaveLength(2);
    // Past the end: nothing, with the exact total so the screen can move back to the last page.
    const past = await browseMedicines(pool(), ngo.id, visible, { ...query, page: 9 }, limits);
    expect(past).toMatchObject({ rows: [], total: 12, estimated: false });
    const exact = await browseMedicines(pool(), ngo.id, visible, { ...query, page: 1 });
    expect(exact).toMatchObject({ total: 12, estimated: false });
  });

  it('stays right when a search found common a moment ago has become rare', async () => {
    const tag = 'Shrinking';
    const ids = await insert(
      Array.from({ length: 12 }, (_, i) => ({ owner: pharmacy.id, name: `${tag} ${i}` })),
    );
    const visible = ['ngos', 'both'] as const;
    const query = { q: tag, sort: 'name', pageSize: 5, page: 1 } as const;
    expect((await browseMedicines(pool(), ngo.id, visible, query, limits)).estimated).toBe(true);
    await pool().query('UPDATE catalog.medicines SET is_available = false WHERE id = ANY($1)', [
      ids.slice(2),
    ]);
    const now = await browseMedicines(pool(), ngo.id, visible, query, limits);
    expect(now).toMatchObject({ total: 2, estimated: false });
    expect(now.rows.map((r) => r.id).sort()).toEqual(ids.slice(0, 2).sort());
  });
});

describe('admin list of every listing', () => {
  it("searches name, type and the owner's name, with a capped total", async () => {
    const admin = await p.user('admin');
    const [mine] = await insert([{ owner: other.id, name: 'Adminsearch كونكور', available: false }]);
    const byName = await p.api.get(`/api/admin/all-medicines?q=${encodeURIComponent('كونكور')}`, {
      token: admin.token,
    });
    expect(idsOf(byName.body)).toEqual([mine]);
    expect(byName.headers.get('x-total-count')).toBe('1');
    expect(byName.headers.get('x-total-is-estimate')).toBe('false');
    await pool().query("UPDATE catalog.users SET name = 'Pharmacy Adminowner' WHERE id = $1", [other.id]);
    const byOwner = await p.api.get('/api/admin/all-medicines?q=adminowner&pageSize=100', {
      token: admin.token,
    });
    expect(idsOf(byOwner.body)).toContain(mine);
    expect(byOwner.body.every((m: { pharmacyId: number }) => m.pharmacyId === other.id)).toBe(true);
  });
});

describe('radius totals', () => {
  it('counts a radius list exactly to its limit by walking outwards, as PostgreSQL counts the circle', async () => {
    const tag = 'Radiuscount';
    const ids = await insert(
      Array.from({ length: 9 }, (_, i) => ({ owner: pharmacy.id, name: `${tag} ${i}` })),
    );
    // The i-th listing 1.5 × i km north of the caller's point (a degree of latitude is 111.2 km).
    await pool().query(
      `UPDATE catalog.medicines SET lat = 30 + 1.5 * (array_position($1::int[], id) - 1) / 111.2, lng = 31
        WHERE id = ANY($1)`,
      [ids],
    );
    const visible = ['ngos', 'both'] as const;
    // Pages of 2 from walks of 3: a full page's total comes from the count.
    const options = { exactTotalUpTo: 8, walkAtLeast: 3 };
    const within = async (km: number) => {
      const { rows } = await pool().query<{ n: number }>(
        `SELECT count(*)::int AS n FROM catalog.medicines
          WHERE id = ANY($1) AND earth_distance(ll_to_earth(30, 31), ll_to_earth(lat, lng)) <= $2`,
        [ids, km * 1000],
      );
      return rows[0]!.n;
    };
    expect([await within(5), await within(10)]).toEqual([4, 7]);
    for (const radiusKm of [5, 10] as const) {
      const query = { sort: 'distance', lat: 30, lng: 31, radiusKm, page: 1, pageSize: 2 } as const;
      const page = await browseMedicines(pool(), ngo.id, visible, query, options);
      expect(page.rows).toHaveLength(2);
      expect(page).toMatchObject({ total: await within(radiusKm), estimated: false });
    }
    // All 9 within 25 km: more than the limit of 8, so an estimate (never below what was counted).
    const wide = { sort: 'distance', lat: 30, lng: 31, radiusKm: 25, page: 1, pageSize: 2 } as const;
    const estimated = await browseMedicines(pool(), ngo.id, visible, wide, options);
    expect(estimated.estimated).toBe(true);
    expect(estimated.total).toBeGreaterThanOrEqual(9);
    // A walk that already read more than the limit (10 of 12) is not followed by a count.
    const more = await insert(
      Array.from({ length: 3 }, (_, i) => ({ owner: pharmacy.id, name: `${tag} more ${i}` })),
    );
    await pool().query('UPDATE catalog.medicines SET lat = 30, lng = 31.01 WHERE id = ANY($1)', [more]);
    const statements: string[] = [];
    const walkedFar = await browseMedicines(
      countingDb(statements),
      ngo.id,
      visible,
      { ...wide, radiusKm: 50 },
      { exactTotalUpTo: 8, walkAtLeast: 10 },
    );
    expect(walkedFar.estimated).toBe(true);
    expect(walkedFar.total).toBeGreaterThanOrEqual(10);
    expect(statements.filter((s) => s.includes('count(*)') && !s.includes('TABLESAMPLE'))).toEqual([]);
  });

  it('keeps one estimate of a large radius list for every NGO', async () => {
    const ids = await insert(
      Array.from({ length: 12 }, (_, i) => ({ owner: pharmacy.id, name: `Sharedestimate ${i}` })),
    );
    await pool().query('UPDATE catalog.medicines SET lat = 29, lng = 32 WHERE id = ANY($1)', [ids]);
    const second = await p.user('ngo');
    const statements: string[] = [];
    const query = { sort: 'distance', lat: 29, lng: 32.001, radiusKm: 5, page: 1, pageSize: 2 } as const;
    // Counted exactly up to 8: the 12 are estimated (a sample of the table).
    const options = { exactTotalUpTo: 8, walkAtLeast: 3, view: 'ngo' };
    const pages = [];
    for (const caller of [ngo, second])
      pages.push(await browseMedicines(countingDb(statements), caller.id, ['ngos', 'both'], query, options));
    expect(pages.map((page) => page.estimated)).toEqual([true, true]);
    expect(pages[1]!.total).toBe(pages[0]!.total);
    // The second NGO sees the same list: the first one's estimate, no sample of its own.
    expect(statements.filter((s) => s.includes('TABLESAMPLE'))).toHaveLength(1);
  });

  // Last in the file: its 5,200 listings would crowd the lists of the tests above.
  it('keeps one estimate of a page too deep for a kept order for every NGO', async () => {
    await insert(Array.from({ length: 5200 }, () => ({ owner: pharmacy.id, name: 'Deepshared' })));
    const second = await p.user('ngo');
    const statements: string[] = [];
    // Page 52 of 100 reaches past the kept orders' 5,000 ids: read with OFFSET, its total estimated.
    const query = { q: 'Deepshared', sort: 'expiry', page: 52, pageSize: 100 } as const;
    const options = { exactTotalUpTo: 8, view: 'ngo' };
    const pages = [];
    for (const caller of [ngo, second])
      pages.push(await browseMedicines(countingDb(statements), caller.id, ['ngos', 'both'], query, options));
    expect(pages.map((page) => [page.rows.length, page.estimated])).toEqual([
      [100, true],
      [100, true],
    ]);
    expect(pages[1]!.total).toBe(pages[0]!.total);
    // The second NGO sees the same list: the first one's estimate, no plan of its own.
    expect(statements.filter((s) => s.startsWith('EXPLAIN'))).toHaveLength(1);
  });
});
