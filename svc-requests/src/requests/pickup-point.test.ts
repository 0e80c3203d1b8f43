import type { MedicineRequest, PickupPlan, Transaction } from '@medrelay/contracts';
import { addDays, cairoToday } from '@medrelay/domain/calendar';
import type { AreaKey } from '@medrelay/domain/governorates';
import type { LatLng } from '@medrelay/domain/pickup-points';
import { waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestPlatform, type TestPlatform, type TestUser } from '../testing';

// Before approval a request shows the other party's area only; once approved its
// two parties see the exact pickup point with a maps link, nobody else ever does.

let p: TestPlatform;
let pharmacy: TestUser, ngo: TestUser, otherNgo: TestUser;
const pin = { lat: 30.04012, lng: 31.21012 };

async function place(user: TestUser, area: AreaKey, at?: LatLng) {
  expect(
    (await p.identity.api.put('/api/auth/me', { area, pin: at ?? null }, { token: user.token })).status,
  ).toBe(200);
  for (const schema of ['catalog', 'requests'] as const) {
    const pool = (schema === 'catalog' ? p.catalog : p.requests).service.ctx.pool;
    await waitUntil(
      async () =>
        (await pool.query(`SELECT area FROM ${schema}.users WHERE id = $1`, [user.id])).rows[0]?.area ===
        area,
      { what: `${area} in ${schema}.users` },
    );
  }
}

beforeAll(async () => {
  p = await startTestPlatform();
  [pharmacy, ngo, otherNgo] = await Promise.all([
    p.user('pharmacy', 'approved', '15 Mesaha Square, Dokki'),
    p.user('ngo'),
    p.user('ngo'),
  ]);
  await Promise.all([place(pharmacy, 'dokki', pin), place(ngo, 'maadi')]);
});
afterAll(() => p.stop());

const mine = async (user: TestUser, id: number) =>
  ((await p.requests.api.get('/api/requests/my', { token: user.token })).body as MedicineRequest[]).find(
    (r) => r.id === id,
  )!;

