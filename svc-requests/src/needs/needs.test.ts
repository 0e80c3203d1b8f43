import type { Need } from '@medrelay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform, type TestUser } from '../testing';

/** Wanted lists: CRUD, validation in both languages, owner-only, roles, pages. */
let p: TestPlatform;
let ngo: TestUser, pharmacy: TestUser, otherNgo: TestUser, donor: TestUser, admin: TestUser;

beforeAll(async () => {
  p = await startTestPlatform();
  [ngo, pharmacy, otherNgo, donor, admin] = await Promise.all([
    p.user('ngo'),
    p.user('pharmacy'),
    p.user('ngo'),
    p.user('donor'),
    p.user('admin'),
  ]);
});
afterAll(() => p.stop());

const as = (user: TestUser, language = 'en') => ({
  token: user.token,
  headers: { 'accept-language': language },
});
const api = () => p.requests.api;
const insulin = {
  medicine: 'Insulin glargine',
  dosageForm: 'injection',
  minQuantity: 5,
  acceptUpTo: 20,
  minDaysLeft: 30,
};

describe('/api/needs', () => {
  it('creates, lists, changes, closes and deletes an own need', async () => {
    const created = await api().post<Need>('/api/needs', insulin, as(ngo));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...insulin,
      ownerId: ngo.id,
      ownerRole: 'ngo',
      urgency: 'routine',
      status: 'open',
    });
    const id = created.body.id;

    const mine = await api().get<Need[]>('/api/needs/my', as(ngo));
    expect(mine.status).toBe(200);
    expect(mine.body.map((n) => n.id)).toEqual([id]);
    expect(mine.headers.get('x-total-count')).toBe('1');

    // PUT is the whole need again: the cleared fields go back to "any" / no bound.
    const changed = await api().put<Need>(
      `/api/needs/${id}`,
      { medicine: 'Insulin', minQuantity: 10, urgency: 'urgent' },
      as(ngo),
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id,
      medicine: 'Insulin',
      dosageForm: null,
      minQuantity: 10,
      acceptUpTo: null,
      minDaysLeft: 0,
      urgency: 'urgent',
      status: 'open',
    });
    expect(Date.parse(changed.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.updatedAt));

    const closed = await api().put<Need>(
      `/api/needs/${id}`,
      { medicine: 'Insulin', minQuantity: 10, status: 'closed' },
      as(ngo),
    );
    expect(closed.body.status).toBe('closed');
    expect((await api().get<Need[]>('/api/needs/my?status=open', as(ngo))).body).toEqual([]);
    expect((await api().get<Need[]>('/api/needs/my?status=closed', as(ngo))).body.map((n) => n.id)).toEqual([
      id,
    ]);

    const removed = await api().delete(`/api/needs/${id}`, as(ngo));
    expect(removed.status).toBe(204);
    const after = await api().get<Need[]>('/api/needs/my', as(ngo));
    expect(after.body).toEqual([]);
    expect(after.headers.get('x-total-count')).toBe('0');
    // Gone means gone: a second delete or an edit is 404.
    expect((await api().delete(`/api/needs/${id}`, as(ngo))).status).toBe(404);
    const edit = await api().put(`/api/needs/${id}`, insulin, as(ngo));
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe('Need not found');
  });

  it("keeps a pharmacy's wanted list too, with its role", async () => {
    const created = await api().post<Need>(
      '/api/needs',
      { medicine: 'Augmentin 1g', minQuantity: 2 },
      as(pharmacy),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ownerRole: 'pharmacy',
      dosageForm: null,
      acceptUpTo: null,
      minDaysLeft: 0,
    });
  });

  it('refuses bad bodies with clear messages in English and Arabic', async () => {
    const bad = { medicine: '  ', dosageForm: 'potion', minQuantity: 0, minDaysLeft: -1, urgency: 'now' };
    const en = await api().post('/api/needs', bad, as(ngo));
    expect(en.status).toBe(400);
    expect(en.body.code).toBe('VALIDATION_FAILED');
    const byPath = (body: { details: Array<{ path: string; message: string }> }) =>
      Object.fromEntries(body.details.map((d) => [d.path, d.message]));
    expect(byPath(en.body)).toMatchObject({
      medicine: 'Say which medicine you need',
      dosageForm: 'Choose a type from the list',
      minQuantity: 'Quantity must be at least 1',
      minDaysLeft: 'Days left before expiry must be between 0 and 3650',
      urgency: 'Urgency must be routine or urgent',
    });
    const ar = await api().post('/api/needs', bad, as(ngo, 'ar'));
    expect(ar.status).toBe(400);
    expect(byPath(ar.body)).toMatchObject({
      medicine: 'اكتب اسم الدواء اللي محتاجه',
      minQuantity: 'الكمية لازم تكون 1 على الأقل',
      urgency: 'الأهمية لازم تكون عادي أو مستعجل',
    });

    // One or two letters would match the start of countless listing names.
    const short = await api().post('/api/needs', { medicine: ' a ', minQuantity: 1 }, as(ngo, 'ar'));
    expect([short.status, byPath(short.body)]).toEqual([
      400,
      { medicine: 'اكتب 3 حروف على الأقل من اسم الدوا' },
    ]);

    const upTo = { medicine: 'Panadol', minQuantity: 10, acceptUpTo: 5 };
    const below = await api().post('/api/needs', upTo, as(ngo));
    expect(below.status).toBe(400);
    expect(byPath(below.body)).toEqual({
      acceptUpTo: '"Accept up to" must be at least the minimum quantity',
    });
    const belowAr = await api().post('/api/needs', upTo, as(ngo, 'ar'));
    expect(belowAr.body.message).toBe('"نقبل لحد" لازم تكون أكبر من أو تساوي أقل كمية');

    const extra = await api().post('/api/needs', { ...insulin, ownerId: otherNgo.id }, as(ngo));
    expect(extra.status).toBe(400);
    const status = await api().get('/api/needs/my?status=gone', as(ngo, 'ar'));
    expect(status.status).toBe(400);
    expect(status.body.message).toBe('الحالة لازم تكون مفتوح أو مقفول');
    // Nothing of the above was stored.
    expect(
      (
        await p.requests.service.ctx.pool.query(
          `SELECT 1 FROM requests.needs WHERE owner_id = $1 AND medicine = 'Panadol'`,
          [ngo.id],
        )
      ).rowCount,
    ).toBe(0);
  });

  it("never shows, changes or deletes another user's need", async () => {
    const theirs = await api().post<Need>('/api/needs', insulin, as(otherNgo));
    const id = theirs.body.id;
    expect((await api().get<Need[]>('/api/needs/my', as(ngo))).body.some((n) => n.id === id)).toBe(false);
    const edit = await api().put(`/api/needs/${id}`, { ...insulin, minQuantity: 1 }, as(ngo, 'ar'));
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe('الاحتياج ده مش بتاعك');
    expect((await api().delete(`/api/needs/${id}`, as(ngo))).status).toBe(403);
    expect((await api().put('/api/needs/2000000000', insulin, as(ngo))).status).toBe(404);
    const kept = await api().get<Need[]>('/api/needs/my', as(otherNgo));
    expect(kept.body.find((n) => n.id === id)).toMatchObject({ minQuantity: 5, status: 'open' });
  });

  it('is for NGOs and pharmacies only, signed in', async () => {
    for (const user of [donor, admin]) {
      expect((await api().post('/api/needs', insulin, as(user))).status).toBe(403);
      expect((await api().get('/api/needs/my', as(user))).status).toBe(403);
    }
    expect((await api().get('/api/needs/my')).status).toBe(401);
    const pending = await p.user('ngo', 'pending');
    expect((await api().post('/api/needs', insulin, as(pending))).status).toBe(403);
  });

  it('pages the list newest first with the total over all pages', async () => {
    const owner = await p.user('ngo');
    const ids: number[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(
        (await api().post<Need>('/api/needs', { medicine: `Med ${i}`, minQuantity: 1 }, as(owner))).body.id,
      );
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await api().get<Need[]>(`/api/needs/my?page=${page}&pageSize=3`, as(owner));
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('7');
      expect(res.body).toHaveLength(page < 3 ? 3 : 1);
      seen.push(...res.body.map((n) => n.id));
    }
    expect(seen).toEqual([...ids].reverse());
    const past = await api().get<Need[]>('/api/needs/my?page=5&pageSize=3', as(owner));
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe('7');
    expect((await api().get('/api/needs/my?pageSize=101', as(owner))).status).toBe(400);
  });
});
