import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestPlatform, type TestPlatform, type TestUser } from '../testing';

let p: TestPlatform;
let pharmacy: TestUser;
let requesters: TestUser[];
beforeAll(async () => {
  p = await startTestPlatform();
  [pharmacy, ...requesters] = await Promise.all([
    p.user('pharmacy'),
    p.user('ngo'),
    p.user('ngo'),
    p.user('ngo'),
    p.user('pharmacy'),
  ]);
});
afterAll(() => p.stop());

describe('concurrent requests and approvals', () => {
  it('100 parallel requests and approvals for a medicine of quantity 10 never promise more than 10', async () => {
    const medicine = (
      await p.catalog.api.post('/api/medicines', medicineInput({ quantity: 10, recipientType: 'both' }), {
        token: pharmacy.token,
      })
    ).body;
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const requester = requesters[i % requesters.length]!;
        const quantity = i % 7 === 0 ? 2 : 1;
        const created = await p.requests.api.post(
          '/api/requests',
          { medicineId: medicine.id, quantity },
          { token: requester.token },
        );
        if (created.status !== 201) return { created: created.status, approved: null, quantity };
        const approved = await p.requests.api.put(
          `/api/requests/${created.body.id}/status`,
          { status: 'approved' },
          { token: pharmacy.token },
        );
        return { created: created.status, approved: approved.status, quantity };
      }),
    );
    // Every answer is a success or a clear refusal: never a 500.
    expect(outcomes.every((o) => [201, 409].includes(o.created))).toBe(true);
    expect(outcomes.every((o) => o.approved === null || [200, 409].includes(o.approved))).toBe(true);
    const approvedTotal = outcomes.filter((o) => o.approved === 200).reduce((sum, o) => sum + o.quantity, 0);
    expect(approvedTotal).toBeLessThanOrEqual(10);
    expect(approvedTotal).toBeGreaterThanOrEqual(9);

    const { rows: catalog } = await p.catalog.service.ctx.pool.query(
      `SELECT m.quantity, (SELECT COALESCE(sum(quantity), 0)::int FROM catalog.reservations r
                            WHERE r.medicine_id = m.id AND r.status = 'reserved') AS reserved
         FROM catalog.medicines m WHERE m.id = $1`,
      [medicine.id],
    );
    expect(catalog[0]).toEqual({ quantity: 10 - approvedTotal, reserved: approvedTotal });
    const { rows: stored } = await p.requests.service.ctx.pool.query(
      `SELECT COALESCE(sum(quantity), 0)::int AS approved FROM requests.requests
        WHERE medicine_id = $1 AND status = 'approved'`,
      [medicine.id],
    );
    expect(stored[0].approved).toBe(approvedTotal);
  }, 60_000);
});
