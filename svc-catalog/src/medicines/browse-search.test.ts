import { waitUntil } from '@medrelay/testing';
import { describe, expect, it } from 'vitest';
import {
  browse,
  idsOf,
  insert,
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
    await waitUntil(async () => idsOf((await browse(ngo.token, { q: 'zeta AFTER' })).body)[0] === renamed, {
      what: 'the new name found',
    });
    // The old name is no listing's any more: it finds nothing.
    expect((await browse(ngo.token, { q: 'namesdict before' })).body).toEqual([]);

    // Many listings under few names, read name by name and merged in name order.
    const common = await insert(
      Array.from({ length: 30 }, (_, i) => ({
        owner: other.id,
        name: `Namesdict ${i % 2 ? 'Beta' : 'Alpha'} 5mg`,
      })),
    );
    const pages = [1, 2].map((page) =>
      browse(ngo.token, { q: 'namesdict', sort: 'name', page, pageSize: 16 }),
    );
    const ids = (await Promise.all(pages)).flatMap((r) => idsOf(r.body));
    const alpha = common.filter((_, i) => i % 2 === 0);
    const beta = common.filter((_, i) => i % 2 === 1);
    expect(ids).toEqual([...sorted(alpha), ...sorted(beta), renamed]);
  });
});
