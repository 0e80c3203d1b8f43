import { callBudgetHeader, internalSecretHeader } from '@medrelay/contracts';
import { waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestCatalog, testInternalSecret, type TestCatalogPlatform } from '../testing';

let p: TestCatalogPlatform;
let pharmacy: Awaited<ReturnType<TestCatalogPlatform['user']>>;
beforeAll(async () => {
  p = await startTestCatalog();
  pharmacy = await p.user('pharmacy');
});
afterAll(() => p.stop());

const internal = { headers: { [internalSecretHeader]: testInternalSecret } };
const quantityOf = async (id: number) =>
  (await p.catalog.service.ctx.pool.query('SELECT quantity FROM catalog.medicines WHERE id = $1', [id]))
    .rows[0].quantity as number;
/** The listing's reserved_quantity column and the sum of its live reservations. */
const reservedOf = async (id: number) =>
  (
    await p.catalog.service.ctx.pool.query(
      `SELECT reserved_quantity AS column,
              (SELECT COALESCE(sum(quantity), 0)::int FROM catalog.reservations
                WHERE medicine_id = $1 AND status = 'reserved') AS live
         FROM catalog.medicines WHERE id = $1`,
      [id],
    )
  ).rows[0] as { column: number; live: number };
const newMedicine = async (quantity: number) =>
  (await p.api.post('/api/medicines', medicineInput({ quantity }), { token: pharmacy.token })).body
    .id as number;

