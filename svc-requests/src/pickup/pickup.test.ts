import { internalSecretHeader } from '@medrelay/contracts';
import { cairoDay, cairoInstant } from '@medrelay/domain';
import { mailsTo, waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestPlatform, type TestPlatform, type TestUser } from '../testing';
import { chosenWindowEnd } from './repo';
import { reminderJobId } from './reminders';

let p: TestPlatform;
let pharmacy: TestUser, ngo: TestUser, ngoAr: TestUser, donor: TestUser, admin: TestUser;

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

const clock = () => p.requests.service.clock!;
const pickupApi = p_api();
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
const day = (n: number) => cairoDay(new Date(clock().now().getTime() + n * 24 * 3600_000));
const list = (token: string, overrides = {}) =>
  p.catalog.api.post('/api/medicines', medicineInput(overrides, 60), { token }).then((r) => r.body);
const quantityInCatalog = async (id: number) =>
  (await p.catalog.service.ctx.pool.query('SELECT quantity FROM catalog.medicines WHERE id = $1', [id]))
    .rows[0].quantity as number;
const notificationsOf = async (userId: number, requestId: number, type: string) =>
  (
    await p.requests.service.ctx.pool.query(
      'SELECT * FROM requests.notifications WHERE user_id = $1 AND request_id = $2 AND type = $3',
      [userId, requestId, type],
    )
  ).rows;
const queue = () => p.requests.service.queues.get('pickup')!;
/** The reminder e-mails in the sink for one address (the approval e-mail is there too). */
const remindersTo = async (email: string) =>
  (await mailsTo(email)).filter((m) => m.template === 'pickup-reminder');
const waitForReminders = async (email: string, count: number) => {
  await waitUntil(async () => (await remindersTo(email)).length >= count, {
    what: `${count} reminder(s) to ${email}`,
  });
  return remindersTo(email);
};

