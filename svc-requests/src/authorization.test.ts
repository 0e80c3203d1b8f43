import { internalSecretHeader } from '@medrelay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestPlatform, type TestPlatform, type TestUser } from './testing';

/**
 * Every endpoint of svc-catalog and svc-requests, called as anonymous, each role, a pending
 * and a suspended user, on their own and on others' resources, with the exact status expected.
 */
const actors = ['anonymous', 'pharmacy', 'ngo', 'donor', 'admin', 'pending', 'suspended'] as const;
type Actor = (typeof actors)[number];

let p: TestPlatform;
const users = {} as Record<Exclude<Actor, 'anonymous'>, TestUser>;
let otherPharmacy: TestUser;
beforeAll(async () => {
  p = await startTestPlatform();
  const [pharmacy, ngo, donor, admin, pending, suspended, other] = await Promise.all([
    p.user('pharmacy'),
    p.user('ngo'),
    p.user('donor'),
    p.user('admin'),
    p.user('pharmacy', 'pending'),
    p.user('pharmacy'),
    p.user('pharmacy'),
  ]);
  Object.assign(users, { pharmacy, ngo, donor, admin, pending, suspended });
  otherPharmacy = other!;
  const res = await p.identity.api.put(
    `/api/admin/users/${suspended!.id}/status`,
    { status: 'rejected' },
    {
      token: admin!.token,
    },
  );
  expect(res.status).toBe(200);
});
afterAll(() => p.stop());

const tokenOf = (actor: Actor) => (actor === 'anonymous' ? undefined : users[actor].token);
/** A medicine offered to everyone, owned by `owner` (another pharmacy unless told). */
const medicineOf = async (owner: TestUser = otherPharmacy) =>
  (
    await p.catalog.api.post('/api/medicines', medicineInput({ recipientType: 'both' }), {
      token: owner.token,
    })
  ).body.id as number;
/** A pending request by an NGO on another pharmacy's medicine. */
const requestOf = async (requester: TestUser = users.ngo, owner: TestUser = otherPharmacy) =>
  (
    await p.requests.api.post(
      '/api/requests',
      { medicineId: await medicineOf(owner) },
      { token: requester.token },
    )
  ).body.id as number;

/** A real 1 × 1 PNG: photos are decoded and re-encoded. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
async function uploadImage(id: number, token?: string) {
  return fetch(`${p.catalog.baseUrl}/api/medicines/${id}/image`, {
    method: 'PUT',
    headers: { 'content-type': 'image/png', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: png,
  });
}
const putImage = async (id: number, token?: string) => (await uploadImage(id, token)).status;
/** The thumbnail address of a photo on another pharmacy's medicine offered to everyone. */
const photoOf = async () =>
  ((await (await uploadImage(await medicineOf(), otherPharmacy.token)).json()) as { thumbnailUrl: string })
    .thumbnailUrl;

type Case = [name: string, call: (actor: Actor) => Promise<number>, expected: Record<Actor, number>];
const row = (
  a: number,
  ph: number,
  ngo: number,
  donor: number,
  admin: number,
  pending: number,
  suspended: number,
) => ({
  anonymous: a,
  pharmacy: ph,
  ngo,
  donor,
  admin,
  pending,
  suspended,
});
/** The actor itself where it can own medicines (pharmacy, donor); another pharmacy otherwise. */
const own = (actor: Actor) => (actor === 'pharmacy' || actor === 'donor' ? users[actor] : otherPharmacy);

/** A need on the wanted list of `owner` (another pharmacy unless told). */
const needOf = async (owner: TestUser = otherPharmacy) =>
  (await p.requests.api.post('/api/needs', needBody, { token: owner.token })).body.id as number;
const needBody = { medicine: 'Insulin', minQuantity: 2 };
/** The actor's own need where it may keep a wanted list (pharmacy, ngo); another pharmacy's otherwise. */
const ownNeed = (actor: Actor) =>
  needOf(actor === 'pharmacy' || actor === 'ngo' ? users[actor] : otherPharmacy);

