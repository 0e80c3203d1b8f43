import type { RequestSummary } from '@medrelay/contracts';
import { startOfNextCairoDay } from '@medrelay/domain/calendar';
import { waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHandoverCode } from './service';
import { requestActivity } from '../stats/repo';
import { medicineInput, startTestPlatform, type TestPlatform, type TestUser } from '../testing';

let p: TestPlatform;
let pharmacy: TestUser, ngo: TestUser, ngo2: TestUser, donor: TestUser, admin: TestUser;
beforeAll(async () => {
  p = await startTestPlatform();
  [pharmacy, ngo, ngo2, donor, admin] = await Promise.all([
    p.user('pharmacy'),
    p.user('ngo'),
    p.user('ngo'),
    p.user('donor'),
    p.user('admin'),
  ]);
});
afterAll(() => p.stop());

const db = () => p.requests.service.ctx.pool;
const summaryOf = async (token: string) =>
  (await p.requests.api.get<RequestSummary>('/api/requests/my/summary', { token })).body;
const handover = (token: string, id: number, code: unknown, headers: Record<string, string> = {}) =>
  p.requests.api.post(`/api/requests/${id}/handover`, { code }, { token, headers });
const custody = async (id: number) =>
  (await p.requests.api.get(`/api/requests/${id}/custody`, { token: admin.token })).body as Array<{
    status: string;
    confirmedByCode: boolean;
    handover: string | null;
    actorId: number | null;
  }>;

/** A pharmacy listing requested by the NGO and approved: the request id and the NGO's code. */
async function approvedRequest(owner = pharmacy, body: Record<string, unknown> = { status: 'approved' }) {
  const medicine = (
    await p.catalog.api.post('/api/medicines', medicineInput({ quantity: 5 }), { token: owner.token })
  ).body;
  const created = await p.requests.api.post(
    '/api/requests',
    { medicineId: medicine.id, quantity: 2 },
    {
      token: ngo.token,
    },
  );
  const approved = await p.requests.api.put(`/api/requests/${created.body.id}/status`, body, {
    token: owner.token,
  });
  expect(approved.status).toBe(200);
  const id = created.body.id as number;
  const mine = await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token });
  return { id, code: mine.body.handoverCode?.code as string, mine: mine.body };
}

