import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalSecretHeader } from '@medrelay/contracts';
import { medicineInput, startTestCatalog, testInternalSecret, type TestCatalogPlatform } from '../testing';

/** An owner's own lists at national scale: paged, summarised and capped by the server. */
let p: TestCatalogPlatform;
type U = Awaited<ReturnType<TestCatalogPlatform['user']>>;
let ngo: U;
beforeAll(async () => {
  p = await startTestCatalog();
  ngo = await p.user('ngo');
});
afterAll(() => p.stop());

describe('own lists at scale: /my paged, /my/summary, /expiring capped', () => {
  /** `n` listings of `ownerId` straight in SQL, created one minute apart (newest = highest i). */
  const seed = (
    ownerId: number,
    n: number,
    expiresInDays: number,
    createdAt = "now() - (i || ' minutes')::interval",
  ) =>
    p.catalog.service.ctx.pool.query(
      `INSERT INTO catalog.medicines (owner_id, source, name, type, quantity, expiry_date, created_at)
       SELECT $1, 'pharmacy', 'Seeded ' || i, 'tablets', 2, now() + make_interval(days => $3), ${createdAt}
         FROM generate_series(1, $2) AS i`,
      [ownerId, n, expiresInDays],
    );
  const ids = (body: { id: number }[]) => body.map((m) => m.id);

  it("pages newest first with the total in X-Total-Count, ties broken by id, only the caller's own", async () => {
    const owner = await p.user('pharmacy');
    const other = await p.user('pharmacy');
    await seed(owner.id, 45, 60);
    await seed(other.id, 5, 60);
    // Three listings created at the very same instant: the id decides, highest first.
    await seed(owner.id, 3, 60, "'2026-01-01T00:00:00Z'");
    const get = (query: string, token = owner.token) => p.api.get(`/api/medicines/my${query}`, { token });

    const first = await get('');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(20);
    expect(first.headers.get('x-total-count')).toBe('48');
    expect(first.headers.get('access-control-expose-headers')).toContain('X-Total-Count');
    expect(first.body[0].name).toBe('Seeded 1');
    expect(first.body.every((m: { pharmacyId: number }) => m.pharmacyId === owner.id)).toBe(true);

    const all: number[] = [];
    for (let page = 1; page <= 3; page++) all.push(...ids((await get(`?page=${page}&pageSize=20`)).body));
    expect(all).toHaveLength(48);
    expect(new Set(all).size).toBe(48);
    const tied = all.slice(45);
    expect(tied).toEqual([...tied].sort((a, b) => b - a));
    expect(ids((await get('?page=2&pageSize=7')).body)).toEqual(all.slice(7, 14));

    const past = await get('?page=9');
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe('48');
    expect((await get('', other.token)).headers.get('x-total-count')).toBe('5');

    for (const bad of ['?pageSize=101', '?pageSize=0', '?page=0', '?page=abc', '?sort=name']) {
      const res = await get(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await get('?pageSize=100')).body).toHaveLength(48);
    expect((await get('', ngo.token)).status).toBe(403);
  });

  it('sums the dashboard figures in SQL: reserved units count, unlisted listings count but are not offered', async () => {
    const owner = await p.user('donor');
    const post = async (quantity: number, inDays: number) =>
      (await p.api.post('/api/medicines', medicineInput({ quantity }, inDays), { token: owner.token })).body
        .id as number;
    const urgent = await post(5, 3);
    await post(4, 7);
    await post(2, 8);
    const unlisted = await post(6, 60);
    await p.api.delete(`/api/medicines/${unlisted}`, { token: owner.token });
    const internal = { headers: { [internalSecretHeader]: testInternalSecret } };
    const reserve = (requestId: number, quantity: number) =>
      p.api.post('/internal/reservations', { requestId, medicineId: urgent, quantity }, internal);
    expect((await reserve(880001, 2)).status).toBe(200);
    expect((await reserve(880002, 1)).status).toBe(200);
    await p.api.delete('/internal/reservations/880002', internal);
    // An offer with nothing left is listed but not available.
    const emptied = await post(3, 5);
    await p.api.post(
      '/internal/reservations',
      { requestId: 880004, medicineId: emptied, quantity: 3 },
      internal,
    );

    const summary = await p.api.get('/api/medicines/my/summary', { token: owner.token });
    expect(summary.status).toBe(200);
    // Units: 5 + 4 + 2 + 6 + 3 listed in all (reserved units still count as listed).
    // Listed now (the dashboard's Total Listed): 5 − 2 reserved + 4 + 2 offered; unlisted and emptied not.
    expect(summary.body).toEqual({
      listings: 5,
      units: 20,
      available: 3,
      listedUnits: 9,
      urgent: 2,
      livesImpacted: 30,
    });

    const fresh = await p.user('pharmacy');
    expect((await p.api.get('/api/medicines/my/summary', { token: fresh.token })).body).toEqual({
      listings: 0,
      units: 0,
      available: 0,
      listedUnits: 0,
      urgent: 0,
      livesImpacted: 0,
    });
    expect((await p.api.get('/api/medicines/my/summary', { token: ngo.token })).status).toBe(403);
    expect((await p.api.get('/api/medicines/my/summary')).status).toBe(401);
  });

  it('answers at most 100 expiring rows, soonest first, with the true count', async () => {
    const owner = await p.user('pharmacy');
    await seed(owner.id, 130, 10);
    await seed(owner.id, 5, 2);
    await seed(owner.id, 7, 90);
    const res = await p.api.get('/api/medicines/expiring?days=30', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(100);
    expect(res.headers.get('x-total-count')).toBe('135');
    const dates = res.body.map((m: { expiryDate: string }) => m.expiryDate);
    expect(dates).toEqual([...dates].sort());
    expect(new Date(dates[0]).getTime() - Date.now()).toBeLessThan(3 * 24 * 3600 * 1000);
    const few = await p.api.get('/api/medicines/expiring?days=5', { token: owner.token });
    expect(few.body).toHaveLength(5);
    expect(few.headers.get('x-total-count')).toBe('5');
  });
});
