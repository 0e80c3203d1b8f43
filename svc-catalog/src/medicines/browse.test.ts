import { urgentThresholdDays } from '@medrelay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCatalog, type TestCatalogPlatform } from '../testing';
import type { ChangeFeed, FeedChange } from '@medrelay/service-kit';
import { createBrowseMemo } from './browse-memo';
import { browseMedicines } from './browse-repo';
import { listMembership } from './browse-walks';

/**
 * Browse at national scale (issue 12): the rules of browse hold with the page-first query, the
 * capped total, the per-sort indexes and the trigram search. Listings are written in SQL (the
 * API refuses past dates and is slow for hundreds of rows).
 */
let p: TestCatalogPlatform;
type U = Awaited<ReturnType<TestCatalogPlatform['user']>>;
let ngo: U, pharmacy: U, other: U, suspended: U;
const pool = () => p.catalog.service.ctx.pool;
/** Totals counted up to 5, searches gathered up to 5, the sort's index walked 5 ids at least. */
const limits = { exactTotalUpTo: 5, searchCap: 5, walkAtLeast: 5 };
beforeAll(async () => {
  p = await startTestCatalog();
  [ngo, pharmacy, other, suspended] = await Promise.all([
    p.user('ngo'),
    p.user('pharmacy'),
    p.user('pharmacy'),
    p.user('pharmacy'),
  ]);
  // What the read model holds once identity reports a suspension (rejected).
  await pool().query("UPDATE catalog.users SET status = 'rejected' WHERE id = $1", [suspended.id]);
});
afterAll(() => p.stop());

interface Listing {
  owner: number;
  name: string;
  type?: string;
  days?: number;
  quantity?: number;
  price?: number | null;
  recipients?: 'ngos' | 'pharmacies' | 'both';
  available?: boolean;
  source?: 'pharmacy' | 'donor';
}

async function insert(listings: Listing[]): Promise<number[]> {
  // One instant for all, so equal days make equal expiry dates (ties).
  const now = Date.now();
  const { rows } = await pool().query<{ id: number }>(
    `INSERT INTO catalog.medicines (owner_id, source, name, type, quantity, discount_price, expiry_date, recipient_type, is_available)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::numeric[],
                          $7::timestamptz[], $8::text[], $9::bool[])
     RETURNING id`,
    [
      listings.map((l) => l.owner),
      listings.map((l) => l.source ?? 'pharmacy'),
      listings.map((l) => l.name),
      listings.map((l) => l.type ?? 'tablets'),
      listings.map((l) => l.quantity ?? 5),
      listings.map((l) => (l.price === undefined ? 10 : l.price)),
      listings.map((l) => new Date(now + (l.days ?? 60) * 86_400_000)),
      listings.map((l) => l.recipients ?? 'both'),
      listings.map((l) => l.available ?? true),
    ],
  );
  return rows.map((r) => r.id);
}

/** A feed that moves only when the test says it heard a notice (`hear`, with its payload). */
function testFeed() {
  let version = 1;
  const listeners = new Set<(change: FeedChange, version: number) => void>();
  const feed: ChangeFeed = {
    get version() {
      return version;
    },
    bump: () => undefined,
    stop: async () => undefined,
    onChange: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    sync: async () => undefined,
  };
  const hear = (notice: string) => {
    version++;
    for (const listener of listeners) listener({ notice }, version);
  };
  return { feed, hear };
}

/** A browseMedicines database that records each statement's text. */
function countingDb(statements: string[]) {
  return {
    query: (text: string | { text: string }, values?: unknown[]) => {
      statements.push(typeof text === 'string' ? text : text.text);
      return pool().query(text as string, values);
    },
  } as unknown as Parameters<typeof browseMedicines>[0];
}

const browse = (token: string, query: Record<string, string | number | boolean>) =>
  p.api.get(
    `/api/medicines?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]))}`,
    { token },
  );
