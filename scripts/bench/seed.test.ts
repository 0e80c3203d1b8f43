import path from 'node:path';
import { createPool, migrate, type Pool } from '@medrelay/service-kit';
import { visibleRecipientTypes } from '@medrelay/domain';
import { createTestDatabase } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browsableBy, seedListings, seedPlan, syntheticOwnerBase } from './seed';

// The seed against the catalog's real schema (every migration): it must satisfy each constraint
// and give the mix the benchmark's figures rely on.
let pool: Pool;
beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 'seed-test', 2);
  await migrate(pool, 'catalog', path.resolve(import.meta.dirname, '../../svc-catalog/migrations'));
});
afterAll(() => pool.end());

describe('the benchmark seed', () => {
  it('inserts the planned listings: one pharmacy with its own share, about 2/3 browsable by an NGO', async () => {
    const pharmacyId = 7;
    const plan = seedPlan(9000, pharmacyId);
    expect(plan).toEqual({ listings: 6000, owners: 300, ownListings: { ownerId: pharmacyId, count: 3000 } });
    expect(await seedListings(pool, plan)).toBe(9000);

    const { rows } = await pool.query(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE owner_id = $1)::int AS own,
              count(DISTINCT owner_id)::int AS owners,
              count(*) FILTER (WHERE source = 'donor')::int AS donated,
              count(*) FILTER (WHERE name ~ '[\u0600-\u06FF]')::int AS arabic,
              count(*) FILTER (WHERE expiry_date < now())::int AS expired,
              min(expiry_date) > now() - interval '31 days' AND max(expiry_date) < now() + interval '401 days' AS spread
         FROM catalog.medicines`,
      [pharmacyId],
    );
    const r = rows[0];
    expect(r).toMatchObject({ n: 9000, own: 3000, owners: 301, spread: true });
    expect(r.donated).toBeGreaterThan(600);
    expect(r.arabic).toBeGreaterThan(300);
    expect(r.expired).toBeGreaterThan(200);
    // Donors' listings belong to donor owners, pharmacies' to pharmacy owners.
    const mismatched = await pool.query(
      `SELECT count(*)::int AS n FROM catalog.medicines m JOIN catalog.users u ON u.id = m.owner_id
        WHERE u.user_type <> m.source`,
    );
    expect(mismatched.rows[0].n).toBe(0);
    const browsable = await browsableBy(pool, syntheticOwnerBase - 1, visibleRecipientTypes('ngo'));
    expect(browsable / 9000).toBeGreaterThan(0.55);
    expect(browsable / 9000).toBeLessThan(0.75);
    // Every synthetic owner is at a real place in Egypt, most in the three big cities,
    // and its listings are collected there.
    const places = await pool.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE governorate IN ('cairo', 'giza', 'alexandria'))::int AS cities,
              count(DISTINCT governorate)::int AS governorates,
              bool_and(lat BETWEEN 21.7 AND 31.8 AND lng BETWEEN 24.6 AND 37.1) AS in_egypt
         FROM catalog.users WHERE id > $1`,
      [syntheticOwnerBase],
    );
    expect(places.rows[0]).toMatchObject({ n: 300, in_egypt: true });
    expect(places.rows[0].cities / 300).toBeGreaterThan(0.4);
    expect(places.rows[0].governorates).toBeGreaterThan(15);
    const placed = await pool.query(
      `SELECT count(*)::int AS n FROM catalog.medicines m JOIN catalog.users u ON u.id = m.owner_id
        WHERE m.lat = u.lat AND m.lng = u.lng AND m.pickup_area = u.area`,
    );
    expect(placed.rows[0].n).toBe(6000);
  });
});
