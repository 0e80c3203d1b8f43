import { randomUUID } from 'node:crypto';
import type { RecallIssuedEvent, RecallNotice, RecallReach, Transaction } from '@medrelay/contracts';
import { withTransaction } from '@medrelay/service-kit';
import { mailsTo, waitUntil } from '@medrelay/testing';
import { describe, expect, it } from 'vitest';
import { applyMedicineEvent } from '../medicines/read-model';
import { recallNoticeOptions } from './notices';
import {
  admin,
  gtinOf,
  lift,
  list,
  ngo,
  ngo2,
  notices,
  p,
  pharmacy,
  pharmacy2,
  recall,
  recallMail,
  requestStatus,
  useRecallPlatform,
} from './recall-fixture';
import type { TestUser } from '../testing';

// A recall's reach beyond open listings: the NGOs and pharmacies that already collected the
// batch are told, their history flagged, acknowledgements counted and resent, and the listing
// form warned of a batch under a recall in force.
useRecallPlatform();

describe('a recall reaches every holder of the batch', () => {
  const reachOf = (id: number, token = admin.token) =>
    p.requests.api.get<RecallReach>(`/api/admin/recall-reach/${id}`, { token });
  const resend = (id: number, round: number, token = admin.token) =>
    p.requests.api.post(`/api/admin/recall-reach/${id}/resend`, { round }, { token });
  const acknowledge = (id: number, user: TestUser, language = 'en') =>
    p.requests.api.post<RecallNotice>(`/api/recall-notices/${id}/acknowledge`, undefined, {
      token: user.token,
      headers: { 'accept-language': language },
    });
  const outgoing = async (user: TestUser) =>
    (
      await p.requests.api.get<Transaction[]>('/api/transactions/my?direction=outgoing&pageSize=100', {
        token: user.token,
      })
    ).body;
  const recallMails = (user: TestUser) =>
    mailsTo(user.email).then((all) => all.filter((m) => m.template === 'recall-quarantined'));
  const move = (id: number, status: string, token: string) =>
    p.requests.api.put(`/api/requests/${id}/status`, { status }, { token });
  const ask = async (user: TestUser, medicineId: number, quantity: number) =>
    (await p.requests.api.post('/api/requests', { medicineId, quantity }, { token: user.token })).body as {
      id: number;
    };

  it('tells the NGO that collected the batch, flags its history, counts acknowledgements, resends, and the lift clears it', async () => {
    const gtin = gtinOf(510);
    const name = 'Collectol 10mg';
    // An NGO reading in Arabic collects all 10 units; the pharmacy then closes the empty listing.
    const collector = await p.user('ngo');
    await p.identity.api.put('/api/auth/me', { language: 'ar' }, { token: collector.token });
    await waitUntil(
      async () =>
        (
          await p.requests.service.ctx.pool.query('SELECT language FROM requests.users WHERE id = $1', [
            collector.id,
          ])
        ).rows[0]?.language === 'ar',
      { what: 'the NGO reads Arabic' },
    );
    const emptied = await list(pharmacy, { gtin, batch: 'C1', name, quantity: 10 });
    const collected = await ask(collector, emptied.id, 10);
    expect((await move(collected.id, 'approved', pharmacy.token)).status).toBe(200);
    expect((await move(collected.id, 'completed', collector.token)).status).toBe(200);
    expect(
      (await p.catalog.api.delete(`/api/medicines/${emptied.id}`, { token: pharmacy.token })).status,
    ).toBe(200);
    // Another pharmacy still lists the batch: one NGO's request approved, another's pending.
    const open = await list(pharmacy2, { gtin, batch: 'C1', name, quantity: 5 });
    const approved = await ask(ngo2, open.id, 2);
    expect((await move(approved.id, 'approved', pharmacy2.token)).status).toBe(200);
    const pending = await ask(ngo, open.id, 1);

    const issued = await recall({ gtin, batch: 'C1', reason: 'Dissolution failure' });
    expect(issued.status).toBe(201);
    const recallId = (issued.body as { id: number }).id;

    // Everyone holding the batch is reached at once, with what they hold as it stood.
    await waitUntil(async () => (await reachOf(recallId)).body !== null, { what: 'the reach recorded' });
    const reach = (await reachOf(recallId)).body;
    expect(reach).toMatchObject({
      recallId,
      gtin,
      batch: 'C1',
      reached: 4,
      acknowledged: 0,
      round: 1,
      liftedAt: null,
    });
    const holdingsOf = (userId: number) =>
      reach.parties.find((party) => party.userId === userId)?.holdings.map((h) => [h.holding, h.quantity]);
    expect(holdingsOf(collector.id)).toEqual([['collected', 10]]);
    // The owner holds the 3 units left and the 2 promised to the approved pickup.
    expect(holdingsOf(pharmacy2.id)).toEqual([['listed', 5]]);
    expect(holdingsOf(ngo2.id)).toEqual([['approved', 2]]);
    expect(holdingsOf(ngo.id)).toEqual([['requested', 1]]);
    // An NGO by its organisation ('Org' in the fixtures), as its notices name it.
    expect(reach.parties.find((party) => party.userId === collector.id)).toMatchObject({
      name: 'Org',
      userType: 'ngo',
      acknowledgedAt: null,
    });
    // The pending request was cancelled; the listing owner who sold out is not a holder.
    expect(holdingsOf(pharmacy.id)).toBeUndefined();
    expect(await requestStatus(pending.id)).toEqual({
      status: 'cancelled',
      closed_reason: 'Dissolution failure',
    });

    // The collector is told in Arabic, in-app and by e-mail, with what to do.
    const [notice] = await notices(collector, 'recall-quarantined', 'ar');
    expect(notice).toMatchObject({ title: 'تشغيلة اتسحبت', requestId: collected.id, recallId });
    expect(notice!.message).toBe(
      `${name} (التشغيلة C1) اللي استلمته، الكمية 10، اتسحب: Dissolution failure. شيل الوحدات دي على جنب دلوقتي ومتديهاش لحد؛ الصيدلي بتاعكم هيرجّعها زي ما تعليمات السحب بتقول. وبعدين أكّد إنها اتشالت على جنب.`,
    );
    const mail = await recallMail(collector, 'recall-quarantined');
    expect(mail.subject).toBe(`التشغيلة C1 من ${name} اتسحبت – MedRelay`);
    expect(mail.text).toContain('الصيدلي بتاعكم هيرجّعها');
    expect(mail.text).toContain(`/ngo/requests?request=${collected.id}`);
    // The owner still listing it is asked to set its packs aside too.
    expect((await notices(pharmacy2, 'recall-quarantined')).at(0)?.message).toContain('do not dispense them');

    // Its history row is flagged quarantined, not yet acknowledged.
    const row = (await outgoing(collector)).find((t) => t.id === collected.id);
    expect(row?.recallQuarantine).toEqual({ recallId, reason: 'Dissolution failure', acknowledgedAt: null });
    expect((await outgoing(ngo2)).find((t) => t.id === approved.id)?.recallQuarantine).toBeNull();
    const mine = await p.requests.api.get<RecallNotice[]>('/api/recall-notices/my', {
      token: collector.token,
    });
    expect(mine.body.find((n) => n.recallId === recallId)).toMatchObject({
      batch: 'C1',
      acknowledgedAt: null,
      holdings: [{ holding: 'collected', quantity: 10, requestId: collected.id, medicineName: name }],
    });

    // A replayed issue event (a new event id) notifies and e-mails nobody twice.
    const ctx = p.requests.service.ctx;
    const queuedMails = async () =>
      (
        await ctx.pool.query(
          "SELECT count(*)::int AS n FROM requests.outbox WHERE queue = 'mail' AND payload->>'idempotencyKey' LIKE $1",
          [`recall:${recallId}:%`],
        )
      ).rows[0].n as number;
    expect(await queuedMails()).toBe(4);
    const replay: RecallIssuedEvent = {
      eventId: randomUUID(),
      type: 'recall.issued',
      occurredAt: new Date().toISOString(),
      recallId,
      gtin,
      batch: 'C1',
      reason: 'Dissolution failure',
      listings: [{ medicineId: open.id, ownerId: pharmacy2.id, name }],
    };
    expect(
      await withTransaction(ctx.pool, (c) =>
        applyMedicineEvent(c, replay, { ...recallNoticeOptions(ctx), publicUrl: 'http://medrelay.test' }),
      ),
    ).toBe(true);
    expect(await queuedMails()).toBe(4);
    expect(await notices(collector, 'recall-quarantined')).toHaveLength(1);
    expect((await reachOf(recallId)).body.reached).toBe(4);

    // Acknowledging: only a party the recall reached, in the caller's language, nothing written otherwise.
    const stranger = await acknowledge(recallId, pharmacy, 'ar');
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({
      code: 'RECALL_NOT_REACHED',
      message: 'السحب ده موصلكش: مفيش حاجة تأكّدها',
      details: { recallId },
    });
    const missing = await acknowledge(999_999, collector);
    expect(missing.status).toBe(404);
    expect((missing.body as unknown as { code: string }).code).toBe('RECALL_NOT_REACHED');
    expect((await reachOf(recallId)).body.acknowledged).toBe(0);
    // Live screens hear of it: the admins' recall screen (migration 041).
    const liveToAdmin = async () =>
      (
        await ctx.pool.query(
          `SELECT count(*)::int AS n FROM requests.outbox
            WHERE job_name = 'recall' AND payload->'event'->>'id' = $1
              AND payload->'userIds' @> jsonb_build_array($2::int)`,
          [String(recallId), admin.id],
        )
      ).rows[0].n as number;
    const heard = await liveToAdmin();
    expect(heard).toBeGreaterThan(0);
    const acked = await acknowledge(recallId, collector);
    expect(acked.status).toBe(200);
    expect(acked.body.acknowledgedAt).not.toBeNull();
    // Again: the first acknowledgement stays.
    expect((await acknowledge(recallId, collector)).body.acknowledgedAt).toBe(acked.body.acknowledgedAt);
    const after = (await reachOf(recallId)).body;
    expect(after).toMatchObject({ reached: 4, acknowledged: 1 });
    expect(await liveToAdmin()).toBe(heard + 2);
    expect(after.parties.find((party) => party.userId === collector.id)?.acknowledgedAt).toBe(
      acked.body.acknowledgedAt,
    );
    expect(
      (await outgoing(collector)).find((t) => t.id === collected.id)?.recallQuarantine?.acknowledgedAt,
    ).toBe(acked.body.acknowledgedAt);

    // A resend reaches only those who have not acknowledged; the same round again sends nothing.
    const ngo2Mails = (await recallMails(ngo2)).length;
    const sent = await resend(recallId, 2);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ resent: 3, round: 2, acknowledged: 1 });
    expect((await resend(recallId, 2)).body).toMatchObject({ resent: 0, round: 2 });
    const stale = await resend(recallId, 5);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('RECALL_RESEND_STALE');
    for (const user of [pharmacy2, ngo2, ngo])
      expect(
        (await notices(user, 'recall-quarantined')).filter(
          (n) => n.title === 'Reminder: batch recalled, please confirm',
        ),
      ).toHaveLength(1);
    expect(await notices(collector, 'recall-quarantined')).toHaveLength(1);
    await waitUntil(async () => (await recallMails(ngo2)).length === ngo2Mails + 1, {
      what: 'the reminder mail',
    });
    const reminders = (await recallMails(ngo2)).filter((m) => m.subject.startsWith('Reminder: '));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe(`Reminder: Batch C1 of ${name} is recalled – MedRelay`);
    expect(await recallMails(collector)).toHaveLength(1);
    expect(await queuedMails()).toBe(7);

    // Admins only; an unknown recall is named clearly.
    expect((await reachOf(recallId, ngo.token)).status).toBe(403);
    expect((await resend(recallId, 3, ngo.token)).status).toBe(403);
    // A recall not (yet) applied here has no reach: null, not an error (the screen asks at once).
    const unknown = await reachOf(999_999);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toBeNull();
    const resendUnknown = await resend(999_999, 2);
    expect(resendUnknown.status).toBe(404);
    expect((resendUnknown.body as unknown as { message: string }).message).toBe(
      'Nobody has been reached for this recall yet',
    );

    // The lift clears the flag and tells the collector it may use the units again.
    expect((await lift(recallId)).status).toBe(200);
    await waitUntil(
      async () => (await outgoing(collector)).find((t) => t.id === collected.id)?.recallQuarantine === null,
      { what: 'the flag cleared' },
    );
    await waitUntil(async () => (await notices(collector, 'recall-lifted')).length === 1, {
      what: 'lift notice',
    });
    expect((await reachOf(recallId)).body.liftedAt).not.toBeNull();
    expect(
      (
        await p.requests.api.get<RecallNotice[]>('/api/recall-notices/my', { token: collector.token })
      ).body.map((n) => n.recallId),
    ).not.toContain(recallId);
    const afterLift = await resend(recallId, 3);
    expect(afterLift.status).toBe(409);
    expect((afterLift.body as unknown as { code: string }).code).toBe('RECALL_ALREADY_LIFTED');
  });

  it('tells a pharmacy that bought the batch and lists it once at the issue and once at the lift', async () => {
    const gtin = gtinOf(520);
    const name = 'Twiceol 20mg';
    const [seller, buyer] = [await p.user('pharmacy'), await p.user('pharmacy')];
    const sold = await list(seller, { gtin, batch: 'T2', name, quantity: 6, recipientType: 'both' });
    const bought = await ask(buyer, sold.id, 4);
    expect((await move(bought.id, 'approved', seller.token)).status).toBe(200);
    expect((await move(bought.id, 'completed', buyer.token)).status).toBe(200);
    // The buyer lists part of what it bought: an owner and a holder of the batch.
    await list(buyer, { gtin, batch: 'T2', name, quantity: 2 });

    const issued = await recall({ gtin, batch: 'T2', reason: 'Particles' });
    expect(issued.status).toBe(201);
    const recallId = (issued.body as { id: number }).id;
    const of = async (type: string) =>
      (await notices(buyer, type)).filter((n) => (n as { recallId?: number }).recallId === recallId);
    await waitUntil(async () => (await of('recall-quarantined')).length > 0, { what: 'issue notice' });
    expect(await of('recall-quarantined')).toHaveLength(1);

    expect((await lift(recallId)).status).toBe(200);
    await waitUntil(async () => (await of('recall-lifted')).length > 0, { what: 'lift notice' });
    const lifted = await of('recall-lifted');
    expect(lifted).toHaveLength(1);
    // In the part that matters most: the units set aside may be used again.
    expect(lifted[0]!.message).toContain('set aside');
    const mail = await recallMail(buyer, 'recall-lifted');
    expect(mail.text).toContain('the units you set aside may be used again');
  });

  it('reaches a collector by the batch handed over, though the listing was corrected to another before the owner confirmed', async () => {
    const gtin = gtinOf(530);
    const [seller, collector] = [await p.user('pharmacy'), await p.user('ngo')];
    const medicine = await list(seller, { gtin, batch: 'E1', name: 'Editol', quantity: 5 });
    const collected = await ask(collector, medicine.id, 2);
    expect((await move(collected.id, 'approved', seller.token)).status).toBe(200);
    // Collected (marked by the NGO, without the code) with batch E1 in the custody log.
    expect((await move(collected.id, 'completed', collector.token)).status).toBe(200);
    // The owner corrects the listing's batch, then confirms the collection: a second entry says E2.
    expect(
      (await p.catalog.api.put(`/api/medicines/${medicine.id}`, { batch: 'E2' }, { token: seller.token }))
        .status,
    ).toBe(200);
    await waitUntil(
      async () =>
        (
          await p.requests.service.ctx.pool.query('SELECT batch FROM requests.medicines WHERE id = $1', [
            medicine.id,
          ])
        ).rows[0]?.batch === 'E2',
      { what: 'the read model has E2' },
    );
    const confirmed = await p.requests.api.post(
      `/api/requests/${collected.id}/collection/confirm`,
      undefined,
      {
        token: seller.token,
      },
    );
    expect(confirmed.status).toBe(200);

    // No listing carries E1 any more: the recall is still accepted, for what was handed over.
    const issued = await recall({ gtin, batch: 'E1', reason: 'Wrong strength' });
    expect(issued.status).toBe(201);
    const recallId = (issued.body as { id: number }).id;
    await waitUntil(async () => (await reachOf(recallId)).body !== null, { what: 'the reach recorded' });
    const party = (await reachOf(recallId)).body.parties.find((x) => x.userId === collector.id);
    expect(party?.holdings.map((h) => [h.holding, h.quantity])).toEqual([['collected', 2]]);
  });

  it('does not ask an owner whose listing was collected in full to set aside packs it no longer has', async () => {
    const gtin = gtinOf(512);
    const [seller, collector] = [await p.user('pharmacy'), await p.user('ngo')];
    const medicine = await list(seller, { gtin, batch: 'Z0', name: 'Emptiol', quantity: 3 });
    const taken = await ask(collector, medicine.id, 3);
    expect((await move(taken.id, 'approved', seller.token)).status).toBe(200);
    expect((await move(taken.id, 'completed', collector.token)).status).toBe(200);
    await waitUntil(
      async () =>
        (
          await p.requests.service.ctx.pool.query('SELECT quantity FROM requests.medicines WHERE id = $1', [
            medicine.id,
          ])
        ).rows[0]?.quantity === 0,
      { what: 'the read model has nothing left' },
    );

    const issued = await recall({ gtin, batch: 'Z0', reason: 'Wrong label' });
    expect(issued.status).toBe(201);
    const recallId = (issued.body as { id: number }).id;
    await waitUntil(async () => (await reachOf(recallId)).body !== null, { what: 'the reach recorded' });
    // Only the NGO holds the packs: the seller is neither reached nor counted as not acknowledged.
    const reach = (await reachOf(recallId)).body;
    expect(
      reach.parties.map((party) => [party.userId, party.holdings.map((h) => [h.holding, h.quantity])]),
    ).toEqual([[collector.id, [['collected', 3]]]]);
    expect(reach).toMatchObject({ reached: 1, acknowledged: 0 });
    await waitUntil(async () => (await notices(collector, 'recall-quarantined')).length === 1, {
      what: 'the collector told',
    });
    expect(await notices(seller, 'recall-quarantined')).toEqual([]);
    expect((await acknowledge(recallId, collector)).status).toBe(200);
    expect((await reachOf(recallId)).body).toMatchObject({ reached: 1, acknowledged: 1 });
  });

  it("tells the listing form whether a pack's batch is under a recall in force", async () => {
    const gtin = gtinOf(511);
    await list(pharmacy, { gtin, batch: 'S1', name: 'Scannol' });
    const check = (batch: string, token = pharmacy.token) =>
      p.catalog.api.get(`/api/products/${gtin}/recall?batch=${encodeURIComponent(batch)}`, { token });
    expect((await check('S1')).body).toEqual({ recalled: false, reason: null, recalledAt: null });
    const issued = await recall({ gtin, batch: 'S1', reason: 'Wrong strength printed' });
    expect((await check('S1')).body).toMatchObject({ recalled: true, reason: 'Wrong strength printed' });
    expect((await check('S2')).body.recalled).toBe(false);
    // Donors scan their packs too; NGOs do not list.
    expect((await check('S1', ngo.token)).status).toBe(403);
    expect(
      (await p.catalog.api.get(`/api/products/123/recall?batch=S1`, { token: pharmacy.token })).status,
    ).toBe(400);
    await lift((issued.body as { id: number }).id);
    expect((await check('S1')).body.recalled).toBe(false);
  });
});
