import { randomUUID } from 'node:crypto';
import type { Medicine, RecallIssuedEvent, RecallReach } from '@medrelay/contracts';
import { withTransaction } from '@medrelay/service-kit';
import { mailsTo, waitForMails, waitUntil } from '@medrelay/testing';
import { describe, expect, it } from 'vitest';
import { applyMedicineEvent } from '../medicines/read-model';
import { recallNoticeOptions } from './notices';
import {
  admin,
  browseIds,
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
  holds,
  useRecallPlatform,
} from './recall-fixture';

// Batch recalls end to end over the real platform: the catalog's API quarantines,
// svc-requests consumes the event (cancel / hold / notify), a lift gives back what it hid.
useRecallPlatform();

// Read straight from the services' tables: what a recall did to listings, requests and holds.
const quarantined = async (ids: number[]) =>
  (
    await p.catalog.service.ctx.pool.query<{ id: number; quarantine_reason: string | null }>(
      'SELECT id, quarantine_reason FROM catalog.medicines WHERE id = ANY($1) ORDER BY id',
      [ids],
    )
  ).rows.map((r) => r.quarantine_reason);
describe('batch recalls', () => {
  it('quarantines exactly the open listings of the batch, cancels or holds their requests, notifies once; the lift restores', async () => {
    const gtin = gtinOf(501);
    const name = 'Recallol 500';
    const hit1 = await list(pharmacy, { gtin, batch: 'LOT-A', name, quantity: 10 });
    const hit2 = await list(pharmacy2, { gtin, batch: 'LOT-A', name, quantity: 10 });
    const otherBatch = await list(pharmacy, { gtin, batch: 'LOT-B', name, quantity: 10 });
    const otherGtin = await list(pharmacy, { gtin: gtinOf(502), batch: 'LOT-A', name, quantity: 10 });
    const closed = await list(pharmacy2, { gtin, batch: 'LOT-A', name, quantity: 10 });
    await p.catalog.api.delete(`/api/medicines/${closed.id}`, { token: pharmacy2.token });

    // A pending request on hit1 (to be cancelled), an approved one on hit2 (to be held), and a
    // completed one on hit2 (left alone).
    const pending = (
      await p.requests.api.post('/api/requests', { medicineId: hit1.id, quantity: 2 }, { token: ngo.token })
    ).body;
    const approved = (
      await p.requests.api.post('/api/requests', { medicineId: hit2.id, quantity: 3 }, { token: ngo2.token })
    ).body;
    const done = (
      await p.requests.api.post('/api/requests', { medicineId: hit2.id, quantity: 1 }, { token: ngo.token })
    ).body;
    for (const id of [approved.id, done.id]) {
      expect(
        (
          await p.requests.api.put(
            `/api/requests/${id}/status`,
            { status: 'approved' },
            { token: pharmacy2.token },
          )
        ).status,
      ).toBe(200);
    }
    expect(
      (
        await p.requests.api.put(
          `/api/requests/${done.id}/status`,
          { status: 'completed' },
          { token: ngo.token },
        )
      ).status,
    ).toBe(200);
    expect(await browseIds('Recallol')).toEqual(
      expect.arrayContaining([hit1.id, otherBatch.id, otherGtin.id]),
    );

    // The GTIN may be typed as GTIN-13 (leading zero dropped): it is stored as GTIN-14.
    const issued = await recall({ gtin: gtin.slice(1), batch: 'LOT-A', reason: 'Sterility failure' });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({
      gtin,
      batch: 'LOT-A',
      hiddenListings: 2,
      liftedAt: null,
      createdBy: admin.id,
    });

    const all = [hit1.id, hit2.id, otherBatch.id, otherGtin.id, closed.id];
    expect(await quarantined(all)).toEqual(['Sterility failure', 'Sterility failure', null, null, null]);
    // Browse hides them at once (the change feed drops kept pages); the others stay.
    const browsed = await browseIds('Recallol');
    expect(browsed).not.toContain(hit1.id);
    expect(browsed).not.toContain(hit2.id);
    expect(browsed).toEqual(expect.arrayContaining([otherBatch.id, otherGtin.id]));
    // Not requestable: a clear 409 in both languages.
    const refused = await p.requests.api.post(
      '/api/requests',
      { medicineId: hit1.id, quantity: 1 },
      { token: ngo2.token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'MEDICINE_QUARANTINED',
      message: 'This medicine is quarantined: its batch is recalled',
    });
    const refusedAr = await p.requests.api.post(
      '/api/requests',
      { medicineId: hit1.id, quantity: 1 },
      { token: ngo2.token, headers: { 'accept-language': 'ar' } },
    );
    expect(refusedAr.body).toMatchObject({
      code: 'MEDICINE_QUARANTINED',
      message: 'الدواء ده متحفّظ عليه: التشغيلة بتاعته اتسحبت',
    });
    // The owner sees the mark and the reason on its own list.
    const mine = (await p.catalog.api.get('/api/medicines/my', { token: pharmacy.token })).body as Medicine[];
    expect(mine.find((m) => m.id === hit1.id)).toMatchObject({
      quarantined: true,
      quarantineReason: 'Sterility failure',
    });
    expect(mine.find((m) => m.id === otherBatch.id)).toMatchObject({
      quarantined: false,
      quarantineReason: null,
    });

    // svc-requests: pending cancelled with the reason (its reservation released), approved held, completed untouched.
    await waitUntil(async () => (await requestStatus(pending.id)).status === 'cancelled', {
      what: 'pending cancelled',
    });
    expect(await requestStatus(pending.id)).toEqual({
      status: 'cancelled',
      closed_reason: 'Sterility failure',
    });
    await waitUntil(async () => (await holds(approved.id)) === 1, { what: 'approved held' });
    expect((await requestStatus(approved.id)).status).toBe('approved');
    expect(await requestStatus(done.id)).toEqual({ status: 'completed', closed_reason: null });
    expect(await holds(done.id)).toBe(0);
    // Both parties read why on the request itself.
    const heldView = await p.requests.api.get(`/api/requests/${approved.id}`, { token: pharmacy2.token });
    expect(heldView.body).toMatchObject({
      status: 'approved',
      recallHold: 'Sterility failure',
      closedReason: null,
    });
    const cancelledView = await p.requests.api.get(`/api/requests/${pending.id}`, { token: ngo.token });
    expect(cancelledView.body).toMatchObject({
      status: 'cancelled',
      recallHold: null,
      closedReason: 'Sterility failure',
    });
    // A held request cannot be completed.
    const complete = await p.requests.api.put(
      `/api/requests/${approved.id}/status`,
      { status: 'completed' },
      { token: ngo2.token },
    );
    expect(complete.status).toBe(409);
    expect(complete.body.code).toBe('REQUEST_ON_HOLD');

    // Owners and requesters are told once each, in their language, in-app and by e-mail.
    await waitUntil(async () => (await notices(ngo, 'recall-quarantined')).length === 1, {
      what: 'requester notice',
    });
    expect((await notices(ngo, 'recall-quarantined'))[0]!.message).toContain('Sterility failure');
    expect(await notices(ngo2, 'recall-quarantined')).toHaveLength(1);
    expect(await notices(pharmacy, 'recall-quarantined')).toHaveLength(1);
    const ownerAr = await notices(pharmacy2, 'recall-quarantined', 'ar');
    expect(ownerAr).toHaveLength(1);
    expect(ownerAr[0]).toMatchObject({ title: 'تشغيلة اتسحبت', medicineId: hit2.id });
    const mailAr = await recallMail(pharmacy2, 'recall-quarantined');
    expect(mailAr.subject).toBe(`التشغيلة LOT-A من ${name} اتسحبت – MedRelay`);
    const mailEn = await recallMail(ngo2, 'recall-quarantined');
    expect(mailEn.subject).toBe(`Batch LOT-A of ${name} is recalled – MedRelay`);
    expect(mailEn.text).toContain('Sterility failure');

    // A second active recall of the same batch; lifting the first keeps everything hidden.
    const second = await recall({ gtin, batch: 'LOT-A', reason: 'Label mix-up' });
    expect(second.body.hiddenListings).toBe(2);
    expect(await quarantined([hit1.id, hit2.id])).toEqual(['Label mix-up', 'Label mix-up']);
    // Its event is applied (the request is held twice) before the first lift.
    await waitUntil(async () => (await holds(approved.id)) === 2, { what: 'second hold' });
    const lifted = await lift(issued.body.id);
    expect(lifted.status).toBe(200);
    expect(lifted.body.liftedAt).not.toBeNull();
    expect(await quarantined([hit1.id, hit2.id])).toEqual(['Label mix-up', 'Label mix-up']);
    expect(await browseIds('Recallol')).not.toContain(hit1.id);
    expect((await lift(issued.body.id)).body.code).toBe('RECALL_ALREADY_LIFTED');
    await waitUntil(
      async () =>
        (
          await p.requests.service.ctx.pool.query(
            "SELECT count(*)::int AS n FROM requests.inbox WHERE event_type = 'recall.lifted'",
          )
        ).rows[0].n >= 1,
      { what: 'first lift consumed' },
    );
    // Still held by the second recall; no one told of a lift that gave nothing back.
    expect(await holds(approved.id)).toBe(1);
    expect(await notices(pharmacy, 'recall-lifted')).toHaveLength(0);

    // Lifting the second restores exactly what was hidden: both listings, the hold, told once.
    expect((await lift(second.body.id)).status).toBe(200);
    expect(await quarantined(all)).toEqual([null, null, null, null, null]);
    expect(await browseIds('Recallol')).toEqual(expect.arrayContaining([hit1.id, hit2.id]));
    await waitUntil(async () => (await holds(approved.id)) === 0, { what: 'hold released' });
    expect(
      (await p.requests.api.get(`/api/requests/${approved.id}`, { token: ngo2.token })).body.recallHold,
    ).toBeNull();
    expect((await requestStatus(approved.id)).status).toBe('approved');
    await waitUntil(async () => (await notices(ngo2, 'recall-lifted')).length === 1, { what: 'lift notice' });
    expect((await recallMail(pharmacy2, 'recall-lifted')).subject).toBe(
      `سحب التشغيلة LOT-A من ${name} اترفع – MedRelay`,
    );
    expect(await notices(pharmacy, 'recall-lifted')).toHaveLength(1);
    // The NGO's collected unit was quarantined in its hands: it is told it may use it again.
    const freed = await notices(ngo, 'recall-lifted');
    expect(freed).toHaveLength(1);
    expect(freed[0]!.message).toBe(
      `The recall of ${name} (batch LOT-A) is lifted: the units you set aside may be used again.`,
    );
    // The closed (unlisted) listing stayed closed throughout.
    const closedNow = (await p.catalog.api.get(`/api/medicines/${closed.id}`, { token: pharmacy2.token }))
      .body;
    expect(closedNow).toMatchObject({ isAvailable: false, quarantined: false });

    // History: newest first, with how many listings each hid.
    const history = await p.catalog.api.get('/api/admin/recalls?pageSize=2', { token: admin.token });
    expect(history.status).toBe(200);
    expect(history.body.map((r: { id: number }) => r.id)).toEqual([second.body.id, issued.body.id]);
    expect(history.body[0]).toMatchObject({ hiddenListings: 2, reason: 'Label mix-up' });
    expect(Number(history.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
  });

  it('a listing of a batch under an active recall is quarantined when listed', async () => {
    const gtin = gtinOf(503);
    // The batch was listed once (and closed): a recall names a batch MedRelay has seen.
    const first = await list(pharmacy, { gtin, batch: 'L9', name: 'Relisted 5mg' });
    expect((await p.catalog.api.delete(`/api/medicines/${first.id}`, { token: pharmacy.token })).status).toBe(
      200,
    );
    const issued = await recall({ gtin, batch: 'L9', reason: 'Cold chain broken' });
    expect(issued.status).toBe(201);
    const recallId = (issued.body as { id: number }).id;
    const listed = await list(pharmacy, { gtin, batch: 'L9', name: 'Relisted 5mg', quantity: 4 });
    expect(listed).toMatchObject({ quarantined: true, quarantineReason: 'Cold chain broken' });
    expect(await browseIds('Relisted')).not.toContain(listed.id);
    // The lister is reached for the packs it just listed, and told to set them aside.
    const reachOf = async () =>
      (await p.requests.api.get<RecallReach>(`/api/admin/recall-reach/${recallId}`, { token: admin.token }))
        .body;
    const listedHolding = async () =>
      (await reachOf())?.parties
        .find((party) => party.userId === pharmacy.id)
        ?.holdings.find((h) => h.medicineId === listed.id);
    await waitUntil(async () => (await listedHolding()) !== undefined, { what: 'the lister reached' });
    expect(await listedHolding()).toMatchObject({ holding: 'listed', quantity: 4 });
    await waitUntil(
      async () =>
        (await notices(pharmacy, 'recall-quarantined')).some(
          (n) => n.medicineId === listed.id && (n as { recallId?: number }).recallId === recallId,
        ),
      { what: 'the lister told' },
    );
  });

  it('reaches a batch whatever its letter case: typed "lot7a" on one listing, "LOT7A" on the box and the recall', async () => {
    const gtin = gtinOf(540);
    const typed = await list(pharmacy, { gtin, batch: 'lot7a', name: 'Lowercase 5mg' });
    const scanned = await list(pharmacy2, { gtin, batch: 'LOT7A', name: 'Uppercase 5mg' });
    const issued = await recall({ gtin, batch: 'Lot7A', reason: 'Mislabelled strength' });
    expect(issued.status).toBe(201);
    expect(await quarantined([typed.id, scanned.id])).toEqual([
      'Mislabelled strength',
      'Mislabelled strength',
    ]);
    // Listed again afterwards in yet another case: quarantined at once.
    const again = await list(pharmacy, { gtin, batch: 'LOT7a', name: 'Lowercase 5mg' });
    expect(again).toMatchObject({ quarantined: true, quarantineReason: 'Mislabelled strength' });
    // And the listing form's warning finds it.
    const check = await p.catalog.api.get(`/api/products/${gtin}/recall?batch=lot7A`, {
      token: pharmacy.token,
    });
    expect(check.body).toMatchObject({ recalled: true, reason: 'Mislabelled strength' });
  });

  it('quarantines every listing of the batch written while the recall is issued, none escaping between the two', async () => {
    const gtin = gtinOf(541);
    await list(pharmacy, { gtin, batch: 'RACE1', name: 'Racing 5mg' });
    // Listings of the batch arriving at the very moment the recall is issued.
    const [listed, issued] = await Promise.all([
      Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          list(i % 2 ? pharmacy : pharmacy2, { gtin, batch: 'race1', name: `Racing ${i}` }),
        ),
      ),
      recall({ gtin, batch: 'RACE1', reason: 'Sterility not assured' }),
    ]);
    expect(issued.status).toBe(201);
    const { rows } = await p.catalog.service.ctx.pool.query<{ id: number; quarantine_reason: string | null }>(
      `SELECT id, quarantine_reason FROM catalog.medicines WHERE gtin = $1 AND is_available`,
      [gtin],
    );
    expect(rows.length).toBe(listed.length + 1);
    expect(rows.filter((r) => r.quarantine_reason === null)).toEqual([]);
  });

  it('refuses bad input in the caller language, and non-admins', async () => {
    const bad = await recall({ gtin: '6221234567890', batch: '', reason: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['batch', 'gtin', 'reason']);
    expect(bad.body.details.find((d: { path: string }) => d.path === 'gtin').message).toBe(
      'The product code (GTIN) is not valid: check its digits',
    );
    const badAr = await recall({ gtin: gtinOf(504), batch: 'B1', reason: '' }, admin.token, 'ar');
    expect(badAr.status).toBe(400);
    expect(badAr.body.details[0]).toMatchObject({
      path: 'reason',
      message: 'اكتب سبب سحب التشغيلة (3 حروف على الأقل)',
    });
    expect((await recall({ gtin: gtinOf(504), batch: 'B1', reason: 'Bad' }, pharmacy.token)).status).toBe(
      403,
    );
    expect((await p.catalog.api.get('/api/admin/recalls', { token: ngo.token })).status).toBe(403);
    expect((await lift(999_999)).status).toBe(404);
  });

  it('refuses a recall of a batch no listing ever carried, in the caller language, writing nothing', async () => {
    const count = async () =>
      (await p.catalog.service.ctx.pool.query('SELECT count(*)::int AS n FROM catalog.recalls')).rows[0]
        .n as number;
    const before = await count();
    const unknown = await recall({ gtin: gtinOf(509), batch: 'NEVER-1', reason: 'Unknown batch' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({
      code: 'RECALL_BATCH_UNKNOWN',
      message: 'No listing on MedRelay has carried this product code and batch: check both and try again',
      details: { gtin: gtinOf(509), batch: 'NEVER-1' },
    });
    // A known GTIN with another batch is just as unknown.
    await list(pharmacy, { gtin: gtinOf(509), batch: 'REAL-1', name: 'Knownol' });
    const unknownAr = await recall(
      { gtin: gtinOf(509), batch: 'NEVER-1', reason: 'Unknown batch' },
      admin.token,
      'ar',
    );
    expect(unknownAr.status).toBe(422);
    expect(unknownAr.body.message).toBe(
      'مفيش أي إعلان على MedRelay اتعرض بكود المنتج والتشغيلة دول: راجعهم وجرّب تاني',
    );
    expect(await count()).toBe(before);
  });

  it('the consumer applies a redelivered recall event once: one cancellation, one notice per person', async () => {
    const gtin = gtinOf(505);
    const target = await list(pharmacy, { gtin, batch: 'R1', name: 'Twice 10mg', quantity: 5 });
    const asked = (
      await p.requests.api.post('/api/requests', { medicineId: target.id, quantity: 1 }, { token: ngo.token })
    ).body;
    const event: RecallIssuedEvent = {
      eventId: randomUUID(),
      type: 'recall.issued',
      occurredAt: new Date().toISOString(),
      recallId: 900_001,
      gtin,
      batch: 'R1',
      reason: 'Test redelivery',
      listings: [{ medicineId: target.id, ownerId: pharmacy.id, name: 'Twice 10mg' }],
    };
    const ctx = p.requests.service.ctx;
    const apply = () =>
      withTransaction(ctx.pool, (c) =>
        applyMedicineEvent(c, event, { ...recallNoticeOptions(ctx), publicUrl: 'http://medrelay.test' }),
      );
    const before = (await mailsTo(ngo.email)).length;
    expect(await apply()).toBe(true);
    expect(await apply()).toBe(false);
    // Even a new event id for the same recall step (an operator's replay) notifies no one twice.
    event.eventId = randomUUID();
    expect(await apply()).toBe(true);
    expect(await requestStatus(asked.id)).toEqual({ status: 'cancelled', closed_reason: 'Test redelivery' });
    const mine = (await notices(ngo, 'recall-quarantined')).filter((n) => n.message.includes('Twice 10mg'));
    expect(mine).toHaveLength(1);
    expect(
      await notices(pharmacy, 'recall-quarantined').then((l) => l.filter((n) => n.message.includes('Twice'))),
    ).toHaveLength(1);
    await waitForMails(ngo.email, before + 1);
    const { rows } = await ctx.pool.query(
      `SELECT count(*)::int AS n FROM requests.outbox WHERE queue = 'mail' AND payload->>'idempotencyKey' = $1`,
      [`recall:900001:issued:requester:${ngo.id}`],
    );
    // Queued once: only a newly added notice is mailed.
    expect(rows[0].n).toBe(1);
    expect((await mailsTo(ngo.email)).filter((m) => m.text.includes('Test redelivery'))).toHaveLength(1);
  });
  it('e-mails a recall though the administrator switched notification e-mails off (patient safety)', async () => {
    const gtin = gtinOf(542);
    const target = await list(pharmacy2, { gtin, batch: 'Q1', name: 'Quiet 20mg', quantity: 3 });
    const event: RecallIssuedEvent = {
      eventId: randomUUID(),
      type: 'recall.issued',
      occurredAt: new Date().toISOString(),
      recallId: 900_002,
      gtin,
      batch: 'Q1',
      reason: 'Switched off test',
      listings: [{ medicineId: target.id, ownerId: pharmacy2.id, name: 'Quiet 20mg' }],
    };
    const ctx = p.requests.service.ctx;
    const quiet = async () => ({ ...(await ctx.settings()), emailNotifications: false });
    await withTransaction(ctx.pool, (c) =>
      applyMedicineEvent(c, event, {
        ...recallNoticeOptions(ctx),
        settings: quiet,
        publicUrl: 'http://medrelay.test',
      }),
    );
    await waitUntil(
      async () => (await mailsTo(pharmacy2.email)).some((m) => m.text.includes('Switched off test')),
      { what: 'the recall e-mailed to the owner' },
    );
  });

  it("takes a recalled batch out of the needers' matches, and gives it back when lifted", async () => {
    const need = await p.requests.api.post<{ id: number }>(
      '/api/needs',
      { medicine: 'Zymphoran', minQuantity: 1, minDaysLeft: 0 },
      { token: ngo.token },
    );
    expect(need.status).toBe(201);
    const listing = await list(pharmacy, {
      gtin: gtinOf(507),
      batch: 'M1',
      name: 'Zymphoran 500mg',
      quantity: 4,
    });
    const matchedIds = async () =>
      (
        await p.requests.api.get<Array<{ medicine: { id: number } }>>(
          `/api/needs/matches?needId=${need.body.id}`,
          { token: ngo.token },
        )
      ).body.map((m) => m.medicine.id);
    await waitUntil(async () => (await matchedIds()).includes(listing.id), { what: 'the listing matched' });
    const issued = await recall({ gtin: gtinOf(507), batch: 'M1', reason: 'Contamination' });
    expect(issued.status).toBe(201);
    await waitUntil(async () => (await matchedIds()).length === 0, {
      what: 'the recalled listing unmatched',
    });
    expect((await lift((issued.body as { id: number }).id)).status).toBeLessThan(300);
    await waitUntil(async () => (await matchedIds()).includes(listing.id), {
      what: 'the listing matched again',
    });
  });

  it('an issue event arriving after its own lift holds and cancels nothing', async () => {
    const target = await list(pharmacy, { gtin: gtinOf(506), batch: 'R2', name: 'Late 10mg', quantity: 5 });
    const asked = (
      await p.requests.api.post(
        '/api/requests',
        { medicineId: target.id, quantity: 1 },
        { token: ngo2.token },
      )
    ).body;
    const ctx = p.requests.service.ctx;
    const base = {
      occurredAt: new Date().toISOString(),
      recallId: 900_002,
      gtin: gtinOf(506),
      batch: 'R2',
      reason: 'Late event',
      listings: [{ medicineId: target.id, ownerId: pharmacy.id, name: 'Late 10mg' }],
    };
    const options = { ...recallNoticeOptions(ctx), publicUrl: 'http://medrelay.test' };
    await withTransaction(ctx.pool, (c) =>
      applyMedicineEvent(
        c,
        { ...base, eventId: randomUUID(), type: 'recall.lifted', restored: [target.id] },
        options,
      ),
    );
    await withTransaction(ctx.pool, (c) =>
      applyMedicineEvent(c, { ...base, eventId: randomUUID(), type: 'recall.issued' }, options),
    );
    expect(await requestStatus(asked.id)).toEqual({ status: 'pending', closed_reason: null });
    expect(
      (await notices(ngo2, 'recall-quarantined')).filter((n) => n.message.includes('Late 10mg')),
    ).toEqual([]);
  });
});