describe('internal reserve / release', () => {
  it('is closed without the internal secret (403), and to a user token', async () => {
    const id = await newMedicine(5);
    const body = { requestId: 1, medicineId: id, quantity: 1 };
    expect((await p.api.post('/internal/reservations', body)).status).toBe(403);
    expect((await p.api.post('/internal/reservations', body, { token: pharmacy.token })).status).toBe(403);
    const wrong = await p.api.post('/internal/reservations', body, {
      headers: { [internalSecretHeader]: 'x'.repeat(31) },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('INTERNAL_ONLY');
    expect((await p.api.get(`/internal/medicines/${id}`)).status).toBe(403);
    expect(await quantityOf(id)).toBe(5);
  });

  it("refuses an owner's new quantity made from a form older than an approval, in the owner's language", async () => {
    const id = await newMedicine(5);
    // The owner opens the edit form (5 on offer); an approval reserves 3 meanwhile.
    const reserved = await p.api.post(
      '/internal/reservations',
      { requestId: 150, medicineId: id, quantity: 3 },
      internal,
    );
    expect(reserved.body.remaining).toBe(2);
    // One pack broken: 5 → 4 from the old form would offer 4 with 3 promised (7 from 4 packs).
    const stale = await p.api.put(
      `/api/medicines/${id}`,
      { quantity: 4, quantitySeen: 5 },
      { token: pharmacy.token, headers: { 'accept-language': 'ar' } },
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'MEDICINE_QUANTITY_CHANGED', details: { quantity: 2 } });
    expect(stale.body.message).toContain('المعروض دلوقتي وحدتين');
    expect(await quantityOf(id)).toBe(2);
    // From what is on offer now, the edit goes through; other fields never need it.
    const fresh = await p.api.put(
      `/api/medicines/${id}`,
      { quantity: 1, quantitySeen: 2 },
      { token: pharmacy.token },
    );
    expect(fresh.status).toBe(200);
    expect(await quantityOf(id)).toBe(1);
    expect(
      (await p.api.put(`/api/medicines/${id}`, { description: 'One pack broken' }, { token: pharmacy.token }))
        .status,
    ).toBe(200);
    expect(
      (await p.api.put(`/api/medicines/${id}`, { quantitySeen: 1 }, { token: pharmacy.token })).status,
    ).toBe(400);
  });

  it('reserves, is idempotent per request id, refuses more than is left, and releases once', async () => {
    const id = await newMedicine(5);
    const first = await p.api.post(
      '/internal/reservations',
      { requestId: 101, medicineId: id, quantity: 3 },
      internal,
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ requestId: 101, quantity: 3, remaining: 2, status: 'reserved' });
    const again = await p.api.post(
      '/internal/reservations',
      { requestId: 101, medicineId: id, quantity: 3 },
      internal,
    );
    expect(again.body).toMatchObject({ remaining: 2, status: 'reserved' });
    expect(await quantityOf(id)).toBe(2);

    const tooMuch = await p.api.post(
      '/internal/reservations',
      { requestId: 102, medicineId: id, quantity: 3 },
      internal,
    );
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({
      code: 'INSUFFICIENT_QUANTITY',
      message: 'Only 2 units available',
    });

    const released = await p.api.delete('/internal/reservations/101', internal);
    expect(released.body).toMatchObject({ status: 'released', remaining: 5 });
    await p.api.delete('/internal/reservations/101', internal);
    expect(await quantityOf(id)).toBe(5);
    // Released is final: a late retry of the reserve takes nothing.
    const late = await p.api.post(
      '/internal/reservations',
      { requestId: 101, medicineId: id, quantity: 3 },
      internal,
    );
    expect(late.body.status).toBe('released');
    expect(await quantityOf(id)).toBe(5);
  });

  it('takes back a reservation whose approval was never recorded, as if never made: the request may reserve again', async () => {
    const id = await newMedicine(6);
    const reserve = () =>
      p.api.post('/internal/reservations', { requestId: 160, medicineId: id, quantity: 4 }, internal);
    expect((await reserve()).body).toMatchObject({ status: 'reserved', remaining: 2 });
    const withdrawn = await p.api.post('/internal/reservations/160/withdraw', undefined, internal);
    expect(withdrawn.body).toMatchObject({ status: 'released', quantity: 4, remaining: 6 });
    expect(await reservedOf(id)).toEqual({ column: 0, live: 0 });
    // Nothing left to take back; and no marker: the approval made again reserves.
    expect((await p.api.post('/internal/reservations/160/withdraw', undefined, internal)).body).toMatchObject(
      {
        status: 'released',
        quantity: 0,
      },
    );
    expect((await reserve()).body).toMatchObject({ status: 'reserved', remaining: 2 });
    // A released reservation stays released (a reject's release is final).
    await p.api.delete('/internal/reservations/160', internal);
    expect((await p.api.post('/internal/reservations/160/withdraw', undefined, internal)).body.quantity).toBe(
      0,
    );
    expect((await reserve()).body.status).toBe('released');
    expect(await quantityOf(id)).toBe(6);
    expect((await p.api.post('/internal/reservations/160/withdraw', undefined, {})).status).toBe(403);
  });

  it('re-checks the listing when an approval is retried: still reserved if on offer, refused once unlisted', async () => {
    const id = await newMedicine(4);
    const reserve = () =>
      p.api.post('/internal/reservations', { requestId: 170, medicineId: id, quantity: 4 }, internal);
    expect((await reserve()).body).toMatchObject({ status: 'reserved', remaining: 0 });
    // The reservation took every unit: the listing is still on offer to the request holding them.
    expect((await reserve()).status).toBe(200);
    expect(
      (await p.api.put(`/api/medicines/${id}`, { isAvailable: false }, { token: pharmacy.token })).status,
    ).toBe(200);
    const retried = await reserve();
    expect(retried.status).toBe(409);
    expect(retried.body.code).toBe('MEDICINE_UNAVAILABLE');
    // Refused, not released: the request's reject or cancel gives the units back.
    expect(await reservedOf(id)).toEqual({ column: 4, live: 4 });
  });

  it('commits nothing after the caller stopped waiting (its budget header), and a retry reserves', async () => {
    const id = await newMedicine(5);
    const budgetMs = 1500;
    const holder = await p.catalog.service.ctx.pool.connect();
    try {
      // Another writer holds the listing's row (an edit, a sweep) while the approval arrives.
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM catalog.medicines WHERE id = $1 FOR UPDATE', [id]);
      const sentAt = Date.now();
      const answer = p.api.post(
        '/internal/reservations',
        { requestId: 180, medicineId: id, quantity: 2 },
        { headers: { ...internal.headers, [callBudgetHeader]: String(budgetMs) } },
      );
      await waitUntil(
        async () =>
          (
            await holder.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
            )
          ).rows[0]!.n > 0 || Date.now() > sentAt + budgetMs,
        { what: 'the reserve to wait for the row' },
      );
      // The row comes free only after svc-requests would have answered the owner 503.
      await waitUntil(() => Date.now() > sentAt + budgetMs, { what: 'the budget to pass', intervalMs: 20 });
      await holder.query('COMMIT');
      const late = await answer;
      expect(late.status).toBe(503);
      expect(late.body.code).toBe('DEADLINE_EXCEEDED');
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
    }
    expect(await quantityOf(id)).toBe(5);
    expect(await reservedOf(id)).toEqual({ column: 0, live: 0 });
    const retried = await p.api.post(
      '/internal/reservations',
      { requestId: 180, medicineId: id, quantity: 2 },
      { headers: { ...internal.headers, [callBudgetHeader]: String(budgetMs) } },
    );
    expect(retried.body).toMatchObject({ status: 'reserved', remaining: 3 });
  });

  it('a release that arrives before its reserve blocks the reserve', async () => {
    const id = await newMedicine(5);
    expect((await p.api.delete('/internal/reservations/201', internal)).body.status).toBe('released');
    const res = await p.api.post(
      '/internal/reservations',
      { requestId: 201, medicineId: id, quantity: 1 },
      internal,
    );
    expect(res.body.status).toBe('released');
    expect(await quantityOf(id)).toBe(5);
  });

  it('refuses unavailable, unknown and malformed reservations', async () => {
    const id = await newMedicine(5);
    await p.api.delete(`/api/medicines/${id}`, { token: pharmacy.token });
    const unlisted = await p.api.post(
      '/internal/reservations',
      { requestId: 301, medicineId: id, quantity: 1 },
      internal,
    );
    expect(unlisted.status).toBe(409);
    expect(unlisted.body.code).toBe('MEDICINE_UNAVAILABLE');
    expect(
      (
        await p.api.post(
          '/internal/reservations',
          { requestId: 302, medicineId: 999999, quantity: 1 },
          internal,
        )
      ).status,
    ).toBe(404);
    for (const body of [
      { requestId: 303, medicineId: id, quantity: 0 },
      { requestId: 'x', medicineId: id, quantity: 1 },
      {},
    ]) {
      expect((await p.api.post('/internal/reservations', body, internal)).status).toBe(400);
    }
  });

  it('never promises more than there is: 60 parallel reservations for a quantity of 10', async () => {
    const id = await newMedicine(10);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        p.api.post(
          '/internal/reservations',
          { requestId: 1000 + i, medicineId: id, quantity: 1 + (i % 2) },
          internal,
        ),
      ),
    );
    const reserved = results.filter((r) => r.status === 200).reduce((sum, r) => sum + r.body.quantity, 0);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(reserved).toBeLessThanOrEqual(10);
    expect(await quantityOf(id)).toBe(10 - reserved);
    expect(await quantityOf(id)).toBeGreaterThanOrEqual(0);
    expect(reserved).toBeGreaterThanOrEqual(9);
    // The listing's reserved quantity is the sum of its live reservations, also under contention.
    expect(await reservedOf(id)).toEqual({ column: reserved, live: reserved });
    const shown = await p.api.get(`/api/medicines/${id}`, { token: pharmacy.token });
    expect(shown.body).toMatchObject({ quantity: 10 - reserved, reservedQuantity: reserved });
  });

  it('keeps the reserved quantity on the listing through parallel reserves and releases', async () => {
    const id = await newMedicine(30);
    const reserve = (requestId: number) =>
      p.api.post('/internal/reservations', { requestId, medicineId: id, quantity: 2 }, internal);
    await Promise.all(Array.from({ length: 10 }, (_, i) => reserve(5000 + i)));
    expect(await reservedOf(id)).toEqual({ column: 20, live: 20 });
    // Releases (twice each: the second changes nothing) and new reserves at the same time.
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => p.api.delete(`/internal/reservations/${5000 + i}`, internal)),
      ...Array.from({ length: 6 }, (_, i) => p.api.delete(`/internal/reservations/${5000 + i}`, internal)),
      ...Array.from({ length: 4 }, (_, i) => reserve(6000 + i)),
    ]);
    expect(await reservedOf(id)).toEqual({ column: 16, live: 16 });
    expect(await quantityOf(id)).toBe(30 - 16);
  });
});