const cases: Case[] = [
  // svc-catalog
  [
    'POST /api/medicines',
    async (a) => (await p.catalog.api.post('/api/medicines', medicineInput(), { token: tokenOf(a) })).status,
    row(401, 201, 403, 201, 403, 403, 401),
  ],
  [
    'GET /api/medicines/my',
    async (a) => (await p.catalog.api.get('/api/medicines/my', { token: tokenOf(a) })).status,
    row(401, 200, 403, 200, 403, 403, 401),
  ],
  [
    'GET /api/medicines/expiring',
    async (a) => (await p.catalog.api.get('/api/medicines/expiring?days=30', { token: tokenOf(a) })).status,
    row(401, 200, 200, 200, 200, 403, 401),
  ],
  [
    'GET /api/medicines',
    async (a) => (await p.catalog.api.get('/api/medicines', { token: tokenOf(a) })).status,
    row(401, 200, 200, 403, 403, 403, 401),
  ],
  [
    "GET /api/medicines/:id (others')",
    async (a) =>
      (await p.catalog.api.get(`/api/medicines/${await medicineOf()}`, { token: tokenOf(a) })).status,
    row(401, 200, 200, 404, 200, 403, 401),
  ],
  [
    "PUT /api/medicines/:id (others')",
    async (a) =>
      (
        await p.catalog.api.put(
          `/api/medicines/${await medicineOf()}`,
          { quantity: 3 },
          { token: tokenOf(a) },
        )
      ).status,
    row(401, 403, 403, 403, 403, 403, 401),
  ],
  [
    'PUT /api/medicines/:id (own)',
    async (a) =>
      (
        await p.catalog.api.put(
          `/api/medicines/${await medicineOf(own(a))}`,
          { quantity: 3 },
          { token: tokenOf(a) },
        )
      ).status,
    row(401, 200, 403, 200, 403, 403, 401),
  ],
  [
    "DELETE /api/medicines/:id (others')",
    async (a) =>
      (await p.catalog.api.delete(`/api/medicines/${await medicineOf()}`, { token: tokenOf(a) })).status,
    row(401, 403, 403, 403, 403, 403, 401),
  ],
  [
    'DELETE /api/medicines/:id (own)',
    async (a) =>
      (await p.catalog.api.delete(`/api/medicines/${await medicineOf(own(a))}`, { token: tokenOf(a) }))
        .status,
    row(401, 200, 403, 200, 403, 403, 401),
  ],
  [
    "PUT /api/medicines/:id/image (others')",
    async (a) => putImage(await medicineOf(), tokenOf(a)),
    row(401, 403, 403, 403, 403, 403, 401),
  ],
  [
    'PUT /api/medicines/:id/image (own)',
    async (a) => putImage(await medicineOf(own(a)), tokenOf(a)),
    row(401, 200, 403, 200, 403, 403, 401),
  ],
  [
    "DELETE /api/medicines/:id/image (others')",
    async (a) =>
      (await p.catalog.api.delete(`/api/medicines/${await medicineOf()}/image`, { token: tokenOf(a) }))
        .status,
    row(401, 403, 403, 403, 403, 403, 401),
  ],
  [
    // Only to who may see the listing: a donor browses no stock, so it is not theirs.
    'GET /api/medicines/photos/:key/:size',
    async (a) =>
      (
        await fetch(`${p.catalog.baseUrl}${await photoOf()}`, {
          headers: tokenOf(a) ? { authorization: `Bearer ${tokenOf(a)}` } : {},
        })
      ).status,
    row(401, 200, 200, 404, 200, 403, 401),
  ],
  [
    'GET /api/admin/all-medicines',
    async (a) => (await p.catalog.api.get('/api/admin/all-medicines', { token: tokenOf(a) })).status,
    row(401, 403, 403, 403, 200, 403, 401),
  ],
  [
    'GET /api/admin/all-medicines/stats',
    async (a) => (await p.catalog.api.get('/api/admin/all-medicines/stats', { token: tokenOf(a) })).status,
    row(401, 403, 403, 403, 200, 403, 401),
  ],
  [
    'POST /api/admin/expiry-scan',
    async (a) =>
      (await p.catalog.api.post('/api/admin/expiry-scan', undefined, { token: tokenOf(a) })).status,
    // Queued, not run in the call.
    row(401, 403, 403, 403, 202, 403, 401),
  ],
  [
    'POST /internal/reservations (no secret)',
    async (a) =>
      (
        await p.catalog.api.post(
          '/internal/reservations',
          { requestId: 1, medicineId: 1, quantity: 1 },
          { token: tokenOf(a) },
        )
      ).status,
    row(403, 403, 403, 403, 403, 403, 403),
  ],
  [
    'DELETE /internal/reservations/:id (no secret)',
    async (a) => (await p.catalog.api.delete('/internal/reservations/1', { token: tokenOf(a) })).status,
    row(403, 403, 403, 403, 403, 403, 403),
  ],
  [
    'GET /internal/medicines/:id (no secret)',
    async (a) =>
      (
        await p.catalog.api.get('/internal/medicines/1', {
          token: tokenOf(a),
          headers: { [internalSecretHeader]: 'guess' },
        })
      ).status,
    row(403, 403, 403, 403, 403, 403, 403),
  ],
  // svc-requests
  [
    "POST /api/requests (others' medicine)",
    async (a) =>
      (await p.requests.api.post('/api/requests', { medicineId: await medicineOf() }, { token: tokenOf(a) }))
        .status,
    row(401, 201, 201, 403, 403, 403, 401),
  ],
  [
    "POST /api/requests (own medicine; an NGO owns none, so another's)",
    async (a) =>
      (
        await p.requests.api.post(
          '/api/requests',
          { medicineId: await medicineOf(own(a)) },
          { token: tokenOf(a) },
        )
      ).status,
    row(401, 403, 201, 403, 403, 403, 401),
  ],
  [
    'GET /api/requests/my',
    async (a) => (await p.requests.api.get('/api/requests/my', { token: tokenOf(a) })).status,
    row(401, 200, 200, 200, 403, 403, 401),
  ],
  [
    "GET /api/requests/:id (others')",
    async (a) =>
      (
        await p.requests.api.get(`/api/requests/${await requestOf(otherPharmacy, users.donor)}`, {
          token: tokenOf(a),
        })
      ).status,
    row(401, 403, 403, 200, 200, 403, 401),
  ],
  [
    'GET /api/requests/:id (own, as requester)',
    async (a) =>
      (
        await p.requests.api.get(
          `/api/requests/${await requestOf(a === 'pharmacy' ? users.pharmacy : users.ngo)}`,
          { token: tokenOf(a) },
        )
      ).status,
    row(401, 200, 200, 403, 200, 403, 401),
  ],
  [
    "PUT /api/requests/:id/status approve (others')",
    async (a) =>
      (
        await p.requests.api.put(
          `/api/requests/${await requestOf()}/status`,
          { status: 'approved' },
          { token: tokenOf(a) },
        )
      ).status,
    row(401, 403, 409, 403, 403, 403, 401),
  ],
  [
    'PUT /api/requests/:id/status approve (own medicine)',
    async (a) =>
      (
        await p.requests.api.put(
          `/api/requests/${await requestOf(users.ngo, a === 'donor' ? users.donor : a === 'pharmacy' ? users.pharmacy : otherPharmacy)}/status`,
          {
            status: 'approved',
            pickupLocation: 'Maadi',
            pickupDate: new Date(Date.now() + 86_400_000).toISOString(),
          },
          { token: tokenOf(a) },
        )
      ).status,
    row(401, 200, 409, 200, 403, 403, 401),
  ],
  [
    'PUT /api/requests/:id/status cancel (own request)',
    async (a) =>
      (
        await p.requests.api.put(
          `/api/requests/${await requestOf(a === 'pharmacy' ? users.pharmacy : users.ngo)}/status`,
          { status: 'cancelled' },
          { token: tokenOf(a) },
        )
      ).status,
    row(401, 200, 200, 403, 403, 403, 401),
  ],
  [
    'GET /api/requests/my/summary',
    async (a) => (await p.requests.api.get('/api/requests/my/summary', { token: tokenOf(a) })).status,
    row(401, 200, 200, 200, 403, 403, 401),
  ],
  [
    'GET /api/transactions/my',
    async (a) => (await p.requests.api.get('/api/transactions/my', { token: tokenOf(a) })).status,
    row(401, 200, 200, 200, 403, 403, 401),
  ],
  [
    'GET /api/admin/all-requests',
    async (a) => (await p.requests.api.get('/api/admin/all-requests', { token: tokenOf(a) })).status,
    row(401, 403, 403, 403, 200, 403, 401),
  ],
  [
    'GET /api/admin/all-requests/stats',
    async (a) => (await p.requests.api.get('/api/admin/all-requests/stats', { token: tokenOf(a) })).status,
    row(401, 403, 403, 403, 200, 403, 401),
  ],
  [
    'GET /api/notifications',
    async (a) => (await p.requests.api.get('/api/notifications', { token: tokenOf(a) })).status,
    row(401, 200, 200, 200, 200, 403, 401),
  ],
  [
    'PUT /api/notifications/read-all',
    async (a) =>
      (await p.requests.api.put('/api/notifications/read-all', undefined, { token: tokenOf(a) })).status,
    row(401, 200, 200, 200, 200, 403, 401),
  ],
  [
    "PUT /api/notifications/:id/read (others' → as missing; own → 200)",
    async (a) => {
      await requestOf(users.ngo, otherPharmacy);
      const { rows } = await p.requests.service.ctx.pool.query(
        'SELECT id FROM requests.notifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
        [otherPharmacy.id],
      );
      return (
        await p.requests.api.put(`/api/notifications/${rows[0].id}/read`, undefined, { token: tokenOf(a) })
      ).status;
    },
    row(401, 404, 404, 404, 404, 403, 401),
  ],
  [
    'POST /api/needs',
    async (a) => (await p.requests.api.post('/api/needs', needBody, { token: tokenOf(a) })).status,
    row(401, 201, 201, 403, 403, 403, 401),
  ],
  [
    'GET /api/needs/my',
    async (a) => (await p.requests.api.get('/api/needs/my', { token: tokenOf(a) })).status,
    row(401, 200, 200, 403, 403, 403, 401),
  ],
  [
    'GET /api/needs/matches',
    async (a) => (await p.requests.api.get('/api/needs/matches', { token: tokenOf(a) })).status,
    row(401, 200, 200, 403, 403, 403, 401),
  ],
  [
    'PUT /api/needs/:id (own where the role keeps a list)',
    async (a) =>
      (await p.requests.api.put(`/api/needs/${await ownNeed(a)}`, needBody, { token: tokenOf(a) })).status,
    row(401, 200, 200, 403, 403, 403, 401),
  ],
  [
    "PUT /api/needs/:id (others')",
    async (a) =>
      (await p.requests.api.put(`/api/needs/${await needOf()}`, needBody, { token: tokenOf(a) })).status,
    row(401, 403, 403, 403, 403, 403, 401),
  ],
  [
    'DELETE /api/needs/:id (own where the role keeps a list)',
    async (a) =>
      (await p.requests.api.delete(`/api/needs/${await ownNeed(a)}`, { token: tokenOf(a) })).status,
    row(401, 204, 204, 403, 403, 403, 401),
  ],
  [
    "DELETE /api/needs/:id (others')",
    async (a) => (await p.requests.api.delete(`/api/needs/${await needOf()}`, { token: tokenOf(a) })).status,
    row(401, 403, 403, 403, 403, 403, 401),
  ],
];

describe('authorization matrix of svc-catalog and svc-requests', () => {
  it.each(cases)('%s', async (_name, call, expected) => {
    const got: Record<string, number> = {};
    for (const actor of actors) got[actor] = await call(actor);
    expect(got).toEqual(expected);
  });
});