/** Pharmacy lists, `requester` asks, pharmacy approves offering `windows`. */
async function approvedWith(requester: TestUser, windows: unknown[], quantity = 2, owner = pharmacy) {
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

describe('pickup windows', () => {
  it('refuses bad windows and pins with clear errors in English and Arabic', async () => {
    const medicine = await list(pharmacy.token, { quantity: 5, recipientType: 'ngos' });
    const created = await p.requests.api.post(
      '/api/requests',
      { medicineId: medicine.id },
      { token: ngo.token },
    );
    const id = created.body.id as number;
    const approve = (pickup: unknown, headers: Record<string, string> = {}) =>
      p.requests.api.put(
        `/api/requests/${id}/status`,
        { status: 'approved', pickup },
        { token: pharmacy.token, headers },
      );
    const w = { date: day(2), from: '10:00', to: '12:00' };

    const four = await approve({ windows: [w, w, w, w], location: 'Dokki' });
    expect(four.status).toBe(400);
    expect(four.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Offer 1 to 3 pickup windows' });
    const none = await approve({ windows: [], location: 'Dokki' }, { 'accept-language': 'ar' });
    expect(none.body.message).toBe('اعرض من 1 لـ 3 مواعيد للاستلام');

    const backwards = await approve({ windows: [{ ...w, from: '12:00', to: '10:00' }], location: 'Dokki' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details[0]).toMatchObject({ rule: 'pickupWindowOrder' });
    const notADay = await approve(
      { windows: [{ ...w, date: '2026-02-30' }], location: 'Dokki' },
      { 'accept-language': 'ar' },
    );
    expect(notADay.body.message).toBe('اكتب اليوم والوقت من–لـ');

    const abroad = await approve({ windows: [w], location: 'Dokki', lat: 48.85, lng: 2.35 });
    expect(abroad.status).toBe(400);
    expect(abroad.body.message).toBe('The map pin must be in Egypt');
    const half = await approve({ windows: [w], location: 'Dokki', lat: 30.04 }, { 'accept-language': 'ar' });
    expect(half.body.message).toBe('اكتب خط العرض وخط الطول الاتنين');

    const past = await approve({
      windows: [{ date: day(-1), from: '10:00', to: '12:00' }],
      location: 'Dokki',
    });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({
      message: 'This window is already over',
      details: [{ path: 'windows.0', rule: 'pickupWindowPast' }],
    });
    // Nothing was approved by the refused calls.
    expect((await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token })).body.status).toBe(
      'pending',
    );
    expect(await quantityInCatalog(medicine.id)).toBe(5);

    // Windows before approval: refused, the request is not approved yet.
    const early = await pickupApi.offer(pharmacy.token, id, { windows: [w], location: 'Dokki' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Pickup windows can be set only on an approved request');
  });

  it("pharmacy approves with two windows, the NGO picks one; the spec fields follow; the reminders go out once each, in each party's language", async () => {
    // The days are fixed before the clock moves (day() follows the clock).
    const [d2, d3] = [day(2), day(3)];
    const start = cairoInstant(d3, '10:00')!;
    const { id, approved } = await approvedWith(ngoAr, [
      { date: d2, from: '16:00', to: '18:00' },
      { date: d3, from: '10:00', to: '12:30' },
    ]);
    expect(approved.pickupLocation).toBe('15 Mesaha Square, Dokki, Giza');
    expect(approved.pickupDate).toBe(cairoInstant(d2, '16:00')!.toISOString());

    const plan = await pickupApi.plan(ngoAr.token, id);
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({
      location: '15 Mesaha Square, Dokki, Giza',
      lat: 30.0385,
      lng: 31.2118,
      mapUrl: 'https://www.openstreetmap.org/?mlat=30.0385&mlon=31.2118#map=17/30.0385/31.2118',
      chosenWindowId: null,
      proposal: null,
      missedAt: null,
    });
    expect(
      plan.body.windows.map((w: { date: string; from: string; to: string }) => [w.date, w.from, w.to]),
    ).toEqual([
      [d2, '16:00', '18:00'],
      [d3, '10:00', '12:30'],
    ]);
    expect((await notificationsOf(ngoAr.id, id, 'pickup-update')).length).toBe(1);
    // Outsiders see nothing; the owner cannot choose for the requester.
    expect((await pickupApi.plan(ngo.token, id)).status).toBe(403);
    const second = plan.body.windows[1].id as number;
    expect((await pickupApi.choose(pharmacy.token, id, second)).status).toBe(403);
    expect((await pickupApi.choose(ngoAr.token, id, 999_999)).body.code).toBe('NOT_FOUND');

    const chosen = await pickupApi.choose(ngoAr.token, id, second);
    expect(chosen.status).toBe(200);
    expect(chosen.body.chosen).toMatchObject({ id: second, date: d3, from: '10:00', to: '12:30' });
    const request = await p.requests.api.get(`/api/requests/${id}`, { token: ngoAr.token });
    expect(request.body.pickupDate).toBe(start.toISOString());
    expect((await chosenWindowEnd(p.requests.service.ctx.pool, id))!.toISOString()).toBe(
      cairoInstant(d3, '12:30')!.toISOString(),
    );
    expect((await notificationsOf(pharmacy.id, id, 'pickup-update')).length).toBe(1);

    // Two delayed jobs with deterministic ids: the evening before and an hour before.
    const evening = await queue().getJob(reminderJobId(id, second, 'evening'));
    const hour = await queue().getJob(reminderJobId(id, second, 'hour'));
    expect(evening?.data.dueAt).toBe(cairoInstant(d2, '20:00')!.toISOString());
    expect(hour?.data.dueAt).toBe(new Date(start.getTime() - 3600_000).toISOString());
    expect(await evening!.isDelayed()).toBe(true);

    // Nothing is due before the evening before.
    clock().set(cairoInstant(d2, '19:59')!);
    const pickup = p.requests.service.pickup;
    await pickup.promoteDueReminders();
    expect(await hour!.isDelayed()).toBe(true);
    expect(await evening!.isDelayed()).toBe(true);

    clock().set(cairoInstant(d2, '20:00')!);
    expect(await pickup.promoteDueReminders()).toBe(1);
    const [arMail] = await waitForReminders(ngoAr.email, 1);
    expect(arMail!.subject).toContain('بكرة: استلام');
    expect(arMail!.text).toContain('https://wa.me/201000000000');
    expect(arMail!.text).toContain('15 Mesaha Square, Dokki, Giza');
    expect(arMail!.text).toContain('https://www.openstreetmap.org/?mlat=30.0385');
    // The requester's reminder carries their handover code (never the owner's), which now
    // expires with the chosen window.
    const code = (await p.requests.api.get(`/api/requests/${id}`, { token: ngoAr.token })).body.handoverCode;
    expect(code.expiresAt).toBe(cairoInstant(d3, '12:30')!.toISOString());
    expect(arMail!.text).toContain(`كود الاستلام بتاعك: ${code.code}`);
    const [pharmacyMail] = await waitForReminders(pharmacy.email, 1);
    expect(pharmacyMail!.text).not.toContain(code.code);
    expect(pharmacyMail!.subject).toMatch(/^Tomorrow: pickup of /);
    expect(pharmacyMail!.text).toContain('Contact: Org, +201000000000');
    expect((await notificationsOf(ngoAr.id, id, 'pickup-reminder')).length).toBe(1);

    // Running the same reminder again sends nothing more (idempotent).
    expect(await pickup.sendReminder(evening!.data)).toBe('sent');
    clock().set(new Date(start.getTime() - 3600_000));
    expect(await pickup.promoteDueReminders()).toBe(1);
    const both = await waitForReminders(ngoAr.email, 2);
    expect(both.map((m) => m.subject).join(' ')).toContain('كمان ساعة');
    await waitForReminders(pharmacy.email, 2);
    expect((await remindersTo(ngoAr.email)).length).toBe(2);
    expect((await notificationsOf(pharmacy.id, id, 'pickup-reminder')).length).toBe(2);

    // Collected: nothing is left to remind.
    expect(
      (
        await p.requests.api.put(
          `/api/requests/${id}/status`,
          { status: 'completed' },
          { token: ngoAr.token },
        )
      ).status,
    ).toBe(200);
    expect(await queue().getJob(reminderJobId(id, second, 'hour'))).toBeUndefined();
  });

  it('the requester proposes another window and the owner accepts it; a re-offer removes the reminders', async () => {
    const { id } = await approvedWith(ngo, [{ date: day(4), from: '09:00', to: '10:00' }]);
    const proposal = { date: day(5), from: '13:00', to: '14:00' };
    expect((await pickupApi.propose(pharmacy.token, id, proposal)).status).toBe(403);
    expect((await pickupApi.accept(pharmacy.token, id)).body.code).toBe('NOT_FOUND');
    const proposed = await pickupApi.propose(ngo.token, id, proposal);
    expect(proposed.status).toBe(200);
    expect(proposed.body.proposal).toMatchObject({
      date: day(5),
      from: '13:00',
      to: '14:00',
      proposedBy: 'requester',
    });
    expect((await notificationsOf(pharmacy.id, id, 'pickup-update')).map((n) => n.message_key)).toContain(
      'notifyPickupProposed',
    );
    expect((await pickupApi.accept(ngo.token, id)).status).toBe(403);
    const accepted = await pickupApi.accept(pharmacy.token, id);
    expect(accepted.status).toBe(200);
    expect(accepted.body.chosen).toMatchObject({ date: day(5), from: '13:00', proposedBy: 'requester' });
    expect(accepted.body.proposal).toBeNull();
    const chosenId = accepted.body.chosenWindowId as number;
    expect(await queue().getJob(reminderJobId(id, chosenId, 'hour'))).toBeDefined();
    expect((await notificationsOf(ngo.id, id, 'pickup-update')).map((n) => n.message_key)).toContain(
      'notifyPickupAccepted',
    );

    // The owner changes the offer: the choice is cleared and its reminders removed.
    const reoffer = await pickupApi.offer(pharmacy.token, id, {
      windows: [{ date: day(6), from: '11:00', to: '12:00' }],
      location: 'Branch 2, Maadi',
    });
    expect(reoffer.status).toBe(200);
    expect(reoffer.body).toMatchObject({ chosenWindowId: null, location: 'Branch 2, Maadi', mapUrl: null });
    expect(await queue().getJob(reminderJobId(id, chosenId, 'hour'))).toBeUndefined();
    expect(await queue().getJob(reminderJobId(id, chosenId, 'evening'))).toBeUndefined();
    // A reminder job left behind anyway does nothing.
    expect(
      await p.requests.service.pickup.sendReminder({
        requestId: id,
        windowId: chosenId,
        kind: 'hour',
        dueAt: '',
      }),
    ).toBe('stale');
  });

  it("a donor's Set Pickup Details is the same offer (windows instead of one date)", async () => {
    const donation = await p.catalog.api
      .post('/api/medicines', medicineInput({ quantity: 3, recipientType: 'ngos' }, 90), {
        token: donor.token,
      })
      .then((r) => r.body);
    const created = await p.requests.api.post(
      '/api/requests',
      { medicineId: donation.id },
      { token: ngo.token },
    );
    const approved = await p.requests.api.put(
      `/api/requests/${created.body.id}/status`,
      {
        status: 'approved',
        pickup: { windows: [{ date: day(1), from: '17:00', to: '19:00' }], location: 'Maadi, Road 9' },
      },
      { token: donor.token },
    );
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      pickupLocation: 'Maadi, Road 9',
      pickupDate: cairoInstant(day(1), '17:00')!.toISOString(),
    });
  });
});

describe('no-shows', () => {
  it('a chosen window that passes is missed for both; after the grace period the stock returns once; admins see counts', async () => {
    const [pharmacy, ngo] = await Promise.all([p.user('pharmacy'), p.user('ngo')]);
    const d1 = day(1);
    const { id, medicine } = await approvedWith(ngo, [{ date: d1, from: '10:00', to: '11:00' }], 4, pharmacy);
    expect(await quantityInCatalog(medicine.id)).toBe(6);
    const plan = await pickupApi.plan(ngo.token, id);
    await pickupApi.choose(ngo.token, id, plan.body.windows[0].id);
    const end = cairoInstant(d1, '11:00')!;
    const pickup = p.requests.service.pickup;

    clock().set(new Date(end.getTime() - 60_000));
    await pickup.sweep();
    expect((await pickupApi.plan(ngo.token, id)).body.missedAt).toBeNull();

    clock().set(end);
    await pickup.sweep();
    for (const user of [ngo, pharmacy]) {
      const seen = await pickupApi.plan(user.token, id);
      expect(seen.body.missedAt).toBe(end.toISOString());
      expect((await notificationsOf(user.id, id, 'pickup-missed')).length).toBe(1);
    }
    // Still approved during the grace period (a late pickup may still happen).
    expect((await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token })).body.status).toBe(
      'approved',
    );

    clock().set(new Date(end.getTime() + 24 * 3600_000 - 60_000));
    expect((await pickup.sweep()).released).toBe(0);
    clock().set(new Date(end.getTime() + 24 * 3600_000));
    expect((await pickup.sweep()).released).toBe(1);
    expect((await pickup.sweep()).released).toBe(0);
    await waitUntil(async () => (await quantityInCatalog(medicine.id)) === 10, { what: 'stock back' });
    const after = await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token });
    expect(after.body.status).toBe('cancelled');
    expect((await pickupApi.plan(pharmacy.token, id)).body.releasedAt).toEqual(expect.any(String));
    for (const user of [ngo, pharmacy])
      expect((await notificationsOf(user.id, id, 'pickup-released')).length).toBe(1);
    // The custody log names the platform as the one who cancelled.
    const custody = await p.requests.api.get(`/api/requests/${id}/custody`, { token: admin.token });
    expect(custody.body.at(-1)).toMatchObject({
      status: 'cancelled',
      fromStatus: 'approved',
      actorId: null,
      actorRole: 'system',
    });

    const counts = await p.requests.api.get('/api/admin/all-requests/no-shows', { token: admin.token });
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual(
      expect.arrayContaining([
        { userId: ngo.id, asRequester: 1, asOwner: 0 },
        { userId: pharmacy.id, asRequester: 0, asOwner: 1 },
      ]),
    );
    expect((await p.requests.api.get('/api/admin/all-requests/no-shows', { token: ngo.token })).status).toBe(
      403,
    );
  });
});

