import { describe, expect, it } from 'vitest';
import { browseMedicines } from './browse-repo';
import {
  browse,
  idsOf,
  insert,
  limits,
  ngo,
  other,
  pharmacy,
  pool,
  sorted,
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
