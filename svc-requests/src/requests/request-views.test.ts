import { expiryScanQueueName, medicineEventQueue, type MedicineRequest } from '@medrelay/contracts';
import { waitUntil } from '@medrelay/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  ask,
  donor,
  inDays,
  list,
  move,
  ngo,
  ngo2,
  p,
  pharmacy,
  useRequestsPlatform,
} from './requests-fixture';

// What a request tells people and shows them: notifications, the admin views, the answers to bad
// ids, and the other party's contact.
useRequestsPlatform();

describe('notifications', () => {
  it("notifies the owner of a new request and the requester of the decision, in the reader's language", async () => {
    const owner = await p.user('donor');
    const requester = await p.user('ngo');
    const donation = await list(owner.token, 60, { name: 'Brufen 400', quantity: 5 });
    const id = (await ask(requester.token, { medicineId: donation.id, quantity: 2 })).body.id;

    const ownerList = await p.requests.api.get('/api/notifications', { token: owner.token });
    expect(ownerList.status).toBe(200);
    expect(ownerList.headers.get('x-unread-count')).toBe('1');
    expect(ownerList.body[0]).toMatchObject({
      userId: owner.id,
      type: 'request-new',
      title: 'New request',
      // The NGO by its organisation, as its e-mails name it (not its person, 'ngo user').
      message: 'Org requested 2 units of Brufen 400',
      isRead: false,
      requestId: id,
      medicineId: donation.id,
    });
    await move(owner.token, id, { status: 'rejected' });
    const ar = await p.requests.api.get('/api/notifications', {
      token: requester.token,
      headers: { 'accept-language': 'ar' },
    });
    expect(ar.body[0]).toMatchObject({ type: 'request-rejected', title: 'طلبك اترفض' });

    const read = await p.requests.api.put(`/api/notifications/${ownerList.body[0].id}/read`, undefined, {
      token: owner.token,
    });
    expect(read.body.isRead).toBe(true);
    expect((await p.requests.api.get('/api/notifications?unread=true', { token: owner.token })).body).toEqual(
      [],
    );
    // Someone else's notification looks like a missing one.
    expect(
      (
        await p.requests.api.put(`/api/notifications/${ar.body[0].id}/read`, undefined, {
          token: owner.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (await p.requests.api.put('/api/notifications/read-all', undefined, { token: requester.token })).body,
    ).toEqual({ updated: 1 });
    expect((await p.requests.api.get('/api/notifications?unread=maybe', { token: owner.token })).status).toBe(
      400,
    );
  });

  it("turns the catalog's expiry alerts into one notification per medicine and threshold", async () => {
    const owner = await p.user('pharmacy');
    const medicine = await list(owner.token, 60, { name: 'Ventolin' });
    await p.catalog.service.ctx.pool.query(
      // The end of the Cairo day 4 days from today: 5 days left, today counted.
      `UPDATE catalog.medicines
          SET expiry_date = ((now() AT TIME ZONE 'Africa/Cairo')::date + 5)::timestamp AT TIME ZONE 'Africa/Cairo'
                            - interval '1 millisecond'
        WHERE id = $1`,
      [medicine.id],
    );
    await p.catalog.api.post('/api/admin/expiry-scan', undefined, { token: admin.token });
    await p.catalog.api.post('/api/admin/expiry-scan', undefined, { token: admin.token });
    // Both scans done, their events published and consumed: whatever they cause has arrived.
    const idle = async (name: string) =>
      Object.values(
        await p.catalog.service.queues.get(name)!.getJobCounts('waiting', 'active', 'prioritized'),
      ).every((n) => n === 0);
    await waitUntil(
      async () =>
        (await idle(expiryScanQueueName)) &&
        (await p.catalog.service.ctx.outbox.unpublished()) === 0 &&
        (await idle(medicineEventQueue)) &&
        (await p.requests.api.get('/api/notifications', { token: owner.token })).body.length > 0,
      { what: 'the scans and their events done' },
    );
    const res = await p.requests.api.get('/api/notifications', { token: owner.token });
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      type: 'expiry-alert',
      message: 'Ventolin: 5 days left before expiry',
      medicineId: medicine.id,
    });
  });
});

describe('admin views', () => {
  // Requests of every state the views filter on, besides whatever the file's other tests made.
  beforeAll(async () => {
    const listing = await list(pharmacy.token, 60, { name: 'Admin view Zyrtec', quantity: 20 });
    const ids: number[] = [];
    for (const requester of [ngo, ngo2, await p.user('ngo'), await p.user('ngo')])
      ids.push((await ask(requester.token, { medicineId: listing.id, quantity: 1 })).body.id);
    expect((await move(pharmacy.token, ids[0]!, { status: 'approved' })).status).toBe(200);
    expect((await move(pharmacy.token, ids[1]!, { status: 'approved' })).status).toBe(200);
    expect((await move(pharmacy.token, ids[2]!, { status: 'rejected' })).status).toBe(200);
  });

  it('lists all requests (filtered by status) and the request statistics', async () => {
    const all = await p.requests.api.get('/api/admin/all-requests', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThanOrEqual(4);
    expect(all.body[0]).toHaveProperty('requester');
    const approved = await p.requests.api.get('/api/admin/all-requests?status=approved', {
      token: admin.token,
    });
    expect(approved.body.length).toBeGreaterThanOrEqual(2);
    expect(approved.body.every((r: { status: string }) => r.status === 'approved')).toBe(true);
    const lost = await p.requests.api.get('/api/admin/all-requests?status=lost', { token: admin.token });
    expect([lost.status, lost.body.message]).toEqual([
      400,
      'Status must be pending, approved, rejected, completed, cancelled or calledOff',
    ]);
    const stats = await p.requests.api.get('/api/admin/all-requests/stats', { token: admin.token });
    expect(stats.body.totalRequests).toBe(all.body.length);
    const sum = Object.values(stats.body.requestStatus as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(all.body.length);
    expect(stats.body.requestStatus.approved).toBe(approved.body.length);
  });

  it('pages the list, with the total of the chosen status in X-Total-Count', async () => {
    const get = (query: string) =>
      p.requests.api.get(`/api/admin/all-requests?${query}`, { token: admin.token });
    const stats = (await p.requests.api.get('/api/admin/all-requests/stats', { token: admin.token })).body;
    const first = await get('pageSize=2');
    const second = await get('pageSize=2&page=2');
    expect(first.body).toHaveLength(2);
    expect(first.headers.get('x-total-count')).toBe(String(stats.totalRequests));
    expect(second.body.map((r: { id: number }) => r.id)).not.toContain(first.body[0].id);
    // Pages walked one after another are the whole list, newest first (id breaking ties).
    const whole = (await get('pageSize=100')).body as Array<{ id: number; createdAt: string }>;
    const walked: typeof whole = [];
    for (let page = 1; walked.length < whole.length; page++) {
      walked.push(...(await get(`pageSize=3&page=${page}`)).body);
    }
    expect(walked).toEqual(whole);
    const newestFirst = [...whole].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    expect(whole.map((r) => r.id)).toEqual(newestFirst.map((r) => r.id));
    const approved = await get('status=approved&pageSize=1');
    expect(approved.headers.get('x-total-count')).toBe(String(stats.requestStatus.approved));
    expect(approved.body.every((r: { status: string }) => r.status === 'approved')).toBe(true);
    expect((await get('pageSize=101')).status).toBe(400);
  });

  it('walks the list for Export Data by id: the requests after one, in id order, without a total', async () => {
    const get = (query: string) =>
      p.requests.api.get(`/api/admin/all-requests?${query}`, { token: admin.token });
    const newestFirst = (await get('pageSize=100')).body as Array<{ id: number; status: string }>;
    const ids = newestFirst.map((r) => r.id).sort((a, b) => a - b);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    const first = await get('after=0&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBeNull();
    expect(first.body.map((r: { id: number }) => r.id)).toEqual(ids.slice(0, 2));
    const next = await get(`after=${ids[1]}&pageSize=2`);
    expect(next.headers.get('x-total-count')).toBeNull();
    expect(next.body.map((r: { id: number }) => r.id)).toEqual(ids.slice(2, 4));
    // The same transactions the numbered pages answer.
    expect(next.body[0]).toEqual(newestFirst.find((r) => r.id === ids[2]));
    expect((await get(`after=${ids.at(-1)}`)).body).toEqual([]);
    const approved = await get('after=0&status=approved&pageSize=100');
    expect(approved.body.map((r: { id: number }) => r.id)).toEqual(
      newestFirst
        .filter((r) => r.status === 'approved')
        .map((r) => r.id)
        .sort((a, b) => a - b),
    );
  });
});

describe('bad ids and queries on every read endpoint (400 / 404, never 500)', () => {
  it('answers each with the right status and the error shape', async () => {
    const checks: Array<[() => Promise<{ status: number; body: any }>, number]> = [
      [() => p.requests.api.get('/api/requests/abc', { token: ngo.token }), 400],
      [() => p.requests.api.get('/api/requests/999999', { token: ngo.token }), 404],
      [() => p.requests.api.get('/api/requests/2147483648', { token: ngo.token }), 400],
      [() => p.requests.api.get('/api/requests/my?status=done', { token: ngo.token }), 400],
      [() => p.requests.api.get('/api/requests/my?extra=1', { token: ngo.token }), 400],
      [() => p.requests.api.put('/api/notifications/abc/read', undefined, { token: ngo.token }), 400],
      [() => p.requests.api.put('/api/notifications/999999/read', undefined, { token: ngo.token }), 404],
      [() => p.requests.api.get('/api/nothing-here', { token: ngo.token }), 404],
      [() => p.catalog.api.get('/api/medicines/abc', { token: ngo.token }), 400],
      [() => p.catalog.api.get('/api/medicines/999999', { token: ngo.token }), 404],
      [() => p.catalog.api.get('/api/medicines/photos/abc/thumb', { token: pharmacy.token }), 400],
      [() => p.catalog.api.delete('/api/medicines/abc/image', { token: pharmacy.token }), 400],
      [() => p.catalog.api.delete('/api/medicines/999999', { token: pharmacy.token }), 404],
      [() => p.catalog.api.get('/api/medicines?q=%00', { token: ngo.token }), 400],
      [() => p.catalog.api.get(`/api/medicines?q=${'x'.repeat(101)}`, { token: ngo.token }), 400],
      [() => p.catalog.api.get('/api/admin/all-medicines?extra=1', { token: admin.token }), 400],
    ];
    for (const [call, status] of checks) {
      const res = await call();
      expect(res.status, String(call)).toBe(status);
      expect(res.body, String(call)).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
  });
});

describe("the other party's contact (people coordinate by phone)", () => {
  const contactOf = async (token: string, id: number, path = '/api/requests/my') =>
    ((await p.requests.api.get(path, { token })).body as MedicineRequest[]).find((r) => r.id === id)?.contact;

  it('shows organisation and E.164 phone to the two parties once approved, never before nor to others', async () => {
    const medicine = await list(pharmacy.token, 60, { quantity: 5, recipientType: 'ngos' });
    const created = await ask(ngo.token, { medicineId: medicine.id, quantity: 1 });
    const id = created.body.id as number;
    expect(created.body.contact).toBeNull();
    expect(await contactOf(ngo.token, id)).toBeNull();
    expect(await contactOf(pharmacy.token, id)).toBeNull();

    const approved = await move(pharmacy.token, id, { status: 'approved' });
    // The owner's answer carries the requester's contact (the NGO's organisation).
    expect(approved.body.contact).toEqual({
      userId: ngo.id,
      userType: 'ngo',
      name: 'ngo user',
      organizationName: 'Org',
      phone: '+201000000000',
    });
    const pharmacyContact = {
      userId: pharmacy.id,
      userType: 'pharmacy',
      name: 'pharmacy user',
      organizationName: 'pharmacy user',
      phone: '+201000000000',
    };
    expect(await contactOf(ngo.token, id)).toEqual(pharmacyContact);
    expect(await contactOf(pharmacy.token, id)).toMatchObject({ userId: ngo.id, organizationName: 'Org' });

    // Admins see the request without anyone's contact; another NGO does not see the request at all.
    expect(await contactOf(admin.token, id, '/api/admin/all-requests?pageSize=100')).toBeNull();
    expect(await contactOf(ngo2.token, id)).toBeUndefined();

    // History keeps it after collection.
    expect((await move(ngo.token, id, { status: 'completed' })).body.contact).toEqual(pharmacyContact);
    expect(await contactOf(ngo.token, id, '/api/transactions/my')).toEqual(pharmacyContact);
  });

  it('a rejected request and a donor party show no organisation / no contact as the rule says', async () => {
    const donation = await list(donor.token, 60, { quantity: 3, recipientType: 'ngos' });
    const rejected = (await ask(ngo.token, { medicineId: donation.id })).body.id as number;
    expect((await move(donor.token, rejected, { status: 'rejected' })).body.contact).toBeNull();
    expect(await contactOf(ngo.token, rejected)).toBeNull();

    const id = (await ask(ngo2.token, { medicineId: donation.id })).body.id as number;
    const pickup = { status: 'approved', pickupLocation: 'Nasr City', pickupDate: inDays(2) };
    expect((await move(donor.token, id, pickup)).status).toBe(200);
    expect(await contactOf(ngo2.token, id)).toEqual({
      userId: donor.id,
      userType: 'donor',
      name: 'donor user',
      organizationName: null,
      phone: '+201000000000',
    });
  });
});

describe('live screens', () => {
  it('tells the owner and the other requesters when units go back on offer after a called-off pickup', async () => {
    const owner = await p.user('pharmacy');
    const [taker, waiting] = [await p.user('ngo'), await p.user('ngo')];
    const medicine = await list(owner.token, 60, { quantity: 5, recipientType: 'ngos' });
    const id = (await ask(taker.token, { medicineId: medicine.id, quantity: 4 })).body.id as number;
    expect((await move(owner.token, id, { status: 'approved' })).status).toBe(200);
    // Another NGO asks for the one left and waits.
    await waitUntil(async () => (await readModelQuantity(medicine.id)) === 1, { what: 'four given out' });
    const other = await ask(waiting.token, { medicineId: medicine.id, quantity: 1 });
    expect(other.status).toBe(201);

    expect((await move(taker.token, id, { status: 'cancelled' })).status).toBe(200);
    // The release is its own job, after the cancel's own event was sent: the units' return is
    // a live event of its own, for the owner and everyone with an open request on the listing.
    await waitUntil(async () => (await readModelQuantity(medicine.id)) === 5, { what: 'back on offer' });
    const told = await p.requests.service.ctx.pool.query<{ users: number[] }>(
      `SELECT payload->'userIds' AS users FROM requests.outbox
        WHERE queue = 'live' AND payload->'event' = '{"kind": "request"}'::jsonb
          AND payload->'userIds' @> $1::jsonb`,
      [JSON.stringify([owner.id])],
    );
    expect(told.rows.map((r) => [...r.users].sort((a, b) => a - b))).toContainEqual(
      [owner.id, waiting.id].sort((a, b) => a - b),
    );
  });
});

const readModelQuantity = async (medicineId: number) =>
  (
    await p.requests.service.ctx.pool.query('SELECT quantity FROM requests.medicines WHERE id = $1', [
      medicineId,
    ])
  ).rows[0]?.quantity as number | undefined;
