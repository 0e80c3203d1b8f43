import type { Need, NeedCreateInput, NeedMatch, Notification } from '@medrelay/contracts';
import { countsTowardNeed } from '@medrelay/domain/needs';
import { waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsImpact } from '../stats/repo';
import { medicineInput, startTestPlatform, type TestPlatform, type TestUser } from '../testing';

/**
 * Needs that close the loop: what a match shows, the caller's request on it as
 * it moves, and the need closed as met by its requests (and opened again), through the API with
 * the real request → trigger → outbox → need-match worker path.
 */
let p: TestPlatform;
let pharmacy: TestUser, donor: TestUser;
beforeAll(async () => {
  p = await startTestPlatform();
  [pharmacy, donor] = await Promise.all([
    p.user('pharmacy', 'approved', '15 Mesaha Square, Dokki'),
    p.user('donor', 'approved', '3 Private Street, Maadi'),
  ]);
  await setGovernorate(pharmacy, 'giza');
});
afterAll(() => p.stop());

const pool = () => p.requests.service.ctx.pool;
const as = (user: TestUser, language = 'en') => ({
  token: user.token,
  headers: { 'accept-language': language },
});

async function setGovernorate(user: TestUser, governorate: string) {
  expect((await p.identity.api.put('/api/auth/me', { governorate }, { token: user.token })).status).toBe(200);
  await waitUntil(
    async () =>
      (await pool().query('SELECT governorate FROM requests.users WHERE id = $1', [user.id])).rows[0]
        ?.governorate === governorate,
    { what: 'the governorate in the read model' },
  );
}

async function declare(user: TestUser, need: NeedCreateInput): Promise<Need> {
  const res = await p.requests.api.post<Need>('/api/needs', need, as(user));
  expect(res.status).toBe(201);
  return res.body;
}

const matchesOf = async (user: TestUser, needId: number) => {
  const res = await p.requests.api.get<NeedMatch[]>(`/api/needs/matches?needId=${needId}`, as(user));
  expect(res.status).toBe(200);
  return res.body;
};
const matchOf = async (user: TestUser, needId: number, medicineId: number) =>
  (await matchesOf(user, needId)).find((m) => m.medicine.id === medicineId);
const needOf = async (user: TestUser, id: number) =>
  (await p.requests.api.get<Need[]>('/api/needs/my?pageSize=100', as(user))).body.find((n) => n.id === id)!;

/** Lists a medicine and waits until the need has matched it. */
async function listFor(user: TestUser, needer: TestUser, needId: number, overrides = {}) {
  const res = await p.catalog.api.post('/api/medicines', medicineInput(overrides, 60), { token: user.token });
  expect(res.status).toBe(201);
  const id = res.body.id as number;
  await waitUntil(async () => (await matchOf(needer, needId, id)) !== undefined, { what: 'the match' });
  return id;
}

const ask = async (user: TestUser, medicineId: number, quantity: number) => {
  const res = await p.requests.api.post('/api/requests', { medicineId, quantity }, as(user));
  expect(res.status).toBe(201);
  return res.body.id as number;
};
const move = async (user: TestUser, id: number, status: string) =>
  expect((await p.requests.api.put(`/api/requests/${id}/status`, { status }, as(user))).status).toBe(200);

/** Waits until every need job so far has run (outbox relayed, need-match queue idle). */
async function needJobsDone() {
  const queue = p.requests.service.queues.get('requests.need-matches')!;
  await waitUntil(
    async () => {
      const { rows } = await pool().query(
        `SELECT count(*)::int AS n FROM requests.outbox WHERE queue = 'requests.need-matches' AND published_at IS NULL`,
      );
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return rows[0].n === 0 && Object.values(counts).every((c) => c === 0);
    },
    { what: 'need jobs' },
  );
}

const needNotices = async (user: TestUser, language: string) =>
  (
    await p.requests.api.get<Notification[]>('/api/notifications?pageSize=100', as(user, language))
  ).body.filter((n) => n.type === 'need-met' || n.type === 'need-reopened');

