import { randomUUID } from 'node:crypto';
import type { RecallEvent, RecallLiftedEvent, RecallNotice, RecallReach } from '@medrelay/contracts';
import { addDays, cairoToday } from '@medrelay/domain';
import { withTransaction } from '@medrelay/service-kit';
import { calendarEventsOf, mailsTo, waitForMails, waitUntil, type ReceivedMail } from '@medrelay/testing';
import { describe, expect, it } from 'vitest';
import { applyMedicineEvent } from '../medicines/read-model';
import type { TestUser } from '../testing';
import { recallNoticeOptions } from './notices';
import {
  admin,
  browseIds,
  gtinOf,
  holds,
  lift,
  list,
  notices,
  p,
  recall,
  requestStatus,
  useRecallPlatform,
} from './recall-fixture';
import { releaseHolds } from './repo';

// A recall and the transfers already under way on its batch: pickups it holds, listings no
// longer offered, and listings edited into it after it was issued.
useRecallPlatform();

/**
 * A request on a listing of the batch, approved with a window tomorrow that its requester chose;
 * its own parties, so their e-mails (approval, pickup, recall) land in no other test's counts.
 */
async function pickupChosen(gtin: string, batch: string, name: string) {
  const [owner, needer] = [await p.user('pharmacy'), await p.user('ngo')];
  const medicine = await list(owner, { gtin, batch, name, quantity: 10 });
  const { id } = (
    await p.requests.api.post(
      '/api/requests',
      { medicineId: medicine.id, quantity: 2 },
      { token: needer.token },
    )
  ).body as { id: number };
  const tomorrow = addDays(cairoToday(), 1);
  const approved = await p.requests.api.put(
    `/api/requests/${id}/status`,
    {
      status: 'approved',
      pickup: { windows: [{ date: tomorrow, from: '10:00', to: '11:00' }], location: 'Dokki' },
    },
    { token: owner.token },
  );
  expect(approved.status).toBe(200);
  const plan = await p.requests.api.get(`/api/requests/${id}/pickup`, { token: needer.token });
  const windowId = plan.body.windows[0].id as number;
  await p.requests.api.post(`/api/requests/${id}/pickup/choice`, { windowId }, { token: needer.token });
  return { id, windowId, needer, owner };
}

/** A request by `user` on a listing, approved by its owner. */
async function approvedRequest(owner: TestUser, user: TestUser, medicineId: number, quantity: number) {
  const { id } = (await p.requests.api.post('/api/requests', { medicineId, quantity }, { token: user.token }))
    .body as { id: number };
  const approved = await p.requests.api.put(
    `/api/requests/${id}/status`,
    { status: 'approved' },
    { token: owner.token },
  );
  expect(approved.status).toBe(200);
  return id;
}

/** Who the recall reached (waits until its first event is applied). */
async function reachOf(recallId: number): Promise<RecallReach> {
  const read = async () =>
    (await p.requests.api.get<RecallReach>(`/api/admin/recall-reach/${recallId}`, { token: admin.token }))
      .body;
  await waitUntil(async () => (await read()) !== null, { what: 'the reach recorded' });
  return read();
}

/** A party's holdings as [holding, medicine, quantity]. */
const holdingsOf = (reach: RecallReach, userId: number) =>
  reach.parties
    .find((party) => party.userId === userId)
    ?.holdings.map((h) => [h.holding, h.medicineId, h.quantity]);

