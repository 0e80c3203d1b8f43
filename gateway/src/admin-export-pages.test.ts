import { medicineInput, type TestPlatform, type TestUser } from '@medrelay/svc-requests/testing';
import type { Pool } from '@medrelay/service-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { completedTransfer, platformBehindGateway, type TestGateway } from './testing';

// Export Data over pages of 2 rows: a few rows of each section span many pages, so every page
// boundary (a last page full or short) is crossed.
const started = platformBehindGateway({ EXPORT_PAGE_SIZE: '2' });
let p: TestPlatform;
let gw: TestGateway;
let pharmacy: TestUser, ngo: TestUser, admin: TestUser;
beforeAll(async () => {
  ({ p, gw } = started);
  [pharmacy, ngo, , admin] = await Promise.all([
    p.user('pharmacy'),
    p.user('ngo'),
    p.user('donor'),
    p.user('admin'),
  ]);
  for (let i = 0; i < 4; i++) {
    const listed = await gw.api.post('/api/medicines', medicineInput({ name: `Export ${i}` }), {
      token: pharmacy.token,
    });
    expect(listed.status).toBe(201);
    const asked = await gw.api.post('/api/requests', { medicineId: listed.body.id }, { token: ngo.token });
    expect(asked.status).toBe(201);
  }
  await completedTransfer(gw, pharmacy, ngo, 2);
});

const idsOf = (rows: Array<{ id: number }>) => rows.map((row) => row.id);
const idsIn = async (pool: Pool, table: string) =>
  idsOf((await pool.query<{ id: number }>(`SELECT id::int AS id FROM ${table} ORDER BY id`)).rows);

describe('Export Data a few rows at a time', () => {
  it('holds every row of each section exactly once across page boundaries, walked by id', async () => {
    const res = await gw.api.get('/api/admin/export', { token: admin.token });
    expect(res.status).toBe(200);
    const data = res.body as Record<'users' | 'medicines' | 'requests' | 'custody', Array<{ id: number }>>;

    const requestsDb = p.requests.service.ctx.pool;
    const expected = {
      users: await idsIn(p.identity.service.ctx.pool, 'identity.users'),
      medicines: await idsIn(p.catalog.service.ctx.pool, 'catalog.medicines'),
      requests: await idsIn(requestsDb, 'requests.requests'),
      custody: await idsIn(requestsDb, 'requests.custody_log'),
    };
    for (const section of ['users', 'medicines', 'requests', 'custody'] as const) {
      // Many pages of 2, in id order (keyset): each row once, none left out.
      expect(expected[section].length).toBeGreaterThanOrEqual(4);
      expect(idsOf(data[section])).toEqual(expected[section]);
    }
    // Whole rows, as the services' lists answer them.
    const transfer = data.requests.at(-1) as { status?: string; pickup?: unknown };
    expect(transfer).toMatchObject({ status: 'completed' });
    expect(transfer).toHaveProperty('pickup');
  });
});
