import { addDays, cairoToday } from '@medrelay/domain';
import { mailsTo, waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { medicineInput, startTestPlatform, type TestPlatform, type TestUser } from '../testing';

// What the pickup tests share: one platform per test file, its users (one NGO reads Arabic),
// the pickup API, and helpers to approve a request with windows and read what it caused.

export let p: TestPlatform;
export let pharmacy: TestUser, ngo: TestUser, ngoAr: TestUser, donor: TestUser, admin: TestUser;

/** Starts the platform and its users for the test file that calls it. */
export function usePickupPlatform() {
  beforeAll(async () => {
    p = await startTestPlatform();
    [pharmacy, ngo, ngoAr, donor, admin] = await Promise.all([
      p.user('pharmacy', 'approved', '15 Mesaha Square, Dokki, Giza'),
      p.user('ngo'),
      p.user('ngo'),
      p.user('donor'),
      p.user('admin'),
    ]);
    await p.identity.api.put('/api/auth/me', { language: 'ar' }, { token: ngoAr.token });
    await waitUntil(
      async () =>
        (
          await p.requests.service.ctx.pool.query('SELECT language FROM requests.users WHERE id = $1', [
            ngoAr.id,
          ])
        ).rows[0]?.language === 'ar',
      { what: 'the Arabic NGO in the read model' },
    );
  });
  afterAll(() => p.stop());
}

export const clock = () => p.requests.service.clock!;
export const pickupApi = p_api();
function p_api() {
  return {
    plan: (token: string, id: number) => p.requests.api.get(`/api/requests/${id}/pickup`, { token }),
    offer: (token: string, id: number, body: unknown, headers: Record<string, string> = {}) =>
      p.requests.api.put(`/api/requests/${id}/pickup`, body, { token, headers }),
    choose: (token: string, id: number, windowId: number) =>
      p.requests.api.post(`/api/requests/${id}/pickup/choice`, { windowId }, { token }),
    propose: (token: string, id: number, body: unknown) =>
      p.requests.api.post(`/api/requests/${id}/pickup/proposal`, body, { token }),
    accept: (token: string, id: number) =>
      p.requests.api.post(`/api/requests/${id}/pickup/proposal/accept`, undefined, { token }),
  };
}

/** A Cairo day `n` days after the clock's today. */
export const day = (n: number) => addDays(cairoToday(clock().now()), n);
export const list = (token: string, overrides = {}) =>
  p.catalog.api.post('/api/medicines', medicineInput(overrides, 60), { token }).then((r) => r.body);
export const quantityInCatalog = async (id: number) =>
  (await p.catalog.service.ctx.pool.query('SELECT quantity FROM catalog.medicines WHERE id = $1', [id]))
    .rows[0].quantity as number;
export const notificationsOf = async (userId: number, requestId: number, type: string) =>
  (
    await p.requests.service.ctx.pool.query(
      'SELECT * FROM requests.notifications WHERE user_id = $1 AND request_id = $2 AND type = $3',
      [userId, requestId, type],
    )
  ).rows;
export const queue = () => p.requests.service.queues.get('pickup')!;
/** The reminder e-mails in the sink for one address (the approval e-mail is there too). */
export const remindersTo = async (email: string) =>
  (await mailsTo(email)).filter((m) => m.template === 'pickup-reminder');
export const waitForReminders = async (email: string, count: number) => {
  await waitUntil(async () => (await remindersTo(email)).length >= count, {
    what: `${count} reminder(s) to ${email}`,
  });
  return remindersTo(email);
};

/** Pharmacy lists, `requester` asks, pharmacy approves offering `windows`. */
export async function approvedWith(requester: TestUser, windows: unknown[], quantity = 2, owner = pharmacy) {
  const medicine = await list(owner.token, { quantity: 10, recipientType: 'ngos' });
  const created = await p.requests.api.post(
    '/api/requests',
    { medicineId: medicine.id, quantity },
    { token: requester.token },
  );
  const id = created.body.id as number;
  const approved = await p.requests.api.put(
    `/api/requests/${id}/status`,
    {
      status: 'approved',
      pickup: { windows, location: '15 Mesaha Square, Dokki, Giza', lat: 30.0385, lng: 31.2118 },
    },
    { token: owner.token },
  );
  expect(approved.status).toBe(200);
  return { id, medicine, approved: approved.body };
}