const waitForNeed = (user: TestUser, id: number, what: string, holds: (need: Need) => boolean) =>
  waitUntil(async () => holds(await needOf(user, id)), { what });

describe('needs that close the loop', () => {
  it("shows the price or Free and the owner's area on a match, then the caller's request as it moves", async () => {
    const [ngo, otherNgo] = await Promise.all([p.user('ngo'), p.user('ngo')]);
    const need = await declare(ngo, { medicine: 'Augmentin', minQuantity: 5, acceptUpTo: 8 });
    const theirs = await declare(otherNgo, { medicine: 'Augmentin', minQuantity: 5 });
    const priced = await listFor(pharmacy, ngo, need.id, { name: 'Augmentin 1g', quantity: 20 });
    const free = await listFor(donor, ngo, need.id, {
      name: 'Augmentin syrup',
      type: 'syrup',
      quantity: 9,
      originalPrice: null,
      discountPrice: null,
    });
    await waitUntil(async () => (await matchOf(otherNgo, theirs.id, priced)) !== undefined);

    const shown = await matchOf(ngo, need.id, priced);
    expect(shown).toMatchObject({
      medicine: { name: 'Augmentin 1g', type: 'tablets', quantity: 20, discountPrice: 20 },
      // The area only: no street address before an approval.
      owner: { id: pharmacy.id, governorate: 'giza', area: null },
      distanceKm: null,
      daysLeft: expect.any(Number),
      request: null,
    });
    expect(JSON.stringify(shown)).not.toContain('15 Mesaha Square');
    // A donation is free; a private donor's name stays theirs until an approval (as in browse).
    expect(await matchOf(ngo, need.id, free)).toMatchObject({
      medicine: { discountPrice: null, source: 'donor' },
      owner: { id: donor.id, name: null, area: null },
      request: null,
    });
    expect(JSON.stringify(await matchOf(ngo, need.id, free))).not.toContain('donor user');

    // Another NGO's request on the same listing never shows on mine.
    const others = await ask(otherNgo, priced, 5);
    expect((await matchOf(otherNgo, theirs.id, priced))!.request).toMatchObject({
      id: others,
      status: 'pending',
    });
    expect((await matchOf(ngo, need.id, priced))!.request).toBeNull();

    // Mine: pending, then approved, then collected, on the match (which stays once the need is met).
    const mine = await ask(ngo, priced, 8);
    expect((await matchOf(ngo, need.id, priced))!.request).toEqual({
      id: mine,
      status: 'pending',
      quantity: 8,
      handover: null,
      calledOff: false,
    });
    await waitForNeed(ngo, need.id, 'the need met', (n) => n.status === 'closed');
    await move(pharmacy, mine, 'approved');
    expect((await matchOf(ngo, need.id, priced))!.request).toMatchObject({ id: mine, status: 'approved' });
    await move(ngo, mine, 'completed');
    expect((await matchOf(ngo, need.id, priced))!.request).toMatchObject({ id: mine, status: 'completed' });
    // The met need shows what met it, not the listings it no longer looks for.
    expect((await matchesOf(ngo, need.id)).map((m) => m.medicine.id)).toEqual([priced]);
    expect((await matchOf(otherNgo, theirs.id, priced))!.request).toMatchObject({
      id: others,
      status: 'pending',
    });
  });

  it('closes a need as met when its requests add up to the minimum, and tells its owner in their language', async () => {
    const ngo = await p.user('ngo');
    const need = await declare(ngo, { medicine: 'Concor', minQuantity: 10, acceptUpTo: 30 });
    const a = await listFor(pharmacy, ngo, need.id, { name: 'Concor 5mg', quantity: 12 });
    const b = await listFor(pharmacy, ngo, need.id, { name: 'Concor 10mg', quantity: 15 });

    await ask(ngo, a, 4);
    await needJobsDone();
    expect(await needOf(ngo, need.id)).toMatchObject({ status: 'open', metBy: null, requestedQuantity: 4 });

    await ask(ngo, b, 6);
    await waitForNeed(ngo, need.id, 'the need met', (n) => n.status === 'closed');
    expect(await needOf(ngo, need.id)).toMatchObject({ metBy: 'requests', requestedQuantity: 10 });
    await needJobsDone();
    const [notice] = await needNotices(ngo, 'ar');
    expect(notice).toMatchObject({ type: 'need-met', title: 'الاحتياج اتوفّر' });
    expect(notice!.message).toContain('طلباتك غطّت احتياجك "Concor" (اتطلب 10 وحدات، ومحتاجين 10 على الأقل)');
    expect((await needNotices(ngo, 'en'))[0]!.title).toBe('Need met');
    // Both listings show, each with its request, although the need no longer looks for more.
    expect((await matchesOf(ngo, need.id)).map((m) => [m.medicine.id, m.request?.status])).toEqual(
      expect.arrayContaining([
        [a, 'pending'],
        [b, 'pending'],
      ]),
    );
  });

  it('does not count a cancelled or rejected request: a need met by them opens again, and its owner is told', async () => {
    const ngo = await p.user('ngo');
    const need = await declare(ngo, { medicine: 'Nexium', minQuantity: 6 });
    const a = await listFor(pharmacy, ngo, need.id, { name: 'Nexium 40mg', quantity: 10 });
    const b = await listFor(pharmacy, ngo, need.id, { name: 'Nexium 20mg', quantity: 10 });

    // A request rejected before it was counted never meets the need.
    const rejected = await ask(ngo, a, 6);
    await waitForNeed(ngo, need.id, 'the need met', (n) => n.status === 'closed');
    await move(pharmacy, rejected, 'rejected');
    await waitForNeed(ngo, need.id, 'the need open again', (n) => n.status === 'open');
    expect(await needOf(ngo, need.id)).toMatchObject({ metBy: null, requestedQuantity: 0 });
    // The match offers "Request pickup" again: the request on it is rejected.
    expect((await matchOf(ngo, need.id, a))!.request).toMatchObject({
      id: rejected,
      status: 'rejected',
      calledOff: false,
    });

    // A pickup called off after its approval: the match says so (the card: "called off", not "cancelled").
    const cancelled = await ask(ngo, b, 6);
    await waitForNeed(ngo, need.id, 'the need met again', (n) => n.status === 'closed');
    await move(pharmacy, cancelled, 'approved');
    await move(ngo, cancelled, 'cancelled');
    await waitForNeed(ngo, need.id, 'the need open again', (n) => n.status === 'open');
    await needJobsDone();
    const notices = await needNotices(ngo, 'en');
    expect(notices.map((n) => n.type)).toEqual(['need-reopened', 'need-met', 'need-reopened', 'need-met']);
    expect(notices[0]!.message).toBe(
      'A request for your need "Nexium" was cancelled or rejected (0 units still requested, at least 6 needed): it is open again.',
    );
    expect((await needNotices(ngo, 'ar'))[0]!.title).toBe('الاحتياج اتفتح تاني');
    expect((await matchOf(ngo, need.id, b))!.request).toMatchObject({
      id: cancelled,
      status: 'cancelled',
      calledOff: true,
    });
  });

  it('does not count a collection its owner disputed: the need opens again, and the public figure leaves it out', async () => {
    const ngo = await p.user('ngo');
    const need = await declare(ngo, { medicine: 'Lipitor', minQuantity: 4 });
    const listed = await listFor(pharmacy, ngo, need.id, { name: 'Lipitor 20mg', quantity: 4 });
    // The landing page's "medicines saved" (svc-requests' part of the public impact figures).
    const saved = async () => (await requestsImpact(pool())).medicinesSaved;
    const before = await saved();
    const id = await ask(ngo, listed, 4);
    await move(pharmacy, id, 'approved');
    await move(ngo, id, 'completed');
    await waitForNeed(ngo, need.id, 'the need met', (n) => n.status === 'closed');
    expect(await saved()).toBe(before + 4);
    const collected = (await matchOf(ngo, need.id, listed))!.request!;
    expect(collected).toMatchObject({ id, status: 'completed', handover: 'unconfirmed' });
    expect(countsTowardNeed(collected)).toBe(true);
    const disputed = await p.requests.api.post(
      `/api/requests/${id}/collection/dispute`,
      undefined,
      as(pharmacy),
    );
    expect(disputed.status).toBe(200);
    await waitForNeed(ngo, need.id, 'the need open again', (n) => n.status === 'open');
    expect(await saved()).toBe(before);
    expect(await needOf(ngo, need.id)).toMatchObject({ metBy: null, requestedQuantity: 0 });
    // The units are back on offer, and the match with them; it no longer shows the request as
    // collected: the card offers the request again.
    await waitUntil(async () => (await matchOf(ngo, need.id, listed))?.medicine.quantity === 4, {
      what: 'the match back on offer',
    });
    const request = (await matchOf(ngo, need.id, listed))!.request!;
    expect(request).toEqual({ id, status: 'completed', quantity: 4, handover: 'disputed', calledOff: false });
    expect(countsTowardNeed(request)).toBe(false);
  });

  it('lets the owner reopen a met need (a new count) and close one by hand, which its requests never reopen', async () => {
    const ngo = await p.user('ngo');
    const need = await declare(ngo, { medicine: 'Lipitor', minQuantity: 3 });
    const a = await listFor(pharmacy, ngo, need.id, { name: 'Lipitor 20mg', quantity: 10 });
    const first = await ask(ngo, a, 3);
    await waitForNeed(ngo, need.id, 'the need met', (n) => n.status === 'closed');

    // Reopened: the requests that met it met the need as it was; it looks for more.
    const body = { medicine: 'Lipitor', minQuantity: 3 };
    const reopened = await p.requests.api.put<Need>(
      `/api/needs/${need.id}`,
      { ...body, status: 'open' },
      as(ngo),
    );
    expect(reopened.body).toMatchObject({ status: 'open', metBy: null, requestedQuantity: 0 });
    await needJobsDone();
    expect(await needOf(ngo, need.id)).toMatchObject({ status: 'open', requestedQuantity: 0 });
    // Its match is back, still showing the request already made on that listing.
    expect((await matchOf(ngo, need.id, a))!.request).toMatchObject({ id: first, status: 'pending' });

    // Closed by hand: a request cancelled later does not open it again.
    const closed = await p.requests.api.put<Need>(
      `/api/needs/${need.id}`,
      { ...body, status: 'closed' },
      as(ngo),
    );
    expect(closed.body).toMatchObject({ status: 'closed', metBy: 'owner' });
    await move(ngo, first, 'cancelled');
    await needJobsDone();
    expect(await needOf(ngo, need.id)).toMatchObject({ status: 'closed', metBy: 'owner' });
  });
  it('settles a need at once when its owner edits the minimum, without telling them a request was cancelled', async () => {
    const ngo = await p.user('ngo');
    const need = await declare(ngo, { medicine: 'Cipro', minQuantity: 2 });
    const a = await listFor(pharmacy, ngo, need.id, { name: 'Cipro 500mg', quantity: 10 });
    await ask(ngo, a, 2);
    await waitForNeed(ngo, need.id, 'the need met', (n) => n.status === 'closed');
    await needJobsDone();
    const edit = (minQuantity: number) =>
      p.requests.api.put<Need>(`/api/needs/${need.id}`, { medicine: 'Cipro', minQuantity }, as(ngo));
    // More is needed now: open again, as the answer says.
    expect((await edit(10)).body).toMatchObject({ status: 'open', metBy: null, requestedQuantity: 2 });
    await needJobsDone();
    expect(await needOf(ngo, need.id)).toMatchObject({ status: 'open' });
    // Back to what the requests cover: met again.
    expect((await edit(2)).body).toMatchObject({ status: 'closed', metBy: 'requests' });
    await needJobsDone();
    expect((await needNotices(ngo, 'en')).map((n) => n.type)).toEqual(['need-met']);
  });
});