/** A six-digit code that is not `code`. */
const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('handover code', () => {
  it('is shown to the requester only: never to the owner, an admin, or in any list; stored only sealed', async () => {
    const { id, code, mine } = await approvedRequest();
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(mine.handoverCode).toMatchObject({ lockedUntil: null });
    expect(new Date(mine.handoverCode.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const owners = await p.requests.api.get(`/api/requests/${id}`, { token: pharmacy.token });
    expect(owners.status).toBe(200);
    expect(owners.body).not.toHaveProperty('handoverCode');
    const admins = await p.requests.api.get(`/api/requests/${id}`, { token: admin.token });
    expect(admins.body).not.toHaveProperty('handoverCode');
    for (const [path, token] of [
      ['/api/requests/my', ngo.token],
      ['/api/transactions/my', ngo.token],
      ['/api/requests/my', pharmacy.token],
      ['/api/admin/all-requests', admin.token],
    ] as const) {
      const list = await p.requests.api.get(path, { token });
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain('handoverCode');
    }
    // The database holds an HMAC and a sealed copy, not the digits.
    const { rows } = await db().query(
      "SELECT encode(code_hmac, 'escape') AS h, encode(code_sealed, 'escape') AS s FROM requests.handover_codes WHERE request_id = $1",
      [id],
    );
    expect(rows[0].h).not.toContain(code);
    expect(rows[0].s).not.toContain(code);
    // What other messages (reminders) read is the same code.
    expect((await readHandoverCode(db(), p.requests.service.ctx, id))?.code).toBe(code);
    // Asking again shows the same code.
    expect(
      (await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token })).body.handoverCode.code,
    ).toBe(code);
  });

  it('completes the request with the right code (recorded as confirmed); a reused code is refused', async () => {
    const { id, code } = await approvedRequest();
    const wrong = await handover(pharmacy.token, id, wrongFor(code), { 'accept-language': 'ar' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'HANDOVER_CODE_WRONG', details: { remainingAttempts: 9 } });
    expect(wrong.body.message).toBe('الكود غلط. المحاولات الباقية: 9');

    const done = await handover(pharmacy.token, id, code);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id, status: 'completed' });
    expect((await custody(id)).at(-1)).toMatchObject({
      status: 'completed',
      confirmedByCode: true,
      handover: 'code',
    });
    expect(done.body.handover).toBe('code');
    // The requester is told, and the code is no longer shown.
    const { rows } = await db().query(
      "SELECT title_key FROM requests.notifications WHERE request_id = $1 AND user_id = $2 AND type = 'request-completed'",
      [id, ngo.id],
    );
    expect(rows).toEqual([{ title_key: 'notifyHandoverConfirmedTitle' }]);
    expect((await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token })).body).not.toHaveProperty(
      'handoverCode',
    );

    const again = await handover(pharmacy.token, id, code);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'HANDOVER_CODE_USED' });
  });

  it('refuses an expired code, and codes from anyone but the owner', async () => {
    const { id, code } = await approvedRequest();
    expect((await handover(ngo.token, id, code)).body).toMatchObject({ code: 'HANDOVER_OWNER_ONLY' });
    expect((await handover(ngo2.token, id, code)).status).toBe(404);
    expect((await handover(pharmacy.token, 999_999, code)).status).toBe(404);
    const malformed = await handover(pharmacy.token, id, '12ab');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');

    await db().query(
      "UPDATE requests.handover_codes SET expires_at = now() - interval '1 minute' WHERE request_id = $1",
      [id],
    );
    const expired = await handover(pharmacy.token, id, code);
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('HANDOVER_CODE_EXPIRED');
    expect((await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token })).body.status).toBe(
      'approved',
    );
  });

  it('locks the code after 10 wrong ones, also when they arrive at once, until the lock passes', async () => {
    const { id, code } = await approvedRequest();
    const wrong = wrongFor(code);
    const answers = await Promise.all(Array.from({ length: 14 }, () => handover(pharmacy.token, id, wrong)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(9).fill(422), ...Array(5).fill(429)]);
    // Each wrong try was counted once: the tries left went 9, 8, … 1.
    expect(
      answers
        .filter((a) => a.status === 422)
        .map((a) => a.body.details.remainingAttempts)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(answers.find((a) => a.status === 429)!.body).toMatchObject({ code: 'HANDOVER_CODE_LOCKED' });

    // Even the right code waits for the lock; the requester sees it too.
    expect((await handover(pharmacy.token, id, code)).status).toBe(429);
    const mine = await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token });
    expect(new Date(mine.body.handoverCode.lockedUntil).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);

    await db().query(
      "UPDATE requests.handover_codes SET locked_until = now() - interval '1 second' WHERE request_id = $1",
      [id],
    );
    expect((await handover(pharmacy.token, id, code)).status).toBe(200);
  });

  it('locks a code longer each time it is locked again (15, 30, 60 minutes): guessing does not go on at 10 tries a quarter', async () => {
    const { id, code } = await approvedRequest();
    const wrong = wrongFor(code);
    /** Ten wrong codes: the lock's length in minutes, then the lock is made to pass. */
    const lockMinutes = async () => {
      for (let i = 0; i < 9; i++) expect((await handover(pharmacy.token, id, wrong)).status).toBe(422);
      const locked = await handover(pharmacy.token, id, wrong);
      expect(locked.status).toBe(429);
      const minutes = Math.round((Date.parse(locked.body.details.lockedUntil) - Date.now()) / 60_000);
      await db().query(
        "UPDATE requests.handover_codes SET locked_until = now() - interval '1 second' WHERE request_id = $1",
        [id],
      );
      return minutes;
    };
    expect([await lockMinutes(), await lockMinutes(), await lockMinutes()]).toEqual([15, 30, 60]);
    expect((await handover(pharmacy.token, id, code)).status).toBe(200);
  });

  it('keeps Mark as Collected for the requester, recorded as unconfirmed; the code then closes', async () => {
    const { id, code } = await approvedRequest();
    const collected = await p.requests.api.put(
      `/api/requests/${id}/status`,
      { status: 'completed' },
      {
        token: ngo.token,
      },
    );
    expect(collected.status).toBe(200);
    expect(collected.body).toMatchObject({ status: 'completed', handover: 'unconfirmed' });
    expect((await custody(id)).at(-1)).toMatchObject({
      status: 'completed',
      confirmedByCode: false,
      handover: 'unconfirmed',
    });
    expect((await handover(pharmacy.token, id, code)).body).toMatchObject({ code: 'HANDOVER_NOT_OPEN' });
    // The owner is asked to confirm or dispute it.
    const { rows } = await db().query(
      'SELECT title_key FROM requests.notifications WHERE request_id = $1 AND user_id = $2',
      [id, pharmacy.id],
    );
    expect(rows.map((r) => r.title_key)).toContain('notifyCollectedUnconfirmedTitle');
  });

  it('lets the owner confirm a marked collection, once; only the owner, only while unconfirmed', async () => {
    const { id } = await approvedRequest();
    const confirm = (token: string, language = 'en') =>
      p.requests.api.post(`/api/requests/${id}/collection/confirm`, undefined, {
        token,
        headers: { 'accept-language': language },
      });
    // Not collected yet: nothing to confirm.
    const early = await confirm(pharmacy.token, 'ar');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('التسليم ده مش مستني تأكيدك');
    await p.requests.api.put(`/api/requests/${id}/status`, { status: 'completed' }, { token: ngo.token });
    expect((await confirm(ngo.token)).status).toBe(409);
    expect((await confirm(ngo2.token)).status).toBe(403);
    const done = await confirm(pharmacy.token);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', handover: 'confirmed' });
    expect((await custody(id)).map((e) => e.handover)).toEqual([null, null, 'unconfirmed', 'confirmed']);
    expect((await confirm(pharmacy.token)).status).toBe(409);
  });

  it('lets the owner dispute a marked collection: recorded in custody, the requester and administrators told', async () => {
    const { id } = await approvedRequest();
    const collected = async () =>
      (await p.requests.api.get('/api/requests/my/summary', { token: pharmacy.token })).body
        .collected as number;
    const before = await collected();
    const [ownerBefore, requesterBefore] = [await summaryOf(pharmacy.token), await summaryOf(ngo.token)];
    await p.requests.api.put(`/api/requests/${id}/status`, { status: 'completed' }, { token: ngo.token });
    expect(await collected()).toBe(before + 1);
    const disputed = await p.requests.api.post(`/api/requests/${id}/collection/dispute`, undefined, {
      token: pharmacy.token,
    });
    expect(disputed.status).toBe(200);
    expect(disputed.body).toMatchObject({ status: 'completed', handover: 'disputed' });
    expect((await custody(id)).at(-1)).toMatchObject({ handover: 'disputed', actorId: pharmacy.id });
    const told = async (userId: number) =>
      (
        await db().query(
          'SELECT message_key FROM requests.notifications WHERE request_id = $1 AND user_id = $2',
          [id, userId],
        )
      ).rows.map((r) => r.message_key);
    expect(await told(ngo.id)).toContain('notifyCollectionDisputed');
    expect(await told(admin.id)).toContain('notifyCollectionDisputedAdmin');
    // The owner says it did not happen: no longer a success in the owner's figures, and the
    // units they still hold are back on offer.
    expect(await collected()).toBe(before);
    // Counted as disputed, apart from the completed ones, on both sides; the totals still hold it.
    const [owner, requester] = [await summaryOf(pharmacy.token), await summaryOf(ngo.token)];
    expect([owner.incoming.completed, owner.incoming.disputed]).toEqual([
      ownerBefore.incoming.completed,
      ownerBefore.incoming.disputed + 1,
    ]);
    expect([requester.outgoing.completed, requester.outgoing.disputed]).toEqual([
      requesterBefore.outgoing.completed,
      requesterBefore.outgoing.disputed + 1,
    ]);
    const { medicineId } = disputed.body as { medicineId: number };
    // The administrators' feed says the owner disputed it, not that the requester collected it.
    const steps = (await requestActivity(db(), 50)).filter(
      (a) => a.id.split(':')[1] === String(id) && a.kind !== 'request.created',
    );
    const ownerRow = await db().query('SELECT name FROM requests.users WHERE id = $1', [pharmacy.id]);
    expect(steps).toMatchObject([{ kind: 'request.disputed', actor: ownerRow.rows[0].name }]);
    // Its listing's badge is not Completed on the strength of a collection that did not happen.
    const badge = await p.requests.api.get(`/api/requests/my/donation-status?ids=${medicineId}`, {
      token: pharmacy.token,
    });
    expect(badge.body).toEqual([{ medicineId, status: 'available' }]);
    await waitUntil(
      async () =>
        (await p.catalog.api.get(`/api/medicines/${medicineId}`, { token: pharmacy.token })).body.quantity ===
        5,
      { what: 'the disputed units back on offer' },
    );
    // A disputed handover is not confirmed afterwards.
    const confirm = await p.requests.api.post(`/api/requests/${id}/collection/confirm`, undefined, {
      token: pharmacy.token,
    });
    expect(confirm.status).toBe(409);
  });

  it('waits while a batch recall holds the request: no handover by code, nothing written', async () => {
    const { id, code } = await approvedRequest();
    // The hold a recall of the batch leaves on an approved request (recalls/consumer.ts).
    const heldBefore = (await summaryOf(ngo.token)).held.outgoing;
    await db().query(
      "INSERT INTO requests.recall_holds (request_id, recall_id, reason) VALUES ($1, 999001, 'Sterility failure')",
      [id],
    );
    // The NGO's dashboard is not told to go and collect it.
    expect((await summaryOf(ngo.token)).held.outgoing).toBe(heldBefore + 1);
    const held = await handover(pharmacy.token, id, code, { 'accept-language': 'ar' });
    expect(held.status).toBe(409);
    expect(held.body).toMatchObject({ code: 'REQUEST_ON_HOLD', details: { reason: 'Sterility failure' } });
    expect((await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token })).body.status).toBe(
      'approved',
    );
    const { rows } = await db().query('SELECT used_at FROM requests.handover_codes WHERE request_id = $1', [
      id,
    ]);
    expect(rows[0].used_at).toBeNull();
  });

  it("expires a donation's code at the end of the pickup day in Cairo", async () => {
    const pickupDate = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString();
    const { mine } = await approvedRequest(donor, {
      status: 'approved',
      pickupLocation: 'Nasr City',
      pickupDate,
    });
    expect(mine.handoverCode.expiresAt).toBe(startOfNextCairoDay(new Date(pickupDate)).toISOString());
  });
});
