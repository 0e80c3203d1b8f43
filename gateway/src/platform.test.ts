import { medicineInput, type TestPlatform, type TestUser } from '@medrelay/svc-requests/testing';
import { waitForMails } from '@medrelay/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { completedTransfer, platformBehindGateway, startTestGateway, type TestGateway } from './testing';

const started = platformBehindGateway({ IMPACT_CACHE_MS: '0' });
let p: TestPlatform;
let gw: TestGateway;
let pharmacy: TestUser, ngo: TestUser, donor: TestUser, admin: TestUser;
beforeAll(async () => {
  ({ p, gw } = started);
  [pharmacy, ngo, donor, admin] = await Promise.all([
    p.user('pharmacy', 'approved', '7 Tahrir St, Downtown Cairo'),
    p.user('ngo'),
    p.user('donor'),
    p.user('admin'),
  ]);
});

const stats = async () => (await gw.api.get('/api/admin/stats', { token: admin.token })).body;

describe('catalog and requests through the gateway', () => {
  it('a pharmacy lists, an NGO browses, filters and requests, the pharmacy approves, the NGO collects; stats move', async () => {
    const before = await stats();
    expect(before.unavailable).toEqual([]);

    const listed = await gw.api.post(
      '/api/medicines',
      medicineInput({ name: 'Concor 5mg', type: 'tablets', recipientType: 'ngos', quantity: 12 }),
      { token: pharmacy.token },
    );
    expect(listed.status).toBe(201);
    const browse = await gw.api.get('/api/medicines?q=concor&source=pharmacy&sort=expiry', {
      token: ngo.token,
    });
    expect(browse.status).toBe(200);
    expect(browse.headers.get('x-total-count')).toBe('1');
    expect(browse.body[0]).toMatchObject({
      id: listed.body.id,
      pharmacy: { user: { name: 'pharmacy user' } },
    });
    // Before an approval, browse names the owner but never how to reach them.
    expect(JSON.stringify(browse.body[0])).not.toContain(pharmacy.email);
    expect(JSON.stringify(browse.body[0])).not.toContain('7 Tahrir St');

    const requested = await gw.api.post(
      '/api/requests',
      { medicineId: listed.body.id, quantity: 5, notes: 'Clinic' },
      { token: ngo.token },
    );
    expect(requested.status).toBe(201);
    const id = requested.body.id;
    expect(
      (await gw.api.put(`/api/requests/${id}/status`, { status: 'approved' }, { token: pharmacy.token }))
        .status,
    ).toBe(200);
    expect(
      (await gw.api.put(`/api/requests/${id}/status`, { status: 'completed' }, { token: ngo.token })).status,
    ).toBe(200);
    // Each party's contact e-mail is the other's.
    for (const [user, other] of [
      [ngo, pharmacy],
      [pharmacy, ngo],
    ] as const) {
      const history = await gw.api.get('/api/transactions/my', { token: user.token });
      expect(history.body.find((t: { id: number }) => t.id === id)).toMatchObject({
        status: 'completed',
        pickup: { pharmacyName: 'pharmacy user', contactEmail: other.email },
      });
    }
    const mine = await gw.api.get('/api/medicines/my', { token: pharmacy.token });
    expect(mine.body[0]).toMatchObject({ quantity: 7, reservedQuantity: 5 });

    const after = await stats();
    expect(after.totalMedicines).toBe(before.totalMedicines + 1);
    expect(after.totalRequests).toBe(before.totalRequests + 1);
    expect(after.requestStatus.completed).toBe(before.requestStatus.completed + 1);
    expect(Number(after.estimatedValueSaved)).toBe(Number(before.estimatedValueSaved) + 150);
    expect(after.estimatedValueSaved).toMatch(/^\d+\.00$/);
    expect(after.medicineSources.pharmacy).toBe(before.medicineSources.pharmacy + 1);
    expect(after.totalUsers).toBe(
      Object.values(after.usersByType as Record<string, number>).reduce((a, b) => a + b, 0),
    );
    expect(after.pendingApprovals).toBe(after.userStatus.pending);
  });

  it("a donor's donation goes through approval with pickup details and the requester gets the e-mail", async () => {
    const donation = await gw.api.post(
      '/api/medicines',
      {
        ...medicineInput({ name: 'Insulin Glargine', recipientType: 'both', quantity: 2 }),
        originalPrice: null,
        discountPrice: null,
      },
      { token: donor.token },
    );
    expect(donation.status).toBe(201);
    const requested = await gw.api.post(
      '/api/requests',
      { medicineId: donation.body.id, notes: 'Pickup request' },
      { token: ngo.token },
    );
    const pickupDate = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const approved = await gw.api.put(
      `/api/requests/${requested.body.id}/status`,
      { status: 'approved', pickupLocation: 'Heliopolis, Baghdad St 12', pickupDate },
      { token: donor.token },
    );
    expect(approved.status).toBe(200);
    // The first test's approval mailed this NGO too: this is the second one.
    const mails = await waitForMails(ngo.email, 2);
    const mail = mails.find((m) => m.subject.includes('Insulin Glargine'))!;
    expect(mail.template).toBe('request-approved');
    expect(mail.subject).toBe('Your request for Insulin Glargine is approved – MedRelay');
    expect(mail.text).toContain('Heliopolis, Baghdad St 12');
    const notes = await gw.api.get('/api/notifications', { token: ngo.token });
    expect(notes.body.map((n: { type: string }) => n.type)).toContain('request-approved');
  });

  it('publishes the landing impact figures to anyone, computed from the data', async () => {
    const impact = async () => {
      const res = await gw.api.get('/api/impact');
      expect(res.status).toBe(200);
      return res.body as Record<string, number>;
    };
    const before = await impact();
    await completedTransfer(gw, pharmacy, ngo, 4);
    const after = await impact();
    expect(after.medicinesSaved).toBe(before.medicinesSaved! + 4);
    expect(after.patientsServed).toBe(Math.floor(1.5 * after.medicinesSaved!));
    // pharmacy, ngo and donor are approved partners; the admin is not one.
    expect(after.activePartners).toBeGreaterThanOrEqual(3);
    // A few units make no meaningful ratio: no figure, the page says the claim.
    expect(after.wasteReducedPercent).toBeNull();
    // A stale token does not block a public page's figures.
    expect((await gw.api.get('/api/impact', { token: 'stale' })).status).toBe(200);
  });

  it('answers the admin statistics only to administrators', async () => {
    expect((await gw.api.get('/api/admin/stats')).status).toBe(401);
    for (const user of [pharmacy, ngo, donor]) {
      const res = await gw.api.get('/api/admin/stats', { token: user.token });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });

  it('never exposes the internal endpoints', async () => {
    const internal = await gw.api.post(
      '/internal/reservations',
      { requestId: 1, medicineId: 1, quantity: 1 },
      { token: admin.token },
    );
    expect(internal.status).toBe(404);
    expect((await gw.api.get('/api/internal/medicines/1', { token: admin.token })).status).toBe(404);
  });

  it('still answers the statistics it can when a service is down', async () => {
    const partial = await startTestGateway(p.identity.prefix, {
      IDENTITY_URL: p.identity.baseUrl,
      REQUESTS_URL: p.requests.baseUrl,
    });
    try {
      const res = await partial.api.get('/api/admin/stats', { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        unavailable: ['catalog'],
        totalMedicines: null,
        medicineExpiry: null,
      });
      expect(res.body.totalUsers).toBeGreaterThan(0);
      expect(res.body.totalRequests).toBeGreaterThan(0);
    } finally {
      await partial.stop();
    }
  });
});
