import { waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll } from 'vitest';
import { medicineInput, startTestPlatform, type TestPlatform, type TestUser } from '../testing';

// What the request tests share: one platform per test file, its users (the first pharmacy with
// a street address), and helpers to list, request and move a request.

export let p: TestPlatform;
export let pharmacy: TestUser,
  pharmacy2: TestUser,
  ngo: TestUser,
  ngo2: TestUser,
  donor: TestUser,
  admin: TestUser;

/** Starts the platform and its users for the test file that calls it. */
export function useRequestsPlatform() {
  beforeAll(async () => {
    p = await startTestPlatform();
    [pharmacy, pharmacy2, ngo, ngo2, donor, admin] = await Promise.all([
      p.user('pharmacy', 'approved', '15 Mesaha Square, Dokki, Giza'),
      p.user('pharmacy'),
      p.user('ngo'),
      p.user('ngo'),
      p.user('donor'),
      p.user('admin'),
    ]);
  });
  afterAll(() => p.stop());
}

export const inDays = (n: number) => new Date(Date.now() + n * 24 * 3600 * 1000).toISOString();
export const list = (token: string, days = 60, overrides = {}) =>
  p.catalog.api.post('/api/medicines', medicineInput(overrides, days), { token }).then((r) => r.body);
export const ask = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  p.requests.api.post('/api/requests', body, { token, headers });
export const move = (
  token: string,
  id: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => p.requests.api.put(`/api/requests/${id}/status`, body, { token, headers });

/** Suspends a user as an administrator does, once svc-requests' read model knows it. */
export async function suspend(user: { id: number }) {
  await p.identity.api.put(
    `/api/admin/users/${user.id}/status`,
    { status: 'rejected' },
    { token: admin.token },
  );
  await waitUntil(async () => {
    const { rows } = await p.requests.service.ctx.pool.query(
      'SELECT status FROM requests.users WHERE id = $1',
      [user.id],
    );
    return rows[0]?.status === 'rejected';
  });
}
