import type { Medicine, Notification } from '@medrelay/contracts';
import { mailsTo, waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { medicineInput, startTestPlatform, type TestPlatform, type TestUser } from '../testing';

// What the recall tests share: one platform per test file, its users (the second pharmacy reads
// Arabic), and helpers to list, recall, lift and read what a recall caused.

export let p: TestPlatform;
export let pharmacy: TestUser, pharmacy2: TestUser, ngo: TestUser, ngo2: TestUser, admin: TestUser;

/** Starts the platform and its users for the test file that calls it. */
export function useRecallPlatform() {
  beforeAll(async () => {
    p = await startTestPlatform();
    [pharmacy, pharmacy2, ngo, ngo2, admin] = await Promise.all([
      p.user('pharmacy'),
      p.user('pharmacy'),
      p.user('ngo'),
      p.user('ngo'),
      p.user('admin'),
    ]);
    // The second pharmacy reads in Arabic (its e-mail and notifications).
    await p.identity.api.put('/api/auth/me', { language: 'ar' }, { token: pharmacy2.token });
  });
  afterAll(() => p.stop());
}

/** A valid GTIN-14 for a number (check digit computed), a product of its own per test. */
export function gtinOf(n: number): string {
  const body = `0622${String(n).padStart(9, '0')}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

export const list = async (owner: TestUser, overrides: Record<string, unknown>) =>
  (await p.catalog.api.post('/api/medicines', medicineInput(overrides), { token: owner.token }))
    .body as Medicine;
export const recall = (body: Record<string, unknown>, token = admin.token, language = 'en') =>
  p.catalog.api.post('/api/admin/recalls', body, { token, headers: { 'accept-language': language } });
export const lift = (id: number) => p.catalog.api.delete(`/api/admin/recalls/${id}`, { token: admin.token });
export const browseIds = async (search: string) =>
  (
    (await p.catalog.api.get(`/api/medicines?q=${search}&pageSize=100`, { token: ngo.token }))
      .body as Medicine[]
  ).map((m) => m.id);
export const notices = async (user: TestUser, type: string, language = 'en') =>
  (
    (
      await p.requests.api.get('/api/notifications?pageSize=100', {
        token: user.token,
        headers: { 'accept-language': language },
      })
    ).body as Notification[]
  ).filter((n) => n.type === type);

/** The one recall e-mail of this kind the user received (waits for it; fails on a second). */
export async function recallMail(user: TestUser, template: string) {
  let found: Awaited<ReturnType<typeof mailsTo>> = [];
  await waitUntil(
    async () => {
      found = (await mailsTo(user.email)).filter((m) => m.template === template);
      return found.length > 0;
    },
    { what: `${template} mail` },
  );
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** A request's status and closing reason, read from svc-requests' table. */
export const requestStatus = async (id: number) =>
  (
    await p.requests.service.ctx.pool.query(
      'SELECT status, closed_reason FROM requests.requests WHERE id = $1',
      [id],
    )
  ).rows[0] as { status: string; closed_reason: string | null };
/** How many recalls hold a request. */
export const holds = async (id: number) =>
  (
    await p.requests.service.ctx.pool.query(
      'SELECT count(*)::int AS n FROM requests.recall_holds WHERE request_id = $1',
      [id],
    )
  ).rows[0].n as number;