describe('the pickup point of a request', () => {
  it('is the area only before approval, the exact point with a maps link after, for the two parties only', async () => {
    const medicine = (
      await p.catalog.api.post('/api/medicines', medicineInput({ recipientType: 'ngos' }), {
        token: pharmacy.token,
      })
    ).body;
    const created = await p.requests.api.post(
      '/api/requests',
      { medicineId: medicine.id, quantity: 1 },
      { token: ngo.token },
    );
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    const before = await mine(ngo, id);
    expect(before.pickupPlace).toEqual({ area: 'dokki', governorate: 'giza' });
    expect(before.pickupPoint).toBeNull();
    const pendingText = JSON.stringify([
      before,
      (await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token })).body,
    ]);
    for (const secret of [pharmacy.email, '15 Mesaha', '+201000000000', String(pin.lat), String(pin.lng)])
      expect(pendingText).not.toContain(secret);

    const approved = await p.requests.api.put(
      `/api/requests/${id}/status`,
      { status: 'approved' },
      { token: pharmacy.token },
    );
    expect(approved.status).toBe(200);
    const after = await mine(ngo, id);
    expect(after.pickupPoint).toEqual({
      ...pin,
      mapUrl: `https://www.openstreetmap.org/?mlat=${pin.lat}&mlon=${pin.lng}#map=17/${pin.lat}/${pin.lng}`,
    });
    const history = (await p.requests.api.get('/api/transactions/my', { token: ngo.token }))
      .body as Transaction[];
    expect(history.find((t) => t.id === id)!.pickupPoint).toEqual(after.pickupPoint);
    // Somebody else (another NGO) cannot read the request at all.
    expect((await p.requests.api.get(`/api/requests/${id}`, { token: otherNgo.token })).status).toBe(403);
  });

  it("is the listing's own place when it names one", async () => {
    const medicine = (
      await p.catalog.api.post(
        '/api/medicines',
        medicineInput({ recipientType: 'ngos', pickupArea: 'aswan-city' }),
        { token: pharmacy.token },
      )
    ).body;
    await waitUntil(
      async () =>
        (
          await p.requests.service.ctx.pool.query('SELECT own_area FROM requests.medicines WHERE id = $1', [
            medicine.id,
          ])
        ).rows[0]?.own_area === 'aswan-city',
      { what: "the listing's own place in the read model" },
    );
    const { id } = (
      await p.requests.api.post(
        '/api/requests',
        { medicineId: medicine.id, quantity: 1 },
        { token: ngo.token },
      )
    ).body as MedicineRequest;
    expect((await mine(ngo, id)).pickupPlace).toEqual({ area: 'aswan-city', governorate: 'aswan' });
    await p.requests.api.put(`/api/requests/${id}/status`, { status: 'approved' }, { token: pharmacy.token });
    expect((await mine(ngo, id)).pickupPoint).toMatchObject({ lat: 24.0889, lng: 32.8998 });
  });

  it("is the point a donor's pickup offer gives, not her area's centre", async () => {
    const donor = await p.user('donor');
    await place(donor, 'zamalek', { lat: 30.0651, lng: 31.2197 });
    const donation = (
      await p.catalog.api.post('/api/medicines', medicineInput({ recipientType: 'ngos' }), {
        token: donor.token,
      })
    ).body;
    const { id } = (
      await p.requests.api.post(
        '/api/requests',
        { medicineId: donation.id, quantity: 1 },
        { token: ngo.token },
      )
    ).body as MedicineRequest;
    // Her name comes with the approval, as in browse and matches: "a donor" till then.
    expect((await mine(ngo, id)).provider).toEqual({ id: donor.id, name: null, userType: 'donor' });
    expect(
      JSON.stringify((await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token })).body),
    ).not.toContain('donor user');
    const offered = { lat: 30.0655, lng: 31.2201 };
    const approved = await p.requests.api.put(
      `/api/requests/${id}/status`,
      {
        status: 'approved',
        pickup: {
          windows: [{ date: addDays(cairoToday(), 1), from: '10:00', to: '12:00' }],
          location: '7 Brazil St, Zamalek',
          ...offered,
        },
      },
      { token: donor.token },
    );
    expect(approved.status).toBe(200);
    expect((await mine(ngo, id)).pickupPoint).toMatchObject(offered);
    expect((await mine(ngo, id)).provider!.name).toBe('donor user');
    const plan = async () =>
      (await p.requests.api.get<PickupPlan>(`/api/requests/${id}/pickup`, { token: ngo.token })).body;
    expect(await plan()).toMatchObject({ location: '7 Brazil St, Zamalek', ...offered });
    // The donor calls it off: her street and pin are hers again, in every answer.
    expect(
      (await p.requests.api.put(`/api/requests/${id}/status`, { status: 'rejected' }, { token: donor.token }))
        .status,
    ).toBe(200);
    expect((await mine(ngo, id)).pickupPoint).toBeNull();
    expect((await mine(ngo, id)).provider!.name).toBeNull();
    const after = JSON.stringify([
      await plan(),
      await mine(ngo, id),
      (await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token })).body,
    ]);
    for (const secret of ['Brazil St', String(offered.lat), String(offered.lng)])
      expect(after).not.toContain(secret);
  });

  it("is the donor's own pin once approved when the offer gives none, never her area's centre", async () => {
    const donor = await p.user('donor');
    const home = { lat: 30.06611, lng: 31.22111 };
    await place(donor, 'zamalek', home);
    const donation = (
      await p.catalog.api.post('/api/medicines', medicineInput({ recipientType: 'ngos' }), {
        token: donor.token,
      })
    ).body;
    const { id } = (
      await p.requests.api.post(
        '/api/requests',
        { medicineId: donation.id, quantity: 1 },
        { token: ngo.token },
      )
    ).body as MedicineRequest;
    expect((await mine(ngo, id)).pickupPoint).toBeNull();
    const approved = await p.requests.api.put(
      `/api/requests/${id}/status`,
      {
        status: 'approved',
        pickup: {
          windows: [{ date: addDays(cairoToday(), 1), from: '10:00', to: '12:00' }],
          location: '7 Brazil St, Zamalek',
        },
      },
      { token: donor.token },
    );
    expect(approved.status).toBe(200);
    // The pin she set "where you hand medicines over", promised to the other party with an approval.
    expect((await mine(ngo, id)).pickupPoint).toMatchObject(home);
    // Called off: gone again.
    expect(
      (await p.requests.api.put(`/api/requests/${id}/status`, { status: 'cancelled' }, { token: ngo.token }))
        .status,
    ).toBe(200);
    expect((await mine(ngo, id)).pickupPoint).toBeNull();
  });
});