describe('a recall stops every transfer of its batch', () => {
  it('a held pickup is neither reminded of nor missed nor released; the lift frees a window that passed meanwhile', async () => {
    const gtin = gtinOf(531);
    const { id, windowId, needer } = await pickupChosen(gtin, 'LOT-H', 'Heldol');

    const issued = await recall({ gtin, batch: 'LOT-H', reason: 'Mislabelled' });
    expect(issued.status).toBe(201);
    await waitUntil(async () => (await holds(id)) === 1, { what: 'held' });
    const pickup = p.requests.service.pickup;
    // Its reminders do nothing (the recall notice said not to collect).
    expect(await pickup.sendReminder({ requestId: id, windowId, kind: 'hour', dueAt: '' })).toBe('stale');
    // The window passes (in the database's time too) while held: not missed, nobody's no-show.
    const pool = p.requests.service.ctx.pool;
    await pool.query(
      `UPDATE requests.pickup_windows SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour'
        WHERE id = $1`,
      [windowId],
    );
    await pickup.sweep();
    const row = async () =>
      (
        await pool.query(
          `SELECT status, missed_at, chosen_window_id,
                  (SELECT count(*)::int FROM requests.no_shows WHERE request_id = $1) AS no_shows
             FROM requests.requests WHERE id = $1`,
          [id],
        )
      ).rows[0];
    expect(await row()).toMatchObject({
      status: 'approved',
      missed_at: null,
      chosen_window_id: windowId,
      no_shows: 0,
    });

    // Lifted: active again, with no window chosen (the parties agree on another); never missed.
    expect((await lift(issued.body.id)).status).toBe(200);
    await waitUntil(async () => (await holds(id)) === 0, { what: 'hold lifted' });
    expect(await row()).toMatchObject({
      status: 'approved',
      missed_at: null,
      chosen_window_id: null,
      no_shows: 0,
    });
    const after = await p.requests.api.get(`/api/requests/${id}/pickup`, { token: needer.token });
    expect(after.body).toMatchObject({ chosenWindowId: null, chosen: null, proposal: null });
    await pickup.sweep();
    expect(await row()).toMatchObject({ status: 'approved', missed_at: null, no_shows: 0 });
  });

  it("clears a held pickup's agreed time from both calendars, and puts it back when the recall is lifted before it", async () => {
    const gtin = gtinOf(539);
    const { id, needer, owner } = await pickupChosen(gtin, 'LOT-C', 'Calendol');
    const uid = `pickup-${id}@medrelay.eg`;
    const ofRequest = (template: string) => (m: ReceivedMail) =>
      m.template === template && Boolean(m.calendar?.content.includes(`UID:${uid}`));
    /** The one event of a mail's calendar message, with the message's method. */
    const eventOf = (mail: ReceivedMail) => {
      const events = calendarEventsOf(mail.calendar!.content);
      expect(events).toHaveLength(1);
      return { method: mail.calendar!.method, ...events[0]! };
    };
    const [invited] = await waitForMails(needer.email, 1, { match: ofRequest('pickup-confirmed') });
    const agreed = eventOf(invited!);

    const issued = await recall({ gtin, batch: 'LOT-C', reason: 'Wrong strength on the label' });
    expect(issued.status).toBe(201);
    // Each party is told not to go / not to hand over, and its calendar file cancels the time,
    // above the invitation's sequence (a calendar ignores a message that does not outrank it).
    const [toNeeder] = await waitForMails(needer.email, 1, { match: ofRequest('pickup-on-hold') });
    const [toOwner] = await waitForMails(owner.email, 1, { match: ofRequest('pickup-on-hold') });
    expect(toNeeder!.text).toContain('is on hold: the batch is recalled (Wrong strength on the label)');
    expect(toNeeder!.text).toContain(
      'Do not go to collect it until MedRelay tells you the recall is lifted.',
    );
    expect(toOwner!.text).toContain(
      'Do not hand the units over until MedRelay tells you the recall is lifted.',
    );
    const cancelled = eventOf(toNeeder!);
    expect(cancelled).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', start: agreed.start });
    expect(cancelled.sequence).toBeGreaterThan(agreed.sequence);
    expect(eventOf(toOwner!)).toEqual(cancelled);

    // Lifted before the time: the pickup comes back to both calendars, outranking the cancel,
    // and the requester's e-mail carries its handover code again.
    expect((await lift(issued.body.id)).status).toBe(200);
    const [, back] = await waitForMails(needer.email, 2, { match: ofRequest('pickup-confirmed') });
    const [, ownerBack] = await waitForMails(owner.email, 2, { match: ofRequest('pickup-confirmed') });
    const restored = eventOf(back!);
    expect(restored).toMatchObject({ method: 'REQUEST', status: 'CONFIRMED', start: agreed.start });
    expect(restored.sequence).toBeGreaterThan(cancelled.sequence);
    expect(eventOf(ownerBack!)).toEqual(restored);
    expect(back!.text).toMatch(/Your handover code: \d{6}/);

    // The next move outranks the lift's invitation: the requester calls the pickup off.
    const cancel = await p.requests.api.put(
      `/api/requests/${id}/status`,
      { status: 'cancelled' },
      { token: needer.token },
    );
    expect(cancel.status).toBe(200);
    const [calledOff] = await waitForMails(owner.email, 1, { match: ofRequest('pickup-called-off') });
    expect(eventOf(calledOff!).sequence).toBeGreaterThan(restored.sequence);
    // Nobody was told twice of the hold.
    expect((await mailsTo(needer.email)).filter(ofRequest('pickup-on-hold'))).toHaveLength(1);
  });

  it('a time chosen while a recall holds the pickup goes to calendars at the lift, not before', async () => {
    const gtin = gtinOf(540);
    const { id, needer, owner } = await pickupChosen(gtin, 'LOT-D', 'Chosendol');
    const issued = await recall({ gtin, batch: 'LOT-D', reason: 'Particles in the solution' });
    await waitUntil(async () => (await holds(id)) === 1, { what: 'held' });
    // While held, the owner offers another time and the requester chooses it: the app shows it…
    const later = addDays(cairoToday(), 3);
    const offered = await p.requests.api.put(
      `/api/requests/${id}/pickup`,
      { windows: [{ date: later, from: '12:00', to: '13:00' }], location: 'Dokki' },
      { token: owner.token },
    );
    expect(offered.status).toBe(200);
    const windowId = (offered.body.windows as Array<{ id: number }>)[0]!.id;
    const chose = await p.requests.api.post(
      `/api/requests/${id}/pickup/choice`,
      { windowId },
      { token: needer.token },
    );
    expect(chose.body).toMatchObject({ chosenWindowId: windowId });
    // …but no invitation goes to calendars (queued in the choice's own transaction, if at all).
    const invitationsQueued = async () =>
      (
        await p.requests.service.ctx.pool.query(
          `SELECT count(*)::int AS n FROM requests.outbox
            WHERE job_name = 'pickup-confirmed' AND payload->>'idempotencyKey' LIKE $1`,
          [`pickup-confirmed:${id}:${windowId}:%`],
        )
      ).rows[0].n as number;
    expect(await invitationsQueued()).toBe(0);

    // The lift invites both parties to the time chosen.
    expect((await lift(issued.body.id)).status).toBe(200);
    const chosenStart = (m: ReceivedMail) =>
      m.template === 'pickup-confirmed' && Boolean(m.calendar?.content.includes(`UID:pickup-${id}@`));
    const [, atLift] = await waitForMails(needer.email, 2, { match: chosenStart });
    expect(atLift!.text).toContain('12:00');
    await waitForMails(owner.email, 2, { match: chosenStart });
    expect(await invitationsQueued()).toBe(2);
  });

  it('a lift while a new time is being chosen invites to the time chosen, not the one before', async () => {
    const gtin = gtinOf(543);
    const [owner, needer] = [await p.user('pharmacy'), await p.user('ngo')];
    const medicine = await list(owner, { gtin, batch: 'LOT-R', name: 'Racedol', quantity: 10 });
    const { id } = (
      await p.requests.api.post(
        '/api/requests',
        { medicineId: medicine.id, quantity: 2 },
        { token: needer.token },
      )
    ).body as { id: number };
    const [first, second] = [addDays(cairoToday(), 1), addDays(cairoToday(), 2)];
    const approved = await p.requests.api.put(
      `/api/requests/${id}/status`,
      {
        status: 'approved',
        pickup: {
          windows: [
            { date: first, from: '10:00', to: '11:00' },
            { date: second, from: '15:00', to: '16:00' },
          ],
          location: 'Dokki',
        },
      },
      { token: owner.token },
    );
    expect(approved.status).toBe(200);
    const plan = await p.requests.api.get(`/api/requests/${id}/pickup`, { token: needer.token });
    const windowIds = (plan.body.windows as Array<{ id: number; startsAt: string }>).toSorted((a, b) =>
      a.startsAt.localeCompare(b.startsAt),
    );
    const choose = (windowId: number) =>
      p.requests.api.post(`/api/requests/${id}/pickup/choice`, { windowId }, { token: needer.token });
    expect((await choose(windowIds[0]!.id)).status).toBe(200);
    const issued = await recall({ gtin, batch: 'LOT-R', reason: 'Mislabelled cartons' });
    await waitUntil(async () => (await holds(id)) === 1, { what: 'held' });

    // The requester picks the second time while the recall is lifted: the choice has seen the hold
    // (so it invites nobody) and has not committed when the lift reads what is chosen. A lock on
    // the notifications table keeps the choice there, just before its commit.
    const pool = p.requests.service.ctx.pool;
    const gate = await pool.connect();
    const waiting = async (table: string) =>
      (
        await pool.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity a
            WHERE a.wait_event_type = 'Lock' AND EXISTS (
                  SELECT 1 FROM pg_locks l WHERE l.pid = a.pid AND l.granted AND l.relation = $1::regclass)`,
          [table],
        )
      ).rows[0].n as number;
    let choosing: ReturnType<typeof choose>;
    try {
      await gate.query('BEGIN');
      await gate.query('LOCK TABLE requests.notifications IN EXCLUSIVE MODE');
      choosing = choose(windowIds[1]!.id);
      await waitUntil(async () => (await waiting('requests.custody_log')) === 1, { what: 'choice waiting' });
      expect((await lift(issued.body.id)).status).toBe(200);
      await waitUntil(async () => (await waiting('requests.lifted_recalls')) === 1, { what: 'lift waiting' });
    } finally {
      await gate.query('COMMIT');
      gate.release();
    }
    expect((await choosing).status).toBe(200);

    // The calendars end with the second time: the lift's invitation (after the agreement's) is for it.
    const confirmed = (m: ReceivedMail) =>
      m.template === 'pickup-confirmed' && Boolean(m.calendar?.content.includes(`UID:pickup-${id}@`));
    const [agreed, atLift] = await waitForMails(needer.email, 2, { match: confirmed });
    expect(agreed!.text).toContain('10:00');
    expect(atLift!.text).toContain('15:00');
  });

  it("puts a held pickup back in both calendars at the lift though notification e-mails are off, as the hold's e-mail said", async () => {
    const gtin = gtinOf(544);
    const { id, needer, owner } = await pickupChosen(gtin, 'LOT-S', 'Switchol');
    const issued = await recall({ gtin, batch: 'LOT-S', reason: 'Broken seals' });
    expect(issued.status).toBe(201);
    // The hold's e-mail goes whatever the switch says, and tells each party an e-mail puts the time back.
    const [onHold] = await waitForMails(needer.email, 1, {
      match: (m) => m.template === 'pickup-on-hold' && m.text.includes('Broken seals'),
    });
    expect(onHold!.text).toContain('If the recall is lifted before that time, an e-mail puts it back');
    await waitForMails(owner.email, 1, { match: (m) => m.template === 'pickup-on-hold' });

    // The administrator has switched notification e-mails off when the recall is lifted.
    const ctx = p.requests.service.ctx;
    const medicineId = (
      await ctx.pool.query<{ medicine_id: number }>(
        'SELECT medicine_id FROM requests.requests WHERE id = $1',
        [id],
      )
    ).rows[0]!.medicine_id;
    const lifted: RecallLiftedEvent = {
      eventId: randomUUID(),
      type: 'recall.lifted',
      occurredAt: new Date().toISOString(),
      recallId: issued.body.id as number,
      gtin,
      batch: 'LOT-S',
      reason: 'Broken seals',
      listings: [{ medicineId, ownerId: owner.id, name: 'Switchol' }],
      restored: [medicineId],
    };
    const quiet = async () => ({ ...(await ctx.settings()), emailNotifications: false });
    const invitations = async () =>
      (
        await ctx.pool.query<{ reader: string }>(
          `SELECT payload->>'to' AS reader FROM requests.outbox
            WHERE job_name = 'pickup-confirmed' AND payload->>'idempotencyKey' LIKE $1`,
          [`pickup-confirmed:${id}:%`],
        )
      ).rows.map((r) => r.reader);
    expect(await invitations()).toHaveLength(2);
    await withTransaction(ctx.pool, (c) =>
      applyMedicineEvent(c, lifted, { ...recallNoticeOptions(ctx), settings: quiet }),
    );
    expect(await holds(id)).toBe(0);
    // The lift's invitation goes to both parties, as the hold's e-mail promised.
    expect((await invitations()).toSorted()).toEqual(
      [needer.email, needer.email, owner.email, owner.email].toSorted(),
    );
  });

  it('a lift while another recall is holding the same pickup leaves it held, out of the calendars', async () => {
    const gtin = gtinOf(545);
    const { id, owner } = await pickupChosen(gtin, 'LOT-O', 'Overlapol');
    const ctx = p.requests.service.ctx;
    const medicineId = (
      await ctx.pool.query<{ medicine_id: number }>(
        'SELECT medicine_id FROM requests.requests WHERE id = $1',
        [id],
      )
    ).rows[0]!.medicine_id;
    const event = (type: 'recall.issued' | 'recall.lifted', recallId: number) =>
      ({
        eventId: randomUUID(),
        type,
        occurredAt: new Date().toISOString(),
        recallId,
        gtin,
        batch: 'LOT-O',
        reason: `Recall ${recallId}`,
        listings: [{ medicineId, ownerId: owner.id, name: 'Overlapol' }],
        ...(type === 'recall.lifted' ? { restored: [medicineId] } : {}),
      }) as RecallEvent;
    const apply = (client: Parameters<typeof applyMedicineEvent>[0], e: RecallEvent) =>
      applyMedicineEvent(client, e, recallNoticeOptions(ctx));
    const [first, second] = [900_451, 900_452];
    await withTransaction(ctx.pool, (c) => apply(c, event('recall.issued', first)));
    expect(await holds(id)).toBe(1);
    const invitations = async () =>
      (
        await ctx.pool.query(
          `SELECT count(*)::int AS n FROM requests.outbox
            WHERE job_name = 'pickup-confirmed' AND payload->>'idempotencyKey' LIKE $1`,
          [`pickup-confirmed:${id}:%`],
        )
      ).rows[0].n as number;
    const before = await invitations();

    // The second recall holds the pickup in a transaction still open when the first one's lift runs.
    const issuing = await ctx.pool.connect();
    let lifting: Promise<unknown>;
    try {
      await issuing.query('BEGIN');
      await apply(issuing, event('recall.issued', second));
      lifting = withTransaction(ctx.pool, (c) => apply(c, event('recall.lifted', first)));
      // The lift either waits for the hold's commit or is done without it.
      await waitUntil(
        async () =>
          (
            await ctx.pool.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> $1`,
              [(await issuing.query('SELECT pg_backend_pid() AS pid')).rows[0].pid],
            )
          ).rows[0].n === 1 ||
          (await ctx.pool.query('SELECT 1 FROM requests.lifted_recalls WHERE recall_id = $1', [first]))
            .rowCount === 1,
        { what: 'the lift waiting or done' },
      );
      await issuing.query('COMMIT');
    } finally {
      issuing.release();
    }
    await lifting;
    // Still held by the second recall: not back in the calendars, not free to collect.
    expect(await holds(id)).toBe(1);
    expect(await invitations()).toBe(before);
  });

  it('a grace period under way when the hold began goes on after the lift, not released at once', async () => {
    const gtin = gtinOf(532);
    const { id } = await pickupChosen(gtin, 'LOT-G', 'Gracol');
    // The window was missed 30 hours ago: 23 of the 24 hours of grace were left when the recall came.
    const pool = p.requests.service.ctx.pool;
    await pool.query(`UPDATE requests.requests SET missed_at = now() - interval '30 hours' WHERE id = $1`, [
      id,
    ]);
    const issued = await recall({ gtin, batch: 'LOT-G', reason: 'Mislabelled' });
    await waitUntil(async () => (await holds(id)) === 1, { what: 'held' });
    await pool.query(
      `UPDATE requests.recall_holds SET created_at = now() - interval '29 hours' WHERE request_id = $1`,
      [id],
    );
    const pickup = p.requests.service.pickup;
    expect((await pickup.sweep()).released).toBe(0);
    expect((await lift(issued.body.id)).status).toBe(200);
    await waitUntil(async () => (await holds(id)) === 0, { what: 'hold lifted' });
    // The 23 hours left are still left: the parties can still meet.
    expect((await pickup.sweep()).released).toBe(0);
    expect((await requestStatus(id)).status).toBe('approved');
    const { rows } = await pool.query(
      `SELECT extract(epoch FROM missed_at + interval '24 hours' - now()) / 3600 AS hours_left FROM requests.requests WHERE id = $1`,
      [id],
    );
    expect(Number(rows[0].hours_left)).toBeGreaterThan(22.9);
    expect(Number(rows[0].hours_left)).toBeLessThan(23.1);
  });

  it('keeps the pickup clock still from the first of two overlapping holds to the last lift', async () => {
    const gtin = gtinOf(533);
    const { id } = await pickupChosen(gtin, 'LOT-O', 'Overlol');
    const pool = p.requests.service.ctx.pool;
    await pool.query(`UPDATE requests.requests SET missed_at = now() - interval '30 hours' WHERE id = $1`, [
      id,
    ]);
    const issued = await recall({ gtin, batch: 'LOT-O', reason: 'Mislabelled' });
    await waitUntil(async () => (await holds(id)) === 1, { what: 'held' });
    // Held for 29 hours by this recall, and for the last hour by a second one as well.
    await pool.query(
      `UPDATE requests.recall_holds SET created_at = now() - interval '29 hours' WHERE request_id = $1`,
      [id],
    );
    const second = 990_000 + id;
    await pool.query(
      `INSERT INTO requests.recall_holds (request_id, recall_id, reason, created_at)
       VALUES ($1, $2, 'Second recall', now() - interval '1 hour')`,
      [id, second],
    );
    expect((await lift(issued.body.id)).status).toBe(200);
    await waitUntil(async () => (await holds(id)) === 1, { what: 'the first hold lifted' });
    await withTransaction(pool, (client) => releaseHolds(client, second));
    const pickup = p.requests.service.pickup;
    expect((await pickup.sweep()).released).toBe(0);
    const { rows } = await pool.query(
      `SELECT extract(epoch FROM missed_at + interval '24 hours' - now()) / 3600 AS hours_left FROM requests.requests WHERE id = $1`,
      [id],
    );
    // The 23 hours of grace left when the first hold began are still left.
    expect(Number(rows[0].hours_left)).toBeGreaterThan(22.9);
    expect(Number(rows[0].hours_left)).toBeLessThan(23.1);
  });

  it('stops the requests on a listing of the batch no longer offered, and tells its owner', async () => {
    const gtin = gtinOf(532);
    const [owner, needer, asker] = [await p.user('pharmacy'), await p.user('ngo'), await p.user('ngo')];
    const medicine = await list(owner, { gtin, batch: 'LOT-U', name: 'Unlistol', quantity: 10 });
    const ask = async (user: typeof needer, quantity: number) =>
      (
        await p.requests.api.post(
          '/api/requests',
          { medicineId: medicine.id, quantity },
          { token: user.token },
        )
      ).body as { id: number };
    const approved = await ask(needer, 3);
    const pending = await ask(asker, 1);
    const approve = await p.requests.api.put(
      `/api/requests/${approved.id}/status`,
      { status: 'approved' },
      { token: owner.token },
    );
    expect(approve.status).toBe(200);
    // The owner takes the rest off the market: the recall quarantines no offered listing.
    expect((await p.catalog.api.delete(`/api/medicines/${medicine.id}`, { token: owner.token })).status).toBe(
      200,
    );
    // Unlisting rejected the pending request already; the approved one still holds its units.
    await waitUntil(async () => (await requestStatus(pending.id)).status === 'rejected', {
      what: 'the pending request ended by the unlisting',
    });
    const issued = await recall({ gtin, batch: 'LOT-U', reason: 'Contamination' });
    expect(issued.status).toBe(201);
    expect(issued.body.hiddenListings).toBe(0);

    await waitUntil(async () => (await holds(approved.id)) === 1, { what: 'the approved request held' });
    expect(await requestStatus(pending.id)).toEqual({ status: 'rejected', closed_reason: null });
    const collected = await p.requests.api.put(
      `/api/requests/${approved.id}/status`,
      { status: 'completed' },
      { token: needer.token },
    );
    expect(collected.status).toBe(409);
    expect(collected.body.code).toBe('REQUEST_ON_HOLD');
    // The owner holds the 3 units promised: told to set them aside.
    await waitUntil(async () => (await notices(owner, 'recall-quarantined')).length === 1, {
      what: 'the owner told',
    });
    expect((await notices(owner, 'recall-quarantined'))[0]!.message).toContain('Unlistol');
  });

  it('reaches owners still holding unlisted stock of the batch with no request open, also stock an administrator took off the market', async () => {
    const gtin = gtinOf(535);
    const [shelf, taken] = [await p.user('pharmacy'), await p.user('pharmacy')];
    // One pharmacy unlisted its packs itself; an administrator took the other's off the market.
    const unlisted = await list(shelf, { gtin, batch: 'LOT-S', name: 'Shelfol', quantity: 7 });
    expect((await p.catalog.api.delete(`/api/medicines/${unlisted.id}`, { token: shelf.token })).status).toBe(
      200,
    );
    const offMarket = await list(taken, { gtin, batch: 'LOT-S', name: 'Shelfol', quantity: 3 });
    const unlistedByAdmin = await p.catalog.api.put(
      `/api/admin/all-medicines/${offMarket.id}/unlist`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(unlistedByAdmin.status).toBe(200);
    await waitUntil(
      async () =>
        (
          await p.requests.service.ctx.pool.query(
            'SELECT count(*)::int AS n FROM requests.medicines WHERE id = ANY($1) AND NOT is_available',
            [[unlisted.id, offMarket.id]],
          )
        ).rows[0].n === 2,
      { what: 'the read model has both unlisted' },
    );

    const issued = await recall({ gtin, batch: 'LOT-S', reason: 'Particles' });
    expect(issued.status).toBe(201);
    expect(issued.body.hiddenListings).toBe(0);
    const recallId = (issued.body as { id: number }).id;
    // Both still hold their packs: reached, counted and told to set them aside.
    const reach = await reachOf(recallId);
    expect(reach).toMatchObject({ reached: 2, acknowledged: 0 });
    expect(holdingsOf(reach, shelf.id)).toEqual([['listed', unlisted.id, 7]]);
    expect(holdingsOf(reach, taken.id)).toEqual([['listed', offMarket.id, 3]]);
    for (const owner of [shelf, taken]) {
      await waitUntil(async () => (await notices(owner, 'recall-quarantined')).length === 1, {
        what: `owner ${owner.id} told`,
      });
      expect((await notices(owner, 'recall-quarantined'))[0]!.message).toContain(
        'Set the packs of this batch aside and do not dispense them',
      );
    }
    // The lift tells them the packs set aside may be used again (their listings stay unlisted).
    expect((await lift(recallId)).status).toBe(200);
    for (const owner of [shelf, taken])
      await waitUntil(async () => (await notices(owner, 'recall-lifted')).length === 1, {
        what: `owner ${owner.id} told of the lift`,
      });
    expect((await notices(shelf, 'recall-lifted'))[0]!.message).toBe(
      'The recall of Shelfol (batch LOT-S) is lifted: the units you set aside may be used again.',
    );
  });

  it('stops the requests on a listing edited into a recalled batch, and tells its parties', async () => {
    const gtin = gtinOf(533);
    const [owner, needer, other] = [await p.user('pharmacy'), await p.user('ngo'), await p.user('pharmacy')];
    await list(other, { gtin, batch: 'BAD-1', name: 'Editrec', quantity: 4 });
    const issued = await recall({ gtin, batch: 'BAD-1', reason: 'Impurity' });
    expect(issued.status).toBe(201);
    const medicine = await list(owner, { gtin, batch: 'OK-1', name: 'Editrec', quantity: 6 });
    const asked = (
      await p.requests.api.post(
        '/api/requests',
        { medicineId: medicine.id, quantity: 2 },
        { token: needer.token },
      )
    ).body as { id: number };
    expect(
      (
        await p.requests.api.put(
          `/api/requests/${asked.id}/status`,
          { status: 'approved' },
          { token: owner.token },
        )
      ).status,
    ).toBe(200);

    // The owner corrects the batch to the recalled one: quarantined, its approved request held.
    const edited = await p.catalog.api.put(
      `/api/medicines/${medicine.id}`,
      { batch: 'BAD-1' },
      { token: owner.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ quarantined: true, quarantineReason: 'Impurity' });
    await waitUntil(async () => (await holds(asked.id)) === 1, { what: 'the approved request held' });
    for (const user of [needer, owner])
      await waitUntil(async () => (await notices(user, 'recall-quarantined')).length === 1, {
        what: `user ${user.id} told`,
      });
    const collected = await p.requests.api.put(
      `/api/requests/${asked.id}/status`,
      { status: 'completed' },
      { token: needer.token },
    );
    expect(collected.body.code).toBe('REQUEST_ON_HOLD');
  });

  it('stops the approved pickup of an unlisted listing edited into a recalled batch, tells its parties, and keeps it hidden when listed again', async () => {
    const gtin = gtinOf(534);
    const [owner, needer, other] = [await p.user('pharmacy'), await p.user('ngo'), await p.user('pharmacy')];
    await list(other, { gtin, batch: 'BAD-9', name: 'Unlistedit', quantity: 4 });
    const issued = await recall({ gtin, batch: 'BAD-9', reason: 'Impurity' });
    expect(issued.status).toBe(201);
    const recallId = (issued.body as { id: number }).id;
    const medicine = await list(owner, { gtin, batch: 'OK-9', name: 'Unlistedit', quantity: 6 });
    const asked = await approvedRequest(owner, needer, medicine.id, 2);
    // The owner takes the rest off the market, then corrects the batch to the recalled one.
    expect((await p.catalog.api.delete(`/api/medicines/${medicine.id}`, { token: owner.token })).status).toBe(
      200,
    );
    const edited = await p.catalog.api.put(
      `/api/medicines/${medicine.id}`,
      { batch: 'BAD-9' },
      { token: owner.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      isAvailable: false,
      quarantined: true,
      quarantineReason: 'Impurity',
    });
    await waitUntil(async () => (await holds(asked)) === 1, { what: 'the approved request held' });
    const collected = await p.requests.api.put(
      `/api/requests/${asked}/status`,
      { status: 'completed' },
      { token: needer.token },
    );
    expect(collected.status).toBe(409);
    expect(collected.body.code).toBe('REQUEST_ON_HOLD');
    for (const user of [needer, owner])
      await waitUntil(async () => (await notices(user, 'recall-quarantined')).length === 1, {
        what: `user ${user.id} told`,
      });
    // The owner holds the 4 units it unlisted and the 2 promised; the NGO must not collect its 2.
    await waitUntil(async () => holdingsOf(await reachOf(recallId), owner.id) !== undefined, {
      what: 'the owner reached',
    });
    const reach = await reachOf(recallId);
    expect(holdingsOf(reach, owner.id)).toEqual([['listed', medicine.id, 6]]);
    expect(holdingsOf(reach, needer.id)).toEqual([['approved', medicine.id, 2]]);
    // Listed again, it stays quarantined: hidden and not requestable.
    const relisted = await p.catalog.api.put(
      `/api/medicines/${medicine.id}`,
      { isAvailable: true },
      { token: owner.token },
    );
    expect(relisted.status).toBe(200);
    expect(relisted.body).toMatchObject({ isAvailable: true, quarantined: true });
    expect(await browseIds('Unlistedit')).not.toContain(medicine.id);
  });

  it('tells a party again, and asks it to confirm again, when an edit puts another of its pickups on hold', async () => {
    const gtin = gtinOf(536);
    const [first, second, needer] = [await p.user('pharmacy'), await p.user('pharmacy'), await p.user('ngo')];
    const held = await list(first, { gtin, batch: 'BAD-5', name: 'Twiceheld', quantity: 5 });
    const early = await approvedRequest(first, needer, held.id, 1);
    const issued = await recall({ gtin, batch: 'BAD-5', reason: 'Sterility failure' });
    expect(issued.status).toBe(201);
    const recallId = (issued.body as { id: number }).id;
    await waitUntil(async () => (await notices(needer, 'recall-quarantined')).length === 1, {
      what: 'the NGO told',
    });
    const acked = await p.requests.api.post<RecallNotice>(
      `/api/recall-notices/${recallId}/acknowledge`,
      undefined,
      { token: needer.token },
    );
    expect(acked.status).toBe(200);
    expect((await reachOf(recallId)).acknowledged).toBe(1);

    // Another of its pickups, of a listing then corrected to the recalled batch.
    const other = await list(second, { gtin, batch: 'OK-5', name: 'Twiceheld', quantity: 5 });
    const late = await approvedRequest(second, needer, other.id, 2);
    const edited = await p.catalog.api.put(
      `/api/medicines/${other.id}`,
      { batch: 'BAD-5' },
      { token: second.token },
    );
    expect(edited.body).toMatchObject({ quarantined: true });
    await waitUntil(async () => (await holds(late)) === 1, { what: 'the second pickup held' });
    // Told of the new holding, in-app and by e-mail; its earlier confirmation no longer covers it.
    await waitUntil(async () => (await notices(needer, 'recall-quarantined')).length === 2, {
      what: 'the NGO told again',
    });
    expect((await notices(needer, 'recall-quarantined')).map((n) => n.requestId).sort()).toEqual(
      [early, late].sort(),
    );
    await waitUntil(
      async () =>
        (await mailsTo(needer.email)).filter((m) => m.template === 'recall-quarantined').length === 2,
      { what: 'the second e-mail' },
    );
    const reach = await reachOf(recallId);
    expect(holdingsOf(reach, needer.id)).toEqual([
      ['approved', held.id, 1],
      ['approved', other.id, 2],
    ]);
    expect(reach.parties.find((party) => party.userId === needer.id)?.acknowledgedAt).toBeNull();
    expect(reach.acknowledged).toBe(0);
  });

  it("counts a requester's cancelling of its held pickups as its acknowledgement, once none is left to collect", async () => {
    const gtin = gtinOf(537);
    const [first, second, needer] = [await p.user('pharmacy'), await p.user('pharmacy'), await p.user('ngo')];
    const one = await list(first, { gtin, batch: 'BAD-6', name: 'Calledoffol', quantity: 5 });
    const two = await list(second, { gtin, batch: 'BAD-6', name: 'Calledoffol', quantity: 5 });
    const ids = [
      await approvedRequest(first, needer, one.id, 1),
      await approvedRequest(second, needer, two.id, 1),
    ];
    const issued = await recall({ gtin, batch: 'BAD-6', reason: 'Sterility failure' });
    const recallId = (issued.body as { id: number }).id;
    await waitUntil(async () => (await holds(ids[1]!)) === 1, { what: 'both pickups held' });
    const acknowledgedAt = async () =>
      (await reachOf(recallId)).parties.find((party) => party.userId === needer.id)?.acknowledgedAt;
    expect(await acknowledgedAt()).toBeNull();

    const cancel = (id: number) =>
      p.requests.api.put(`/api/requests/${id}/status`, { status: 'cancelled' }, { token: needer.token });
    expect((await cancel(ids[0]!)).status).toBe(200);
    // The other pickup is still held: the recall's word not to collect it still waits for an answer.
    expect(await acknowledgedAt()).toBeNull();
    expect((await cancel(ids[1]!)).status).toBe(200);
    expect(await acknowledgedAt()).not.toBeNull();
    // The owners hold the packs and still have to confirm they set them aside.
    const reach = await reachOf(recallId);
    expect(
      reach.parties.filter((party) => party.acknowledgedAt !== null).map((party) => party.userId),
    ).toEqual([needer.id]);
  });
});