describe('the test clock hook', () => {
  it('moves the clock through /internal/test/clock (internal secret only) and runs what is due', async () => {
    const url = `${p.requests.baseUrl}/internal/test/clock`;
    const target = new Date(clock().now().getTime() + 3600_000).toISOString();
    const refused = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: target }),
    });
    expect(refused.status).toBe(403);
    const moved = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [internalSecretHeader]: p.requests.service.ctx.config.INTERNAL_SECRET,
      },
      body: JSON.stringify({ now: target }),
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ promoted: expect.any(Number), missed: expect.any(Number) });
    expect(Math.abs(clock().now().getTime() - Date.parse(target))).toBeLessThan(5000);
  });

  it('is refused in production', async () => {
    const { startRequestsFor } = await import('../testing');
    await expect(
      startRequestsFor(p.identity, p.catalog, { NODE_ENV: 'production', TEST_CLOCK: 'on' }),
    ).rejects.toThrow(/TEST_CLOCK=on is a test hook/);
  });
});

describe('no-shows with two service instances', () => {
  let two: TestPlatform;
  beforeAll(async () => {
    two = await startTestPlatform({ instances: 2 });
  });
  afterAll(() => two.stop());

  it('returns the reserved quantity exactly once when both instances sweep at the same moment', async () => {
    const [owner, requester] = await Promise.all([two.user('pharmacy'), two.user('ngo')]);
    const medicine = await two.catalog.api
      .post('/api/medicines', medicineInput({ quantity: 10, recipientType: 'ngos' }, 60), {
        token: owner.token,
      })
      .then((r) => r.body);
    const created = await two.requests.api.post(
      '/api/requests',
      { medicineId: medicine.id, quantity: 3 },
      { token: requester.token },
    );
    const id = created.body.id as number;
    const first = two.replicas.requests[0]!.service;
    const tomorrow = cairoDay(new Date(first.clock!.now().getTime() + 24 * 3600_000));
    await two.requests.api.put(
      `/api/requests/${id}/status`,
      {
        status: 'approved',
        pickup: { windows: [{ date: tomorrow, from: '10:00', to: '11:00' }], location: 'Dokki' },
      },
      { token: owner.token },
    );
    const plan = await two.requests.api.get(`/api/requests/${id}/pickup`, { token: requester.token });
    await two.requests.api.post(
      `/api/requests/${id}/pickup/choice`,
      { windowId: plan.body.windows[0].id },
      { token: requester.token },
    );
    const quantity = async () =>
      (
        await two.catalog.service.ctx.pool.query('SELECT quantity FROM catalog.medicines WHERE id = $1', [
          medicine.id,
        ])
      ).rows[0].quantity as number;
    expect(await quantity()).toBe(7);

    const later = new Date(cairoInstant(tomorrow, '11:00')!.getTime() + 25 * 3600_000);
    for (const r of two.replicas.requests) r.service.clock!.set(later);
    const results = await Promise.all(
      two.replicas.requests.flatMap((r) => [r.service.pickup.sweep(), r.service.pickup.sweep()]),
    );
    // The scheduled sweep may have won the race; together, one release at most, and it happened.
    expect(results.reduce((n, r) => n + r.released, 0)).toBeLessThanOrEqual(1);
    const row = await first.ctx.pool.query(
      'SELECT status, no_show_released_at FROM requests.requests WHERE id = $1',
      [id],
    );
    expect(row.rows[0]).toMatchObject({ status: 'cancelled', no_show_released_at: expect.any(Date) });
    const releases = await first.ctx.pool.query(
      "SELECT count(*)::int AS n FROM requests.notifications WHERE request_id = $1 AND type = 'pickup-released'",
      [id],
    );
    expect(releases.rows[0].n).toBe(2);
    await waitUntil(async () => (await quantity()) === 10, { what: 'stock back' });
    expect(await quantity()).toBe(10);
  });
});
