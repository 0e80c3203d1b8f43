import { describe, expect, it } from 'vitest';
import { browseMedicines } from './browse-repo';
import {
  insert,
  ngo,
  pharmacy,
  planOnALargeTable,
  pool,
  recordingDb,
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

  it('reads an urgent list by expiry first in every other sort, never walking that sort', async () => {
    await insert([{ owner: pharmacy.id, name: 'Urgentbyexpiry', days: 2 }]);
    for (const sort of ['name', 'price', 'quantity'] as const) {
      const statements: Array<[string, unknown[] | undefined]> = [];
      const db = recordingDb(pool(), (text, values) => statements.push([text, values]));
      const page = await browseMedicines(db, ngo.id, ['ngos', 'both'], {
        urgent: true,
        sort,
        page: 1,
        pageSize: 20,
      });
      expect(page.rows.length).toBeGreaterThan(0);
      const [text, values] = statements.find(([sql]) => /ORDER BY/.test(sql) && /LIMIT/.test(sql))!;
      const plan = await planOnALargeTable(text, values);
      // The band is read once through the expiry index, then sorted: whatever the planner
      // estimates (a small table like this one fools it either way), it cannot walk the sort.
      expect(plan, sort).toMatch(/CTE listed[\s\S]*medicines_(browse|scan)_expiry/);
      expect(plan, sort).not.toMatch(/medicines_browse_(name|price|quantity)/);
    }
  });
});