const idsOf = (body: Array<{ id: number }>) => body.map((m) => m.id);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/**
 * 23 listings named `tag` sharing every sort key in pairs and triples, and the order each sort
 * and direction must give them: the default order ascends by key then id (quantity descends by
 * key, then ascends by id); the reversed order is exactly its reverse.
 */
async function tiedListings(tag: string) {
  const ids = await insert(
    Array.from({ length: 23 }, (_, i) => ({
      owner: i % 2 ? pharmacy.id : other.id,
      name: `${tag} ${['A', 'b', 'C'][i % 3]}`,
      days: 30 + (i % 4),
      quantity: 1 + (i % 3),
      price: i % 5 === 0 ? null : 10 + (i % 2),
    })),
  );
  const rows = (
    await pool().query<{ id: number; name: string; expiry_date: Date; quantity: number; price: string }>(
      `SELECT id, name, expiry_date, quantity, COALESCE(discount_price, 0) AS price
         FROM catalog.medicines WHERE id = ANY($1)`,
      [ids],
    )
  ).rows;
  type Row = (typeof rows)[0];
  const keyOf = {
    expiry: (r: Row) => r.expiry_date.getTime(),
    name: (r: Row) => r.name.toLowerCase(),
    price: (r: Row) => Number(r.price),
    quantity: (r: Row) => r.quantity,
  };
  const defaultDesc = { expiry: false, name: false, price: false, quantity: true };
  return (sort: keyof typeof keyOf, order: 'asc' | 'desc') => {
    const expected = [...rows]
      .sort((a, b) => {
        const [ka, kb] = [keyOf[sort](a), keyOf[sort](b)];
        const byKey = ka < kb ? -1 : ka > kb ? 1 : 0;
        return (defaultDesc[sort] ? -byKey : byKey) || a.id - b.id;
      })
      .map((r) => r.id);
    return (order === 'desc') !== defaultDesc[sort] ? expected.reverse() : expected;
  };
}

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

  it('walks a kept order on from where it ends, in every sort and direction, with ties', async () => {
    const tag = 'Walkon';
    const expected = await tiedListings(tag);
    // Each list's first walk takes 3 ids; a deeper page continues from the last key and id.
    const { feed } = testFeed();
    const memo = createBrowseMemo(feed);
    const options = { searchCap: 5, walkAtLeast: 3, exactTotalUpTo: 100, memo, view: 'ngo' };
    const visible = ['ngos', 'both'] as const;
    for (const sort of ['expiry', 'name', 'price', 'quantity'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const page = (n: number) =>
          browseMedicines(pool(), ngo.id, visible, { q: tag, sort, order, page: n, pageSize: 4 }, options);
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
  });

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
    const options = { memo, view: 'ngo' };
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
    // A search and a list walked through the sort's index, each asked by 10 callers at once
    // (pages 1 to 5, twice): one gathering, one walk.
    for (const [query, gathering] of [
      [{ q: tag, sort: 'price' }, 'array_agg'],
      [{ source: 'pharmacy', sort: 'quantity' }, 'AS k,'],
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
            { memo, view: 'ngo', walkAtLeast: 50 },
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
    const first = await ask();
    // The page says until when it is right: the soonest expiry among the listings it counts.
    expect(first.expiresAt).toBe(soonest);
    expect(statements.filter((t) => t.includes('array_agg'))).toHaveLength(1);
    clock = soonest - 1;
    await ask();
    expect(statements.filter((t) => t.includes('array_agg'))).toHaveLength(1);
    // At that instant the kept order is no longer used: the search is gathered again.
    clock = soonest;
    await ask();
    expect(statements.filter((t) => t.includes('array_agg'))).toHaveLength(2);
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

describe('search (trigram index)', () => {
  it('finds Arabic and Latin text anywhere in the name, and the type by its label in either language', async () => {
    const [arabic, latin, byType] = await insert([
      { owner: pharmacy.id, name: 'باراسيتامول ٥٠٠ مجم', type: 'tablets' },
      { owner: pharmacy.id, name: 'Panadol Trigramtest', type: 'tablets' },
      { owner: pharmacy.id, name: 'Glycerin Trigramtype', type: 'suppository' },
    ]);
    expect(idsOf((await browse(ngo.token, { q: 'سيتام' })).body)).toEqual([arabic]);
    expect(idsOf((await browse(ngo.token, { q: 'gramTEST' })).body)).toEqual([latin]);
    // The type is a key; its English and Arabic labels find it (issue 13).
    expect(idsOf((await browse(ngo.token, { q: 'SUPPOSITOR' })).body)).toEqual([byType]);
    expect(idsOf((await browse(ngo.token, { q: 'لبوس' })).body)).toEqual([byType]);
    const tablets = (await browse(ngo.token, { q: 'قراص' })).body as Array<{ type: string }>;
    expect(tablets.length).toBeGreaterThan(0);
    expect(tablets.every((m) => m.type === 'tablets')).toBe(true);
    // Under three letters there is no trigram: still a correct substring search.
    expect(idsOf((await browse(ngo.token, { q: 'با' })).body)).toContain(arabic);
    expect(idsOf((await browse(ngo.token, { q: 'سي' })).body)).toContain(arabic);
    // `%` and `_` are literal.
    expect((await browse(ngo.token, { q: '%' })).body).toEqual([]);
  });

  it('lets PostgreSQL answer an Arabic substring from the trigram index', async () => {
    const client = await pool().connect();
    try {
      const trigrams = await client.query<{ n: number }>(
        "SELECT array_length(show_trgm('باراسيتامول'), 1) AS n",
      );
      // Arabic letters are word characters here (UTF-8 cluster, UTF-8 ctype): 12 trigrams.
      expect(trigrams.rows[0]!.n).toBe(12);
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const plan = await client.query("EXPLAIN SELECT id FROM catalog.medicines WHERE name ILIKE '%سيتام%'");
      // (The type is a dosage-form key now, matched by equality: no trigram index of its own.)
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('medicines_name_trgm');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('search through the names listings carry', () => {
  it('finds a listing by the name it was given later, and pages a common name in name order', async () => {
    const [renamed] = await insert([{ owner: pharmacy.id, name: 'Namesdict before' }]);
    await pool().query("UPDATE catalog.medicines SET name = 'Namesdict Zeta after' WHERE id = $1", [renamed]);
    const visible = ['ngos', 'both'] as const;
    const found = await browseMedicines(pool(), ngo.id, visible, {
      q: 'zeta AFTER',
      sort: 'name',
      page: 1,
      pageSize: 20,
    });
    expect(found.rows.map((r) => r.id)).toEqual([renamed]);

    // Many listings under few names, found through the names and read in name order.
    const common = await insert(
      Array.from({ length: 30 }, (_, i) => ({
        owner: other.id,
        name: `Namesdict ${i % 2 ? 'Beta' : 'Alpha'} 5mg`,
      })),
    );
    const pages = [1, 2].map((page) =>
      browseMedicines(pool(), ngo.id, visible, { q: 'namesdict', sort: 'name', page, pageSize: 16 }, limits),
    );
    const ids = (await Promise.all(pages)).flatMap((r) => r.rows.map((row) => row.id));
    const alpha = common.filter((_, i) => i % 2 === 0);
    const beta = common.filter((_, i) => i % 2 === 1);
    expect(ids).toEqual([...sorted(alpha), ...sorted(beta), renamed]);
  });

  it('reads the name index by the matching names instead of filtering every row', async () => {
    const client = await pool().connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const plan = await client.query(
        `EXPLAIN SELECT id FROM catalog.medicines m
          WHERE lower(m.name) = ANY(ARRAY(SELECT name FROM catalog.listing_names WHERE name ILIKE '%namesdict%'))
            AND m.is_available AND m.quantity > 0
          ORDER BY lower(m.name), m.id LIMIT 20`,
      );
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Index Cond: \(lower\(name\) = ANY/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
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
