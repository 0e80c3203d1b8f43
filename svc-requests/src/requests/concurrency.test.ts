import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestPlatform, type TestPlatform, type TestUser } from '../testing';

let p: TestPlatform;
let pharmacy: TestUser;
let requesters: TestUser[];
beforeAll(async () => {
  p = await startTestPlatform();
  // One open request per requester and medicine: 20 requesters give 20 possible
  // requests, twice the quantity, so the approvals still race for it.
  [pharmacy, ...requesters] = await Promise.all([
    p.user('pharmacy'),
    ...Array.from({ length: 20 }, (_, i) => p.user(i % 4 === 3 ? 'pharmacy' : 'ngo')),
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

  it('20 identical concurrent requests: 1 succeeds, 19 answer 409 REQUEST_ALREADY_OPEN, the owner gets 1 notice', async () => {
    const medicine = (
      await p.catalog.api.post('/api/medicines', medicineInput({ quantity: 10, recipientType: 'both' }), {
        token: pharmacy.token,
      })
    ).body;
    const requester = requesters[0]!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        p.requests.api.post(
          '/api/requests',
          { medicineId: medicine.id, quantity: 1 },
          { token: requester.token },
        ),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(19);
    const existingId = created[0]!.body.id as number;
    for (const answer of refused) {
      expect(answer.body).toEqual({
        code: 'REQUEST_ALREADY_OPEN',
        message: 'You already have an open request for this medicine',
        details: { requestId: existingId },
      });
    }
    const { rows } = await p.requests.service.ctx.pool.query(
      `SELECT count(*)::int AS n FROM requests.notifications WHERE user_id = $1 AND medicine_id = $2`,
      [pharmacy.id, medicine.id],
    );
    expect(rows[0].n).toBe(1);

    // In Arabic too; an approved request is still open; once it is closed a new one is allowed.
    const ar = await p.requests.api.post(
      '/api/requests',
      { medicineId: medicine.id, quantity: 1 },
      { token: requester.token, headers: { 'accept-language': 'ar' } },
    );
    expect(ar.body.message).toBe('عندك طلب مفتوح بالفعل للدواء ده');
    const move = (token: string, status: string) =>
      p.requests.api.put(`/api/requests/${existingId}/status`, { status }, { token });
    expect((await move(pharmacy.token, 'approved')).status).toBe(200);
    const whileApproved = await p.requests.api.post(
      '/api/requests',
      { medicineId: medicine.id, quantity: 1 },
      { token: requester.token },
    );
    expect(whileApproved.body).toMatchObject({
      code: 'REQUEST_ALREADY_OPEN',
      details: { requestId: existingId },
    });
    expect((await move(requester.token, 'completed')).status).toBe(200);
    const again = await p.requests.api.post(
      '/api/requests',
      { medicineId: medicine.id, quantity: 1 },
      { token: requester.token },
    );
    expect(again.status).toBe(201);
  }, 60_000);
});
