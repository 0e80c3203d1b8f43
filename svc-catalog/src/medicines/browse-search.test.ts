import { describe, expect, it } from 'vitest';
import { createBrowseMemo } from './browse-memo';
import { browseMedicines } from './browse-repo';
import {
  browse,
  countingDb,
  idsOf,
  insert,
  limits,
  ngo,
  other,
  pharmacy,
  pool,
  sorted,
  testFeed,
  tiedListings,
  useBrowsePlatform,
} from './browse-fixture';

/** Browse's search: trigram matches in Arabic and Latin, types, the names listings carry. */
useBrowsePlatform();

describe('search (trigram index)', () => {
  it('finds Arabic and Latin text anywhere in the name, and the type by its label in either language', async () => {
    const [arabic, latin, byType] = await insert([
      { owner: pharmacy.id, name: 'باراسيتامول ٥٠٠ مجم', type: 'tablets' },
      { owner: pharmacy.id, name: 'Panadol Trigramtest', type: 'tablets' },
      { owner: pharmacy.id, name: 'Glycerin Trigramtype', type: 'suppository' },
    ]);
    expect(idsOf((await browse(ngo.token, { q: 'سيتام' })).body)).toEqual([arabic]);
    expect(idsOf((await browse(ngo.token, { q: 'gramTEST' })).body)).toEqual([latin]);
    // The type is a key; its English and Arabic labels find it.
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

  it('estimates the total of a search that matched more than its cap, without counting its matches again', async () => {
    await insert(Array.from({ length: 9 }, (_, i) => ({ owner: other.id, name: `Plentyterm ${i}` })));
    const statements: string[] = [];
    const search = (sort: 'expiry' | 'name') =>
      browseMedicines(
        countingDb(statements),
        ngo.id,
        ['ngos', 'both'],
        { q: 'plentyterm', sort, page: 1, pageSize: 2 },
        // The cap's gathering reads 6 of the 9: more than the 5 a total is counted to.
        { searchCap: 5, walkAtLeast: 2, exactTotalUpTo: 5 },
      );
    const isCount = (s: string) => /count\(\*\)::int AS n,[\s\S]*FROM \(SELECT m\.expiry_date AS e/.test(s);
    for (const sort of ['expiry', 'name'] as const) {
      statements.length = 0;
      const page = await search(sort);
      expect(page.rows).toHaveLength(2);
      expect(page.estimated).toBe(true);
      expect(page.total).toBeGreaterThanOrEqual(6);
      expect(statements.filter(isCount)).toEqual([]);
    }
    // The second sort, a moment later, walks its index without gathering the matches again.
    expect(statements.some((s) => /MATERIALIZED/.test(s))).toBe(false);
  });

  it('walks a term its names make common by the planner’s count, without gathering its matches', async () => {
    // Ten names: more than a term is walked name by name in (so gathered unless common).
    await insert(
      Array.from({ length: 40 }, (_, i) => ({ owner: other.id, name: `Plannedcommon ${i % 10}` })),
    );
    await pool().query('ANALYZE catalog.medicines');
    const statements: string[] = [];
    const page = await browseMedicines(
      countingDb(statements),
      ngo.id,
      ['ngos', 'both'],
      { q: 'plannedcommon', sort: 'expiry', page: 1, pageSize: 10 },
      // A cap of 5: the planner counts about 40 (the names' statistics), well above it.
      { searchCap: 5, walkAtLeast: 10, exactTotalUpTo: 100 },
    );
    expect(page.rows).toHaveLength(10);
    expect(page).toMatchObject({ total: 40, estimated: false });
    expect(statements.some((s) => /^EXPLAIN \(FORMAT JSON\)/.test(s))).toBe(true);
    expect(statements.some((s) => /array_agg/.test(s))).toBe(false);
  });

  it('walks a term in a few names name by name for its first pages, and gathers it for a deeper page asked first or within a radius', async () => {
    // 23 listings under three names, keys tied across them.
    const expected = (await tiedListings('Fewnames'))('quantity', 'desc');
    const statements: string[] = [];
    const ask = (page: number) =>
      browseMedicines(
        countingDb(statements),
        ngo.id,
        ['ngos', 'both'],
        { q: 'fewnames', sort: 'quantity', order: 'desc', page, pageSize: 4 },
        // A first walk of 8 ids: pages 1 and 2.
        { walkAtLeast: 8 },
      );
    const walks = () => statements.filter((s) => s.includes('UNION ALL'));
    const gatherings = () => statements.filter((s) => s.includes('array_agg'));
    const shallow = await ask(2);
    expect(shallow.rows.map((r) => r.id)).toEqual(expected.slice(4, 8));
    expect(shallow).toMatchObject({ total: 23, estimated: false });
    expect([walks().length, gatherings().length]).toEqual([1, 0]);
    // The term's names are read once, for the walk and the count.
    expect(statements.filter((s) => s.startsWith('SELECT name FROM catalog.listing_names'))).toHaveLength(1);
    // One walk per name, merged in the list's order.
    const walk = walks()[0]!;
    expect(walk.match(/lower\(m\.name\) = \$\d+/g)).toHaveLength(3);
    statements.length = 0;
    const deep = await ask(3);
    expect(deep.rows.map((r) => r.id)).toEqual(expected.slice(8, 12));
    expect(deep).toMatchObject({ total: 23, estimated: false });
    expect([walks().length, gatherings().length]).toEqual([0, 1]);
    // Within a radius, the first page too is gathered: the circle bounds the matches.
    await pool().query("UPDATE catalog.medicines SET lat = 30, lng = 31 WHERE name LIKE 'Fewnames %'");
    statements.length = 0;
    const near = await browseMedicines(
      countingDb(statements),
      ngo.id,
      ['ngos', 'both'],
      {
        q: 'fewnames',
        sort: 'quantity',
        order: 'desc',
        lat: 30,
        lng: 31.01,
        radiusKm: 5,
        page: 1,
        pageSize: 4,
      },
      { walkAtLeast: 8 },
    );
    expect(near.rows.map((r) => r.id)).toEqual(expected.slice(0, 4));
    expect([walks().length, gatherings().length]).toEqual([0, 1]);
  });

  it('counts a searched list over the names it matches, given as values', async () => {
    await insert([
      ...Array.from({ length: 60 }, () => ({ owner: other.id, name: 'Countnames Alpha' })),
      ...Array.from({ length: 8 }, () => ({ owner: other.id, name: 'Countnames Beta' })),
    ]);
    const statements: string[] = [];
    const page = await browseMedicines(
      countingDb(statements),
      ngo.id,
      ['ngos', 'both'],
      { q: 'countnames', sort: 'expiry', page: 1, pageSize: 2 },
      { searchCap: 1, walkAtLeast: 2, exactTotalUpTo: 100 },
    );
    expect(page).toMatchObject({ total: 68, estimated: false });
    // Over a subquery the planner knew nothing of the term and read the table until enough
    // matches turned up (75-160 ms at 1,000,000 listings); given the names, it reads their index.
    const counts = statements.filter((s) => /^\s*SELECT count\(\*\)/.test(s));
    expect(counts).toHaveLength(1);
    expect(counts[0]).toMatch(/lower\(m\.name\) = ANY\(\$\d+::text\[\]\)/);
    expect(counts[0]).not.toMatch(/listing_names/);
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

describe('nearest first with a search term', () => {
  it('walks the few names carrying the term outwards from the point, merged with ties by id, and on from where it ends', async () => {
    const tag = 'Nearnames';
    // 22 listings in 3 names over 4 points (several at one point: equal distances), and one of
    // another name at the caller's own point, which the search must leave out.
    const ids = await insert(
      Array.from({ length: 22 }, (_, i) => ({ owner: pharmacy.id, name: `${tag} ${'ABC'[i % 3]}` })),
    );
    const [outsider] = await insert([{ owner: pharmacy.id, name: 'Elsewhere Nearby' }]);
    const points = { lat: [30.05, 30.07, 29.98, 31.2], lng: [31.23, 31.26, 31.21, 29.92] };
    await pool().query(
      `UPDATE catalog.medicines SET own_lat = ($2::float8[])[1 + id % 4], own_lng = ($3::float8[])[1 + id % 4]
        WHERE id = ANY($1)`,
      [ids, points.lat, points.lng],
    );
    await pool().query('UPDATE catalog.medicines SET own_lat = 30.05, own_lng = 31.23 WHERE id = $1', [
      outsider,
    ]);
    const at = { lat: 30.05, lng: 31.23 };
    // The order as the great-circle distance gives it, ties by id.
    const { rows: expected } = await pool().query<{ id: number }>(
      `SELECT id FROM catalog.medicines WHERE id = ANY($1)
        ORDER BY earth_distance(ll_to_earth($2, $3), ll_to_earth(lat, lng)), id`,
      [ids, at.lat, at.lng],
    );
    const statements: string[] = [];
    const memo = createBrowseMemo(testFeed().feed);
    const options = { ...limits, exactTotalUpTo: 100, walkAtLeast: 3, memo, view: 'ngo' };
    const page = (n: number) =>
      browseMedicines(
        countingDb(statements),
        ngo.id,
        ['ngos', 'both'],
        { q: tag.toLowerCase(), sort: 'distance', ...at, page: n, pageSize: 4 },
        options,
      );
    // In turn, then a jump to the last page, then the ones skipped: each read on from the last.
    const pages = new Map<number, number[]>();
    for (const n of [1, 2, 6, 5, 3, 4]) {
      const { rows, total } = await page(n);
      expect(total).toBe(22);
      pages.set(
        n,
        rows.map((r) => r.id),
      );
    }
    expect([1, 2, 3, 4, 5, 6].flatMap((n) => pages.get(n)!)).toEqual(expected.map((r) => r.id));
    // One walk per name, never every match gathered with its distance.
    expect(statements.some((s) => /UNION ALL/.test(s) && /lower\(m\.name\) = \$/.test(s))).toBe(true);
    expect(statements.some((s) => /MATERIALIZED/.test(s))).toBe(false);
    // A page of the order now kept reads its rows only: the names are not looked up again.
    statements.length = 0;
    expect((await page(2)).rows.map((r) => r.id)).toEqual(pages.get(2));
    expect(statements.some((s) => /listing_names/.test(s))).toBe(false);
  });
});

describe('nearest first with a term that names a dosage form', () => {
  it('walks the names and the form apart, each listing once, nearest first', async () => {
    // "Syrup" is the form's label: a syrup by any name, and tablets named "… Syrup …".
    const ids = await insert([
      { owner: pharmacy.id, name: 'Formwalk Alpha', type: 'syrup' },
      { owner: pharmacy.id, name: 'Formwalk Beta', type: 'syrup' },
      { owner: pharmacy.id, name: 'Cough Syrup Formwalk', type: 'tablets' },
      { owner: pharmacy.id, name: 'Syrup Formwalk Twice', type: 'syrup' },
      { owner: pharmacy.id, name: 'Formwalk Gamma', type: 'tablets' },
    ]);
    const points = { lat: [30.05, 30.3, 29.9, 30.05, 30.0], lng: [31.23, 31.4, 31.1, 31.23, 31.2] };
    await pool().query(
      `UPDATE catalog.medicines m SET own_lat = ($2::float8[])[i], own_lng = ($3::float8[])[i]
         FROM unnest($1::int[]) WITH ORDINALITY AS t(id, i) WHERE m.id = t.id`,
      [ids, points.lat, points.lng],
    );
    const at = { lat: 30.06, lng: 31.24 };
    // Every listing with a point that the search finds, as the great-circle distance orders them.
    const { rows: expected } = await pool().query<{ id: number }>(
      `SELECT id FROM catalog.medicines WHERE lat IS NOT NULL AND (name ILIKE '%syrup%' OR type = 'syrup')
        ORDER BY earth_distance(ll_to_earth($1, $2), ll_to_earth(lat, lng)), id`,
      [at.lat, at.lng],
    );
    expect(expected.map((r) => r.id).sort()).toEqual([ids[0], ids[1], ids[2], ids[3]].sort());
    const statements: string[] = [];
    const pages = [];
    for (const n of [1, 2]) {
      const { rows, total } = await browseMedicines(
        countingDb(statements),
        ngo.id,
        ['ngos', 'both'],
        { q: 'syrup', sort: 'distance', ...at, page: n, pageSize: 2 },
        { ...limits, exactTotalUpTo: 100, walkAtLeast: 3, view: 'ngo' },
      );
      expect(total).toBe(4);
      pages.push(...rows.map((r) => r.id));
    }
    expect(pages).toEqual(expected.map((r) => r.id));
    expect(statements.some((s) => /UNION ALL/.test(s) && /m\.type = \$/.test(s))).toBe(true);
  });
});
