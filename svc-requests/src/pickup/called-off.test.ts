import { calendarEventsOf, waitForMails, type ReceivedMail } from '@medrelay/testing';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../testing';
import type { MedicineRequest, RequestStats, RequestSummary } from '@medrelay/contracts';
import {
  admin,
  approvedWith,
  day,
  list,
  ngo,
  notificationsOf,
  ngoAr,
  p,
  pharmacy,
  pickupApi,
  usePickupPlatform,
} from './pickup-fixture';

// An approved pickup called off (the requester cancels, the owner rejects): the e-mails that take
// it out of both parties' calendars.
usePickupPlatform();

describe('a pickup called off', () => {
  it('calling off an approved pickup e-mails the other party in its language, and the calendar files cancel the agreed pickup above the confirmation', async () => {
    const calledOff = (id: number) => (m: ReceivedMail) =>
      m.template === 'pickup-called-off' && Boolean(m.calendar?.content.includes(`UID:pickup-${id}@`));
    const nameOf = async (id: number) =>
      (
        await p.requests.service.ctx.pool.query(
          "SELECT coalesce(nullif(organization_name, ''), name) AS name FROM requests.users WHERE id = $1",
          [id],
        )
      ).rows[0].name as string;
    /** A request approved with two windows, one chosen: the uid of its calendar event and the confirmation's sequence. */
    const settled = async (requester: TestUser) => {
      const { id } = await approvedWith(requester, [
        { date: day(2), from: '10:00', to: '12:00' },
        { date: day(3), from: '10:00', to: '12:00' },
      ]);
      const windowId = (await pickupApi.plan(requester.token, id)).body.windows[1].id as number;
      expect((await pickupApi.choose(requester.token, id, windowId)).status).toBe(200);
      const uid = `pickup-${id}@medrelay.eg`;
      const [confirmed] = await waitForMails(pharmacy.email, 1, {
        match: (m) =>
          m.template === 'pickup-confirmed' && Boolean(m.calendar?.content.includes(`UID:${uid}`)),
      });
      expect(confirmed!.calendar!.method).toBe('REQUEST');
      const [event] = calendarEventsOf(confirmed!.calendar!.content);
      return { id, uid, confirmedSequence: event!.sequence };
    };
    const status = (token: string, id: number, to: string) =>
      p.requests.api.put(`/api/requests/${id}/status`, { status: to }, { token });
    /** An iTIP CANCEL of the request's one event, above the confirmation's sequence. */
    const expectCancelled = (mail: ReceivedMail, uid: string, above: number) => {
      expect(mail.calendar!.method).toBe('CANCEL');
      const events = calendarEventsOf(mail.calendar!.content);
      expect(events).toEqual([
        { uid, start: expect.any(String), status: 'CANCELLED', sequence: expect.any(Number) },
      ]);
      expect(events[0]!.sequence).toBeGreaterThan(above);
    };

    // The requester (English) will not come: the pharmacy is told not to wait, in English.
    const first = await settled(ngo);
    expect((await status(ngo.token, first.id, 'cancelled')).status).toBe(200);
    const toOwner = await waitForMails(pharmacy.email, 1, { match: calledOff(first.id) });
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.subject).toContain('Pickup called off');
    expect(toOwner[0]!.text).toContain(`${await nameOf(ngo.id)} will not collect 2 units of`);
    expect(toOwner[0]!.text).toContain('do not wait');
    expectCancelled(toOwner[0]!, first.uid, first.confirmedSequence);
    // The requester's own calendar is cleared by a short e-mail of its own.
    const own = await waitForMails(ngo.email, 1, { match: calledOff(first.id) });
    expect(own[0]!.text).toContain('You called off the pickup of 2 units of');
    expectCancelled(own[0]!, first.uid, first.confirmedSequence);

    // The pharmacy cannot hand over: the Arabic-reading NGO is told not to go, in Arabic.
    const second = await settled(ngoAr);
    expect((await status(pharmacy.token, second.id, 'rejected')).status).toBe(200);
    const toRequester = await waitForMails(ngoAr.email, 1, { match: calledOff(second.id) });
    expect(toRequester).toHaveLength(1);
    expect(toRequester[0]!.subject).toContain('اتلغى');
    expect(toRequester[0]!.text).toContain(
      `${await nameOf(pharmacy.id)} لغى التسليم: متروحش تستلم وحدتين من`,
    );
    expectCancelled(toRequester[0]!, second.uid, second.confirmedSequence);
    const ownerOwn = await waitForMails(pharmacy.email, 1, { match: calledOff(second.id) });
    expect(ownerOwn).toHaveLength(1);
    expect(ownerOwn[0]!.text).toContain('You called off the pickup of 2 units of');
    expectCancelled(ownerOwn[0]!, second.uid, second.confirmedSequence);
  });

  it("clears the owner's calendar of the agreed time when a new offer withdraws it, and again when the pickup is then called off", async () => {
    // A pharmacy of its own: every pickup e-mail in its mailbox is this request's.
    const owner = await p.user('pharmacy');
    const { id } = await approvedWith(ngo, [{ date: day(2), from: '10:00', to: '12:00' }], 2, owner);
    const chosen = (await pickupApi.plan(ngo.token, id)).body.windows[0].id as number;
    expect((await pickupApi.choose(ngo.token, id, chosen)).status).toBe(200);
    const uid = `UID:pickup-${id}@medrelay.eg`;
    const sequenceOf = (mail: ReceivedMail) => Number(/SEQUENCE:(\d+)/.exec(mail.calendar!.content)![1]);
    const [confirmed] = await waitForMails(owner.email, 1, {
      match: (m) => m.template === 'pickup-confirmed',
    });
    expect(confirmed!.calendar).toMatchObject({ method: 'REQUEST', content: expect.stringContaining(uid) });
    // The owner moves the pickup: its own copy of the new offer cancels the agreed time.
    const offer = { windows: [{ date: day(4), from: '10:00', to: '12:00' }], location: 'Dokki' };
    expect((await pickupApi.offer(owner.token, id, offer)).status).toBe(200);
    const [changed] = await waitForMails(owner.email, 1, { match: (m) => m.template === 'pickup-changed' });
    expect(changed!.calendar).toMatchObject({ method: 'CANCEL', content: expect.stringContaining(uid) });
    expect(sequenceOf(changed!)).toBeGreaterThan(sequenceOf(confirmed!));
    // Then the NGO will not come: the owner's e-mail cancels it again (a calendar that missed the
    // first one is cleared all the same), above the earlier messages.
    const cancel = { status: 'cancelled' };
    expect(
      (await p.requests.api.put(`/api/requests/${id}/status`, cancel, { token: ngo.token })).status,
    ).toBe(200);
    const [calledOff] = await waitForMails(owner.email, 1, {
      match: (m) => m.template === 'pickup-called-off',
    });
    expect(calledOff!.calendar).toMatchObject({ method: 'CANCEL', content: expect.stringContaining(uid) });
    expect(calledOff!.calendar!.content).toContain('STATUS:CANCELLED');
    expect(sequenceOf(calledOff!)).toBeGreaterThan(sequenceOf(changed!));
  });

  it('tells both parties a request ended after its approval (calledOff), on the request and in their lists; not one ended before', async () => {
    const status = (token: string, id: number, to: string) =>
      p.requests.api.put(`/api/requests/${id}/status`, { status: to }, { token });
    const window = [{ date: day(2), from: '10:00', to: '12:00' }];
    const byOwner = (await approvedWith(ngo, window)).id;
    const byRequester = (await approvedWith(ngo, window)).id;
    const pendingAsk = async () => {
      const medicine = await list(pharmacy.token, { quantity: 5, recipientType: 'ngos' });
      const body = { medicineId: medicine.id, quantity: 1 };
      return (await p.requests.api.post('/api/requests', body, { token: ngo.token })).body.id as number;
    };
    const [declined, withdrawn] = [await pendingAsk(), await pendingAsk()];
    expect((await status(pharmacy.token, byOwner, 'rejected')).status).toBe(200);
    expect((await status(ngo.token, byRequester, 'cancelled')).status).toBe(200);
    expect((await status(pharmacy.token, declined, 'rejected')).status).toBe(200);
    expect((await status(ngo.token, withdrawn, 'cancelled')).status).toBe(200);

    const expected = { [byOwner]: true, [byRequester]: true, [declined]: false, [withdrawn]: false };
    for (const [id, calledOff] of Object.entries(expected))
      for (const reader of [ngo, pharmacy]) {
        const one = await p.requests.api.get(`/api/requests/${id}`, { token: reader.token });
        expect(one.body, `request ${id}`).toMatchObject({ calledOff, endedByPlatform: false });
      }
    const mine = (
      await p.requests.api.get('/api/transactions/my?direction=outgoing&pageSize=100', {
        token: ngo.token,
      })
    ).body as MedicineRequest[];
    const theirs = (
      await p.requests.api.get(
        '/api/requests/my?direction=incoming&status=rejected,cancelled,calledOff&pageSize=100',
        {
          token: pharmacy.token,
        },
      )
    ).body as MedicineRequest[];
    for (const rows of [mine, theirs]) {
      const seen = Object.fromEntries(
        rows.filter((r) => String(r.id) in expected).map((r) => [r.id, r.calledOff]),
      );
      expect(seen).toEqual(expected);
    }
  });

  it('counts a called-off pickup apart from the rejected and cancelled, and the admin list filters it apart', async () => {
    const [owner, requester] = await Promise.all([p.user('pharmacy'), p.user('ngo')]);
    const status = (token: string, id: number, to: string) =>
      p.requests.api.put(`/api/requests/${id}/status`, { status: to }, { token });
    const window = [{ date: day(2), from: '10:00', to: '12:00' }];
    const byOwner = (await approvedWith(requester, window, 2, owner)).id;
    const byRequester = (await approvedWith(requester, window, 2, owner)).id;
    const pendingAsk = async () => {
      const medicine = await list(owner.token, { quantity: 5, recipientType: 'ngos' });
      const body = { medicineId: medicine.id, quantity: 1 };
      return (await p.requests.api.post('/api/requests', body, { token: requester.token })).body.id as number;
    };
    const [declined, withdrawn] = [await pendingAsk(), await pendingAsk()];
    expect((await status(owner.token, byOwner, 'rejected')).status).toBe(200);
    expect((await status(requester.token, byRequester, 'cancelled')).status).toBe(200);
    expect((await status(owner.token, declined, 'rejected')).status).toBe(200);
    expect((await status(requester.token, withdrawn, 'cancelled')).status).toBe(200);

    // Each party's figures: the two called off apart, the parts adding up to the four requests.
    const summaryOf = async (user: TestUser) =>
      (await p.requests.api.get('/api/requests/my/summary', { token: user.token })).body as RequestSummary;
    const parts = {
      pending: 0,
      approved: 0,
      rejected: 1,
      completed: 0,
      cancelled: 1,
      disputed: 0,
      calledOff: 2,
    };
    expect((await summaryOf(requester)).outgoing).toEqual(parts);
    expect((await summaryOf(owner)).incoming).toEqual(parts);

    // The administrator's list filters them apart, as their badges show them.
    const filtered = async (filter: string) =>
      (
        (
          await p.requests.api.get(`/api/admin/all-requests?status=${filter}&pageSize=100`, {
            token: admin.token,
          })
        ).body as MedicineRequest[]
      )
        .map((r) => r.id)
        .filter((id) => [byOwner, byRequester, declined, withdrawn].includes(id))
        .sort((a, b) => a - b);
    expect(await filtered('calledOff')).toEqual([byOwner, byRequester].sort((a, b) => a - b));
    expect(await filtered('rejected')).toEqual([declined]);
    expect(await filtered('cancelled')).toEqual([withdrawn]);
    // So do each party's own lists (the NGO's requests, an owner's history), whose rows show the badges.
    const ownFiltered = async (path: string, user: TestUser, filter: string) =>
      (
        (await p.requests.api.get(`${path}&status=${filter}&pageSize=100`, { token: user.token }))
          .body as MedicineRequest[]
      )
        .map((r) => r.id)
        .sort((a, b) => a - b);
    for (const [path, user] of [
      ['/api/transactions/my?direction=outgoing', requester],
      ['/api/requests/my?direction=incoming', owner],
    ] as const) {
      expect(await ownFiltered(path, user, 'calledOff'), path).toEqual(
        [byOwner, byRequester].sort((a, b) => a - b),
      );
      expect(await ownFiltered(path, user, 'rejected'), path).toEqual([declined]);
      expect(await ownFiltered(path, user, 'cancelled'), path).toEqual([withdrawn]);
      expect(await ownFiltered(path, user, 'rejected,calledOff'), path).toEqual(
        [byOwner, byRequester, declined].sort((a, b) => a - b),
      );
    }
    // The platform's figures count them apart too, and still add up to the total.
    const stats = (await p.requests.api.get('/api/admin/all-requests/stats', { token: admin.token }))
      .body as RequestStats;
    expect(stats.requestStatus.calledOff).toBeGreaterThanOrEqual(2);
    expect(Object.values(stats.requestStatus).reduce((a, b) => a + b, 0)).toBe(stats.totalRequests);
  });

  it('a window chosen again after another was agreed moves both calendars back to it and tells the owner; choosing the window already chosen changes nothing', async () => {
    const { id } = await approvedWith(ngo, [
      { date: day(3), from: '10:00', to: '11:00' },
      { date: day(3), from: '14:00', to: '15:00' },
    ]);
    const windows = (await pickupApi.plan(ngo.token, id)).body.windows as Array<{
      id: number;
      startsAt: string;
    }>;
    const [first, second] = windows;
    const choose = async (w: { id: number }) =>
      expect((await pickupApi.choose(ngo.token, id, w.id)).body.chosenWindowId).toBe(w.id);
    const custody = async () =>
      ((await p.requests.api.get(`/api/requests/${id}/custody`, { token: ngo.token })).body as unknown[])
        .length;
    // A, B, A again; A once more is the time already agreed: no step of the log, no e-mail.
    for (const w of [first!, second!, first!]) await choose(w);
    const steps = await custody();
    await choose(first!);
    expect(await custody()).toBe(steps);
    await choose(second!);
    // Four times agreed, four invitations to each party, in the order agreed (their sequences):
    // the last is the time the app shows.
    const stamp = (w: { startsAt: string }) => w.startsAt.replace(/[-:]|\.\d{3}/g, '');
    for (const email of [ngo.email, pharmacy.email]) {
      const invitations = (
        await waitForMails(email, 4, {
          match: (m) =>
            m.template === 'pickup-confirmed' && Boolean(m.calendar?.content.includes(`UID:pickup-${id}@`)),
        })
      )
        .map((m) => ({
          start: /DTSTART:(\S+)/.exec(m.calendar!.content)![1],
          sequence: Number(/SEQUENCE:(\d+)/.exec(m.calendar!.content)![1]),
        }))
        .sort((x, y) => x.sequence - y.sequence);
      expect(
        invitations.map((i) => i.start),
        email,
      ).toEqual([first, second, first, second].map(stamp));
      expect(new Set(invitations.map((i) => i.sequence)).size).toBe(4);
    }
    // The owner's bell says each time agreed, the last one last.
    const chosen = (await notificationsOf(pharmacy.id, id, 'pickup-update'))
      .filter((n) => n.message_key === 'notifyPickupChosen')
      .sort((x, y) => x.id - y.id);
    expect(chosen).toHaveLength(4);
  });
});
