import { randomUUID } from 'node:crypto';
import type {
  Medicine,
  Notification,
  RecallIssuedEvent,
  RecallNotice,
  RecallReach,
  Transaction,
} from '@medrelay/contracts';
import { withTransaction } from '@medrelay/service-kit';
import { mailsTo, waitForMails, waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMedicineEvent } from '../medicines/read-model';
import { medicineInput, startTestPlatform, type TestPlatform, type TestUser } from '../testing';

// Batch recalls end to end over the real platform: the catalog's API quarantines,
// svc-requests consumes the event (cancel / hold / notify), a lift gives back what it hid.
let p: TestPlatform;
let pharmacy: TestUser, pharmacy2: TestUser, ngo: TestUser, ngo2: TestUser, admin: TestUser;
beforeAll(async () => {
  p = await startTestPlatform();
  [pharmacy, pharmacy2, ngo, ngo2, admin] = await Promise.all([
    p.user('pharmacy'),
    p.user('pharmacy'),
    p.user('ngo'),
    p.user('ngo'),
    p.user('admin'),
  ]);
  // The second pharmacy reads in Arabic (its e-mail and notifications).
  await p.identity.api.put('/api/auth/me', { language: 'ar' }, { token: pharmacy2.token });
});
afterAll(() => p.stop());

/** A valid GTIN-14 for a number (check digit computed), a product of its own per test. */
function gtinOf(n: number): string {
  const body = `0622${String(n).padStart(9, '0')}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

const list = async (owner: TestUser, overrides: Record<string, unknown>) =>
  (await p.catalog.api.post('/api/medicines', medicineInput(overrides), { token: owner.token }))
    .body as Medicine;
const recall = (body: Record<string, unknown>, token = admin.token, language = 'en') =>
  p.catalog.api.post('/api/admin/recalls', body, { token, headers: { 'accept-language': language } });
const lift = (id: number) => p.catalog.api.delete(`/api/admin/recalls/${id}`, { token: admin.token });
const quarantined = async (ids: number[]) =>
  (
    await p.catalog.service.ctx.pool.query<{ id: number; quarantine_reason: string | null }>(
      'SELECT id, quarantine_reason FROM catalog.medicines WHERE id = ANY($1) ORDER BY id',
      [ids],
    )
  ).rows.map((r) => r.quarantine_reason);
const browseIds = async (search: string) =>
  (
    (await p.catalog.api.get(`/api/medicines?q=${search}&pageSize=100`, { token: ngo.token }))
      .body as Medicine[]
  ).map((m) => m.id);
const requestStatus = async (id: number) =>
  (
    await p.requests.service.ctx.pool.query(
      'SELECT status, closed_reason FROM requests.requests WHERE id = $1',
      [id],
    )
  ).rows[0] as { status: string; closed_reason: string | null };
const holds = async (id: number) =>
  (
    await p.requests.service.ctx.pool.query(
      'SELECT count(*)::int AS n FROM requests.recall_holds WHERE request_id = $1',
      [id],
    )
  ).rows[0].n as number;
const notices = async (user: TestUser, type: string, language = 'en') =>
  (
    (
      await p.requests.api.get('/api/notifications?pageSize=100', {
        token: user.token,
        headers: { 'accept-language': language },
      })
    ).body as Notification[]
  ).filter((n) => n.type === type);

/** The one recall e-mail of this kind the user received (waits for it; fails on a second). */
async function recallMail(user: TestUser, template: string) {
  let found: Awaited<ReturnType<typeof mailsTo>> = [];
  await waitUntil(
    async () => {
      found = (await mailsTo(user.email)).filter((m) => m.template === template);
      return found.length > 0;
    },
    { what: `${template} mail` },
  );
  expect(found).toHaveLength(1);
  return found[0]!;
}

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
    expect((await recall({ gtin, batch: 'L9', reason: 'Cold chain broken' })).status).toBe(201);
    const listed = await list(pharmacy, { gtin, batch: 'L9', name: 'Relisted 5mg' });
    expect(listed).toMatchObject({ quarantined: true, quarantineReason: 'Cold chain broken' });
    expect(await browseIds('Relisted')).not.toContain(listed.id);
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
        applyMedicineEvent(c, event, { settings: ctx.settings, publicUrl: 'http://medrelay.test' }),
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
    const options = { settings: ctx.settings, publicUrl: 'http://medrelay.test' };
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
    expect(holdingsOf(pharmacy2.id)).toEqual([['listed', 3]]);
    expect(holdingsOf(ngo2.id)).toEqual([['approved', 2]]);
    expect(holdingsOf(ngo.id)).toEqual([['requested', 1]]);
    expect(reach.parties.find((party) => party.userId === collector.id)).toMatchObject({
      name: 'ngo user',
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
        applyMedicineEvent(c, replay, { settings: ctx.settings, publicUrl: 'http://medrelay.test' }),
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
