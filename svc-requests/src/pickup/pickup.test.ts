import { cairoInstant, formatPickupWindow } from '@medrelay/domain';
import { calendarEventsOf, waitForMails, waitUntil, type ReceivedMail } from '@medrelay/testing';
import { describe, expect, it } from 'vitest';
import { medicineInput } from '../testing';
import { chosenWindowEnd } from './repo';
import { reminderJobId } from './reminders';
import {
  approvedWith,
  clock,
  day,
  donor,
  list,
  ngo,
  ngoAr,
  notificationsOf,
  p,
  pharmacy,
  pickupApi,
  quantityInCatalog,
  queue,
  remindersTo,
  usePickupPlatform,
  waitForReminders,
} from './pickup-fixture';

usePickupPlatform();

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

  it("refuses a pickup time the clocks skip as summer time begins (it was kept an hour later than typed), in the caller's language", async () => {
    // The next day summer time begins in Egypt (the last Friday of April): 00:00–00:59 does not happen.
    const lastFridayOfApril = (year: number) =>
      [30, 29, 28, 27, 26, 25, 24]
        .map((d) => `${year}-04-${d}`)
        .find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 5)!;
    const today = day(0);
    const year = Number(today.slice(0, 4));
    const dst = lastFridayOfApril(year) > today ? lastFridayOfApril(year) : lastFridayOfApril(year + 1);
    // A pack good for longer than that.
    const { expiryDate } = medicineInput({}, 520);
    const medicine = await list(pharmacy.token, { quantity: 5, recipientType: 'ngos', expiryDate });
    const created = await p.requests.api.post(
      '/api/requests',
      { medicineId: medicine.id },
      { token: ngo.token },
    );
    const id = created.body.id as number;
    const pickup = (from: string, to: string) => ({ windows: [{ date: dst, from, to }], location: 'Dokki' });
    const skipped = await p.requests.api.put(
      `/api/requests/${id}/status`,
      { status: 'approved', pickup: pickup('00:00', '00:45') },
      { token: pharmacy.token, headers: { 'accept-language': 'ar' } },
    );
    expect(skipped.status).toBe(400);
    expect(skipped.body).toMatchObject({
      message:
        'الوقت ده مش موجود في اليوم ده: الساعة بتتقدم ساعة نص الليل مع بداية التوقيت الصيفي. اختار من 01:00 أو بعدها',
      details: [{ path: 'pickup.windows.0.from', rule: 'pickupWindowClockChange' }],
    });
    const approved = await p.requests.api.put(
      `/api/requests/${id}/status`,
      { status: 'approved', pickup: pickup('01:00', '02:00') },
      { token: pharmacy.token },
    );
    expect(approved.status).toBe(200);
    const again = await pickupApi.offer(pharmacy.token, id, pickup('00:30', '01:30'));
    expect([again.status, again.body.details[0].rule]).toEqual([400, 'pickupWindowClockChange']);
    const proposed = await pickupApi.propose(ngo.token, id, { date: dst, from: '00:15', to: '01:15' });
    expect([proposed.status, proposed.body.message]).toEqual([
      400,
      'This time does not exist that day: clocks go forward an hour at midnight as summer time begins. Choose 01:00 or later',
    ]);
    // What was offered reads as typed, from 01:00.
    const plan = (await pickupApi.plan(ngo.token, id)).body;
    expect(plan.windows.map((w: { from: string; to: string }) => `${w.from}–${w.to}`)).toEqual([
      '01:00–02:00',
    ]);
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
    // The approval's notice names the windows: no second notice for the same offer.
    expect((await notificationsOf(ngoAr.id, id, 'request-approved')).length).toBe(1);
    expect((await notificationsOf(ngoAr.id, id, 'pickup-update')).length).toBe(0);
    // The approval e-mail offers both windows; no calendar file (nothing is agreed yet).
    const [approval] = await waitForMails(ngoAr.email);
    expect(approval!.template).toBe('request-approved');
    for (const [d, from, to] of [
      [d2, '16:00', '18:00'],
      [d3, '10:00', '12:30'],
    ] as const)
      expect(approval!.text).toContain(
        formatPickupWindow(cairoInstant(d, from)!, cairoInstant(d, to)!, 'ar'),
      );
    expect(approval!.calendar).toBeUndefined();
    expect(approval!.attachments).toEqual([]);
    // The request's pickup details give no time until one is agreed (pickupDate, the spec field,
    // follows the earliest window offered meanwhile): none is shown as if it were set.
    const pickupOf = async () =>
      (
        (await p.requests.api.get('/api/transactions/my?pageSize=100', { token: ngoAr.token })).body as {
          id: number;
          pickup: { date: string | null; window?: { startsAt: string; endsAt: string } | null };
        }[]
      ).find((t) => t.id === id)!.pickup;
    expect(await pickupOf()).toMatchObject({ date: null, window: null });
    // Outsiders see nothing; the owner cannot choose for the requester.
    expect((await pickupApi.plan(ngo.token, id)).status).toBe(403);
    const second = plan.body.windows[1].id as number;
    expect((await pickupApi.choose(pharmacy.token, id, second)).status).toBe(403);
    expect((await pickupApi.choose(ngoAr.token, id, 999_999)).body.code).toBe('NOT_FOUND');
    // A window of another request (the same requester's) is not this request's to choose.
    const other = await approvedWith(ngoAr, [{ date: d2, from: '09:00', to: '10:00' }]);
    const otherWindow = (await pickupApi.plan(ngoAr.token, other.id)).body.windows[0].id as number;
    const crossed = await pickupApi.choose(ngoAr.token, id, otherWindow);
    expect(crossed.status).toBe(404);
    expect(crossed.body.code).toBe('NOT_FOUND');
    expect((await pickupApi.plan(ngoAr.token, other.id)).body.chosenWindowId).toBeNull();

    const chosen = await pickupApi.choose(ngoAr.token, id, second);
    expect(chosen.status).toBe(200);
    expect(chosen.body.chosen).toMatchObject({ id: second, date: d3, from: '10:00', to: '12:30' });
    const request = await p.requests.api.get(`/api/requests/${id}`, { token: ngoAr.token });
    expect(request.body.pickupDate).toBe(start.toISOString());
    expect(await pickupOf()).toMatchObject({
      date: start.toISOString(),
      window: { startsAt: start.toISOString(), endsAt: cairoInstant(d3, '12:30')!.toISOString() },
    });
    expect((await chosenWindowEnd(p.requests.service.ctx.pool, id))!.toISOString()).toBe(
      cairoInstant(d3, '12:30')!.toISOString(),
    );
    expect((await notificationsOf(pharmacy.id, id, 'pickup-update')).length).toBe(1);
    // The custody log records the choice and names the window, as the e-mails do.
    const log = (await p.requests.api.get(`/api/requests/${id}/custody`, { token: pharmacy.token })).body as {
      status: string;
      fromStatus: string | null;
      actorId: number;
      pickupWindow: { startsAt: string; endsAt: string } | null;
    }[];
    expect(log.at(-1)).toMatchObject({
      status: 'approved',
      fromStatus: 'approved',
      actorId: ngoAr.id,
      pickupWindow: { startsAt: start.toISOString(), endsAt: cairoInstant(d3, '12:30')!.toISOString() },
    });
    // Both parties get the chosen window by e-mail, the same time the app shows, with a calendar
    // invitation to it (iTIP REQUEST, one event for the request).
    const confirmed = async (email: string) =>
      (await waitForMails(email, 1, { match: (m) => m.template === 'pickup-confirmed' }))[0]!;
    const when = formatPickupWindow(start, cairoInstant(d3, '12:30')!, 'ar');
    const toRequester = await confirmed(ngoAr.email);
    expect(toRequester.text).toContain(when);
    expect(toRequester.calendar!.method).toBe('REQUEST');
    const ics = toRequester.calendar!.content;
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics).toContain(`UID:pickup-${id}@medrelay.eg`);
    expect(ics).toContain(`DTSTART:${start.toISOString().replace(/[-:]|\.\d{3}/g, '')}`);
    const toOwner = await confirmed(pharmacy.email);
    expect(toOwner.text).toContain(formatPickupWindow(start, cairoInstant(d3, '12:30')!, 'en'));

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
    // The phone keeps its "+" in front inside Arabic text (a left-to-right isolate).
    expect(arMail!.text).toContain('، \u2066+201000000000\u2069');
    expect(arMail!.text).toContain('https://www.openstreetmap.org/?mlat=30.0385');
    // The requester's reminder carries their handover code (never the owner's), which now lasts
    // until the chosen window's grace period (24 hours by default) is over.
    const code = (await p.requests.api.get(`/api/requests/${id}`, { token: ngoAr.token })).body.handoverCode;
    expect(code.expiresAt).toBe(new Date(cairoInstant(d3, '12:30')!.getTime() + 24 * 3600_000).toISOString());
    expect(arMail!.text).toContain(`كود التسليم بتاعك: ${code.code}`);
    const [pharmacyMail] = await waitForReminders(pharmacy.email, 1);
    expect(pharmacyMail!.text).not.toContain(code.code);
    expect(pharmacyMail!.subject).toMatch(/^Tomorrow: pickup of /);
    expect(pharmacyMail!.text).toContain('Contact: Org, +201000000000');
    const arNotices = await notificationsOf(ngoAr.id, id, 'pickup-reminder');
    expect(arNotices).toHaveLength(1);
    expect(arNotices[0].params.phone).toBe('\u2066+201000000000\u2069');

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
    let chosenId = accepted.body.chosenWindowId as number;
    expect(await queue().getJob(reminderJobId(id, chosenId, 'hour'))).toBeDefined();
    expect((await notificationsOf(ngo.id, id, 'pickup-update')).map((n) => n.message_key)).toContain(
      'notifyPickupAccepted',
    );

    // A second proposal, accepted too: the first one (chosen before) does not wait again.
    const second = await pickupApi.propose(ngo.token, id, { date: day(6), from: '15:00', to: '16:00' });
    expect(second.body.proposal).toMatchObject({ date: day(6), from: '15:00' });
    const acceptedAgain = await pickupApi.accept(pharmacy.token, id);
    expect(acceptedAgain.body.chosen).toMatchObject({ date: day(6), from: '15:00', proposedBy: 'requester' });
    expect(acceptedAgain.body.proposal).toBeNull();
    expect((await pickupApi.accept(pharmacy.token, id)).body.code).toBe('NOT_FOUND');
    // Choosing an offered window settles a proposal still waiting, as well.
    await pickupApi.propose(ngo.token, id, { date: day(7), from: '15:00', to: '16:00' });
    const offered = (acceptedAgain.body.windows as Array<{ id: number }>)[0]!.id;
    const choseOffered = await pickupApi.choose(ngo.token, id, offered);
    expect(choseOffered.body).toMatchObject({ chosenWindowId: offered, proposal: null });
    await pickupApi.accept(pharmacy.token, id);
    expect((await pickupApi.plan(ngo.token, id)).body.chosenWindowId).toBe(offered);
    chosenId = offered;
    expect(await queue().getJob(reminderJobId(id, chosenId, 'hour'))).toBeDefined();
    // Each settlement's e-mail is an invitation (iTIP REQUEST) to the one event of the request:
    // the same uid, a higher sequence each time, so calendars move it to the time now agreed.
    const uid = `pickup-${id}@medrelay.eg`;
    const ofRequest = (template: string) => (m: ReceivedMail) =>
      m.template === template && (m.calendar?.content.includes(`UID:${uid}`) ?? false);
    const settled = await waitForMails(ngo.email, 3, { match: ofRequest('pickup-confirmed') });
    const stamp = (date: string, time: string) =>
      cairoInstant(date, time)!
        .toISOString()
        .replace(/[-:]|\.\d{3}/g, '');
    const invitations = settled.map((m) => {
      expect(m.calendar!.method).toBe('REQUEST');
      const events = calendarEventsOf(m.calendar!.content);
      expect(events).toHaveLength(1);
      return events[0]!;
    });
    // In the order of their sequences: the times agreed one after the other.
    const inOrder = [...invitations].sort((x, y) => x.sequence - y.sequence);
    expect(inOrder.map((e) => [e.uid, e.status, e.start])).toEqual([
      [uid, 'CONFIRMED', stamp(day(5), '13:00')],
      [uid, 'CONFIRMED', stamp(day(6), '15:00')],
      [uid, 'CONFIRMED', stamp(day(4), '09:00')],
    ]);
    expect(new Set(inOrder.map((e) => e.sequence)).size).toBe(3);
    const last = inOrder.at(-1)!;

    // The owner changes the offer: the choice is cleared and its reminders removed.
    const reoffer = await pickupApi.offer(pharmacy.token, id, {
      windows: [{ date: day(6), from: '11:00', to: '12:00' }],
      location: 'Branch 2, Maadi',
    });
    expect(reoffer.status).toBe(200);
    expect(reoffer.body).toMatchObject({ chosenWindowId: null, location: 'Branch 2, Maadi', mapUrl: null });
    // The custody log records the agreed time withdrawn, by the owner (an entry without a window).
    const custody = await p.requests.api.get(`/api/requests/${id}/custody`, { token: ngo.token });
    expect(custody.body.at(-1)).toMatchObject({
      status: 'approved',
      fromStatus: 'approved',
      actorId: pharmacy.id,
      pickupWindow: null,
    });
    // The requester is told by e-mail, and its calendar file cancels the time agreed before
    // (iTIP CANCEL, the same uid, above the last invitation's sequence); the new window is not
    // sent to calendars (nothing is agreed yet).
    const [changed] = await waitForMails(ngo.email, 1, { match: ofRequest('pickup-changed') });
    expect(changed!.subject).toContain('New pickup times');
    expect(changed!.text).toContain(
      formatPickupWindow(cairoInstant(day(6), '11:00')!, cairoInstant(day(6), '12:00')!, 'en'),
    );
    expect(changed!.text).toContain('Branch 2, Maadi');
    const agreedBefore = formatPickupWindow(
      cairoInstant(day(4), '09:00')!,
      cairoInstant(day(4), '10:00')!,
      'en',
    );
    expect(changed!.text).toContain(`The time agreed before, ${agreedBefore}, no longer holds`);
    expect(changed!.calendar!.method).toBe('CANCEL');
    const [cancelled] = calendarEventsOf(changed!.calendar!.content);
    expect(calendarEventsOf(changed!.calendar!.content)).toHaveLength(1);
    expect(cancelled).toMatchObject({ uid, status: 'CANCELLED', start: stamp(day(4), '09:00') });
    expect(cancelled!.sequence).toBeGreaterThan(last.sequence);
    // The owner's calendar got the agreed time with its pickup-confirmed e-mail: its own copy,
    // in its language, clears it the same way.
    const [ownerCopy] = await waitForMails(pharmacy.email, 1, { match: ofRequest('pickup-changed') });
    expect(ownerCopy!.subject).toContain('Pickup time changed');
    expect(ownerCopy!.text).toContain(`The time agreed before, ${agreedBefore}, no longer holds`);
    expect(ownerCopy!.calendar!.method).toBe('CANCEL');
    expect(calendarEventsOf(ownerCopy!.calendar!.content)).toEqual([cancelled]);
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
  it('never schedules or hands over a pack past its expiry', async () => {
    clock().set(new Date());
    const listed = await p.catalog.api.post(
      '/api/medicines',
      medicineInput({ quantity: 5, recipientType: 'ngos' }, 3),
      { token: pharmacy.token },
    );
    const medicineId = listed.body.id as number;
    await waitUntil(
      async () =>
        (
          await p.requests.service.ctx.pool.query('SELECT 1 FROM requests.medicines WHERE id = $1', [
            medicineId,
          ])
        ).rowCount === 1,
      { what: 'the listing in the read model' },
    );
    const id = (await p.requests.api.post('/api/requests', { medicineId, quantity: 2 }, { token: ngo.token }))
      .body.id as number;
    const approve = (date: string, headers: Record<string, string> = {}) =>
      p.requests.api.put(
        `/api/requests/${id}/status`,
        {
          status: 'approved',
          pickup: { windows: [{ date, from: '10:00', to: '11:00' }], location: 'Dokki' },
        },
        { token: pharmacy.token, headers },
      );
    // It expires at the end of day 2 (3 days left, today counted): day 5 is too late.
    const late = await approve(day(5), { 'accept-language': 'ar' });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({
      message: 'صلاحية الدواء بتخلص قبل الميعاد ده: اختار ميعاد أقرب',
      details: [{ path: 'windows.0', rule: 'pickupWindowAfterExpiry' }],
    });
    expect(await quantityInCatalog(medicineId)).toBe(5);
    expect((await approve(day(1))).status).toBe(200);
    const proposed = await pickupApi.propose(ngo.token, id, { date: day(5), from: '10:00', to: '11:00' });
    expect([proposed.status, proposed.body.details[0].rule]).toEqual([400, 'pickupWindowAfterExpiry']);

    // The pack expires before the owner hands it over: the code does not (a collection the
    // requester reports, made on the last good day, is still recorded).
    await p.requests.service.ctx.pool.query(
      "UPDATE requests.medicines SET expiry_date = now() - interval '1 minute' WHERE id = $1",
      [medicineId],
    );
    const code = (await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token })).body.handoverCode
      .code;
    const handed = await p.requests.api.post(
      `/api/requests/${id}/handover`,
      { code },
      { token: pharmacy.token },
    );
    expect([handed.status, handed.body.code, handed.body.message]).toEqual([
      409,
      'MEDICINE_EXPIRED',
      'This pack has expired: it cannot be handed over',
    ]);
    expect((await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token })).body.status).toBe(
      'approved',
    );
  });
  it('queues the reminders a store blink kept from being queued after the choice, at the next sweep', async () => {
    clock().set(new Date());
    const { id } = await approvedWith(ngo, [{ date: day(2), from: '10:00', to: '11:00' }]);
    const plan = await pickupApi.plan(ngo.token, id);
    const windowId = plan.body.windows[0].id as number;
    expect((await pickupApi.choose(ngo.token, id, windowId)).status).toBe(200);
    const jobs = () =>
      Promise.all(['evening', 'hour'].map((k) => queue().getJob(reminderJobId(id, windowId, k as 'hour'))));
    expect((await jobs()).every(Boolean)).toBe(true);
    // As if Redis had blinked right after the commit: the choice stands, its reminders are missing.
    for (const job of await jobs()) await job!.remove();
    expect((await jobs()).some(Boolean)).toBe(false);
    await p.requests.service.pickup.sweep();
    const [evening, hour] = await jobs();
    expect(evening?.data).toMatchObject({ requestId: id, windowId, kind: 'evening' });
    expect(hour?.data).toMatchObject({ requestId: id, windowId, kind: 'hour' });
    // A second sweep leaves them as they are (the same jobs, not new ones).
    await p.requests.service.pickup.sweep();
    expect((await jobs())[1]!.timestamp).toBe(hour!.timestamp);
  });

  it('a pharmacy open late offers 23:00–01:00 and 22:00–24:00; the requester chooses the window past midnight, and the plan, the agreed time, the code, the e-mails and the calendar say it as one range', async () => {
    // Pinned: noon in Cairo, so the windows two days on are ahead whatever the hour the suite runs at.
    clock().set(cairoInstant(day(1), '12:00')!);
    const [d2, d3] = [day(2), day(3)];
    const start = cairoInstant(d2, '23:00')!;
    const end = cairoInstant(d3, '01:00')!;
    // Refused in the caller's language: too long past midnight, or a day that is not the next.
    const refused = await approvedWith(ngoAr, [{ date: d2, from: '10:00', to: '12:00' }]);
    const tooLong = await pickupApi.offer(
      pharmacy.token,
      refused.id,
      { windows: [{ date: d2, from: '20:00', to: '08:30', toDate: d3 }], location: 'Zamalek' },
      { 'accept-language': 'ar' },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      message: 'الميعاد اللي بيعدي نص الليل أقصاه 12 ساعة',
      details: [{ path: 'windows.0.to', rule: 'pickupWindowTooLong' }],
    });
    const twoDays = await pickupApi.offer(pharmacy.token, refused.id, {
      windows: [{ date: d2, from: '23:00', to: '01:00', toDate: day(4) }],
      location: 'Zamalek',
    });
    expect([twoDays.status, twoDays.body.details[0].rule]).toEqual([400, 'pickupWindowInvalid']);
    // Without `toDate` a window still ends on its own day, as clients sent it before.
    const backwards = await pickupApi.offer(pharmacy.token, refused.id, {
      windows: [{ date: d2, from: '23:00', to: '01:00' }],
      location: 'Zamalek',
    });
    expect([backwards.status, backwards.body.message]).toEqual([400, 'The window must end after it starts']);

    const { id } = await approvedWith(ngoAr, [
      { date: d2, from: '22:00', to: '24:00' },
      { date: d2, from: '23:00', to: '01:00', toDate: d3 },
    ]);
    const plan = (await pickupApi.plan(ngoAr.token, id)).body;
    expect(
      plan.windows.map((w: { date: string; from: string; to: string; toDate: string }) => [
        w.date,
        w.from,
        w.to,
        w.toDate,
      ]),
    ).toEqual([
      [d2, '22:00', '24:00', d2],
      [d2, '23:00', '01:00', d3],
    ]);
    expect(plan.windows[0].endsAt).toBe(cairoInstant(d3, '00:00')!.toISOString());
    const late = plan.windows[1].id as number;
    const chosen = await pickupApi.choose(ngoAr.token, id, late);
    expect(chosen.status).toBe(200);
    expect(chosen.body.chosen).toMatchObject({
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
      date: d2,
      from: '23:00',
      to: '01:00',
      toDate: d3,
    });
    // The agreed time of the transaction, and the handover code lasting to the end plus the grace period.
    const transaction = (
      (await p.requests.api.get('/api/transactions/my?pageSize=100', { token: ngoAr.token })).body as {
        id: number;
        pickup: { window: { startsAt: string; endsAt: string } | null };
      }[]
    ).find((t) => t.id === id)!;
    expect(transaction.pickup.window).toEqual({ startsAt: start.toISOString(), endsAt: end.toISOString() });
    const code = (await p.requests.api.get(`/api/requests/${id}`, { token: ngoAr.token })).body.handoverCode;
    expect(code.expiresAt).toBe(new Date(end.getTime() + 24 * 3600_000).toISOString());
    // Both e-mails name the day it starts, then the end on the next day, in each one's language;
    // the calendar event ends at 01:00 on the next day.
    const confirmed = async (email: string) =>
      (
        await waitForMails(email, 1, {
          match: (m) =>
            m.template === 'pickup-confirmed' && !!m.calendar?.content.includes(`UID:pickup-${id}@`),
        })
      )[0]!;
    const toRequester = await confirmed(ngoAr.email);
    expect(toRequester.text).toContain(formatPickupWindow(start, end, 'ar'));
    expect(toRequester.text).toMatch(
      / · \u206623:00\u2069 – (الأحد|الاتنين|الإثنين|الثلاثاء|الأربعاء|الخميس|الجمعة|السبت) \u206601:00\u2069/,
    );
    const ics = toRequester.calendar!.content;
    expect(ics).toContain(`DTSTART:${start.toISOString().replace(/[-:]|\.\d{3}/g, '')}`);
    expect(ics).toContain(`DTEND:${end.toISOString().replace(/[-:]|\.\d{3}/g, '')}`);
    const toOwner = await confirmed(pharmacy.email);
    expect(toOwner.text).toContain(formatPickupWindow(start, end, 'en'));
    expect(toOwner.text).toMatch(/ · \u206623:00\u2069 – [A-Z][a-z]+day \u206601:00\u2069/);
    // The owner's notice says the agreed time as the e-mails and the screens do, in the reader's
    // language (it said "2026-12-02 23:00 – 2026-12-03 01:00" in both).
    for (const language of ['en', 'ar'] as const) {
      const shown = await p.requests.api.get('/api/notifications', {
        token: pharmacy.token,
        headers: { 'accept-language': language },
      });
      const chosen = shown.body.find(
        (n: { requestId: number; type: string }) => n.requestId === id && n.type === 'pickup-update',
      );
      expect(chosen.message).toContain(formatPickupWindow(start, end, language));
    }
  });
});
