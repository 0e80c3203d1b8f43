import { medicineInput, type TestPlatform, type TestUser } from '@medrelay/svc-requests/testing';
import { authKeys } from '@medrelay/contracts';
import { cairoDay } from '@medrelay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { mergeActivity } from './admin';
import { completedTransfer, platformBehindGateway, startTestGateway, type TestGateway } from './testing';

const started = platformBehindGateway({ IMPACT_CACHE_MS: '600000' });
let p: TestPlatform;
let gw: TestGateway;
let pharmacy: TestUser, ngo: TestUser, donor: TestUser, admin: TestUser;
beforeAll(async () => {
  ({ p, gw } = started);
  [pharmacy, ngo, donor, admin] = await Promise.all([
    p.user('pharmacy'),
    p.user('ngo'),
    p.user('donor'),
    p.user('admin'),
  ]);
});

const nonAdmins = () => [pharmacy, ngo, donor];

describe('admin oversight across services', () => {
  it('lists recent activity from real events, newest first, to administrators only', async () => {
    const listed = await gw.api.post(
      '/api/medicines',
      medicineInput({ name: 'Glucophage 500', recipientType: 'ngos' }),
      {
        token: pharmacy.token,
      },
    );
    const requested = await gw.api.post(
      '/api/requests',
      { medicineId: listed.body.id },
      { token: ngo.token },
    );
    await gw.api.put(
      `/api/requests/${requested.body.id}/status`,
      { status: 'rejected' },
      { token: pharmacy.token },
    );
    const newcomer = await p.identity.createUser('ngo', 'pending', 'Hope Foundation');
    await gw.api.put(`/api/admin/users/${newcomer.id}/approve`, undefined, { token: admin.token });

    const res = await gw.api.get('/api/admin/activity?limit=6', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.unavailable).toEqual([]);
    const kinds = res.body.items.map((a: { kind: string }) => a.kind);
    expect(kinds.slice(0, 2)).toEqual(['user.approved', 'user.registered']);
    // An NGO goes by its organisation ('Org' in the fixtures), as in every notice and list.
    expect(res.body.items.slice(0, 2).map((a: { actor: string }) => a.actor)).toEqual(['Org', 'Org']);
    // An approved account suspended reads as a suspension, not a refused registration.
    const member = await p.identity.createUser('donor', 'approved', 'Suspended Donor');
    await gw.api.put(`/api/admin/users/${member.id}/status`, { status: 'rejected' }, { token: admin.token });
    const later = await gw.api.get('/api/admin/activity?limit=1', { token: admin.token });
    expect(later.body.items[0]).toMatchObject({ kind: 'user.suspended', actor: 'Suspended Donor user' });
    expect(kinds).toEqual(expect.arrayContaining(['request.rejected', 'request.created', 'medicine.listed']));
    expect(res.body.items).toHaveLength(6);
    expect(res.body.items.find((a: { kind: string }) => a.kind === 'request.created')).toMatchObject({
      actor: 'Org',
      actorType: 'ngo',
      subject: 'Glucophage 500',
    });
    // A pharmacy is named after itself: the account's name.
    expect(res.body.items.find((a: { kind: string }) => a.kind === 'medicine.listed')).toMatchObject({
      actor: 'pharmacy user',
      subject: 'Glucophage 500',
    });
    const times = res.body.items.map((a: { at: string }) => a.at);
    expect([...times].sort().reverse()).toEqual(times);

    expect((await gw.api.get('/api/admin/activity?limit=0', { token: admin.token })).status).toBe(400);
    expect((await gw.api.get('/api/admin/activity')).status).toBe(401);
    for (const user of nonAdmins()) {
      expect((await gw.api.get('/api/admin/activity', { token: user.token })).status).toBe(403);
    }
  });

  it("answers each service's own activity part and the settings republish to administrators only", async () => {
    const parts = [
      ['GET', '/api/admin/users/activity?limit=3'],
      ['GET', '/api/admin/all-medicines/activity?limit=3'],
      ['GET', '/api/admin/all-requests/activity?limit=3'],
      ['POST', '/api/admin/settings/publish'],
    ] as const;
    for (const [method, path] of parts) {
      const call = (token?: string) =>
        method === 'GET' ? gw.api.get(path, { token }) : gw.api.post(path, undefined, { token });
      expect((await call()).status).toBe(401);
      for (const user of nonAdmins()) expect((await call(user.token)).status).toBe(403);
      const ok = await call(admin.token);
      expect(ok.status).toBe(200);
      if (method === 'GET') expect(ok.body.length).toBeLessThanOrEqual(3);
    }
    const tooMany = await gw.api.get('/api/admin/users/activity?limit=51', { token: admin.token });
    expect(tooMany.status).toBe(400);
  });

  it('shows the activity it has when a service is down', async () => {
    const partial = await startTestGateway(p.identity.prefix, { IDENTITY_URL: p.identity.baseUrl });
    try {
      const res = await partial.api.get('/api/admin/activity', { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.unavailable).toEqual(['catalog', 'requests']);
      expect(res.body.items.length).toBeGreaterThan(0);
    } finally {
      await partial.stop();
    }
  });

  it('counts only what was created within the time range', async () => {
    const old = await gw.api.post('/api/medicines', medicineInput({ recipientType: 'ngos' }), {
      token: donor.token,
    });
    await p.catalog.service.ctx.pool.query(
      `UPDATE catalog.medicines SET created_at = now() - interval '40 days' WHERE id = $1`,
      [old.body.id],
    );
    const all = (await gw.api.get('/api/admin/stats', { token: admin.token })).body;
    const month = (await gw.api.get('/api/admin/stats?days=30', { token: admin.token })).body;
    const quarter = (await gw.api.get('/api/admin/stats?days=90', { token: admin.token })).body;
    expect(month.totalMedicines).toBe(all.totalMedicines - 1);
    expect(month.medicineSources.donor).toBe(all.medicineSources.donor - 1);
    expect(quarter.totalMedicines).toBe(all.totalMedicines);
    expect(month.totalUsers).toBe(all.totalUsers);
    const bad = await gw.api.get('/api/admin/stats?days=abc', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('lets an administrator unlist any listing and filter listings by expiry class', async () => {
    const listed = await gw.api.post(
      '/api/medicines',
      medicineInput({ name: 'Augmentin 1g', recipientType: 'both' }),
      {
        token: pharmacy.token,
      },
    );
    const id = listed.body.id;
    for (const user of nonAdmins()) {
      const res = await gw.api.put(`/api/admin/all-medicines/${id}/unlist`, undefined, { token: user.token });
      expect(res.status).toBe(403);
    }
    const unlisted = await gw.api.put(`/api/admin/all-medicines/${id}/unlist`, undefined, {
      token: admin.token,
    });
    expect(unlisted.status).toBe(200);
    expect(unlisted.body).toMatchObject({ id, isAvailable: false });
    expect(
      (await gw.api.put('/api/admin/all-medicines/999999/unlist', undefined, { token: admin.token })).status,
    ).toBe(404);
    const browse = await gw.api.get('/api/medicines?q=augmentin', { token: ngo.token });
    expect(browse.body).toEqual([]);

    await p.catalog.service.ctx.pool.query(
      `UPDATE catalog.medicines SET expiry_date = now() - interval '1 hour' WHERE id = $1`,
      [id],
    );
    const expired = await gw.api.get('/api/admin/all-medicines?expiry=expired', { token: admin.token });
    expect(expired.body.map((m: { id: number }) => m.id)).toContain(id);
    const fresh = await gw.api.get('/api/admin/all-medicines?expiry=fresh', { token: admin.token });
    expect(fresh.body.map((m: { id: number }) => m.id)).not.toContain(id);
    expect((await gw.api.get('/api/admin/all-medicines?expiry=old', { token: admin.token })).status).toBe(
      400,
    );
  });

  it('pages and filters the user list with the total in X-Total-Count', async () => {
    const res = await gw.api.get('/api/admin/all-users?userType=ngo&pageSize=1', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(2);
    const last = await gw.api.get(`/api/admin/all-users?userType=ngo&pageSize=1&page=${total}`, {
      token: admin.token,
    });
    expect(last.body[0].userType).toBe('ngo');
    expect(last.body[0].id).not.toBe(res.body[0].id);
    const past = await gw.api.get(`/api/admin/all-users?userType=ngo&pageSize=1&page=${total + 1}`, {
      token: admin.token,
    });
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe(String(total));
    expect((await gw.api.get('/api/admin/all-users?pageSize=101', { token: admin.token })).status).toBe(400);
  });

  it('exports users without password hashes, medicines, requests and the custody log as one download', async () => {
    const res = await gw.api.get('/api/admin/export', { token: admin.token });
    expect(res.status).toBe(200);
    const data = res.body as {
      generated: string;
      users: object[];
      medicines: object[];
      requests: object[];
      custody: Array<{ requestId: number }>;
    };
    // Named by the day in Cairo (admin-export.test covers the hours when it is not UTC's).
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="medrelay-export-${cairoDay(data.generated)}.json"`,
    );
    const stats = (await gw.api.get('/api/admin/stats', { token: admin.token })).body;
    expect(data.users).toHaveLength(stats.totalUsers);
    expect(data.medicines).toHaveLength(stats.totalMedicines);
    expect(data.requests).toHaveLength(stats.totalRequests);
    // every custody entry, at least the "requested" one of each request.
    const custody = await p.requests.service.ctx.pool.query(
      'SELECT count(*)::int AS n FROM requests.custody_log',
    );
    expect(data.custody).toHaveLength(custody.rows[0].n);
    expect(new Set(data.custody.map((e) => e.requestId)).size).toBe(stats.totalRequests);
    expect(JSON.stringify(data.users)).not.toMatch(/password/i);
    expect(data.users).toContainEqual(expect.objectContaining({ email: pharmacy.email }));

    for (const user of nonAdmins()) {
      expect((await gw.api.get('/api/admin/export', { token: user.token })).status).toBe(403);
    }
    const partial = await startTestGateway(p.identity.prefix, { IDENTITY_URL: p.identity.baseUrl });
    try {
      const down = await partial.api.get('/api/admin/export', { token: admin.token });
      expect(down.status).toBe(503);
      expect(down.body.code).toBe('UPSTREAM_UNAVAILABLE');
    } finally {
      await partial.stop();
    }
  });

  it('clears the server-side caches: fresh impact figures at once, settings republished', async () => {
    const before = (await gw.api.get('/api/impact')).body;
    await completedTransfer(gw, pharmacy, ngo, 3);
    // Cached for ten minutes in this gateway: still the old figure.
    expect((await gw.api.get('/api/impact')).body.medicinesSaved).toBe(before.medicinesSaved);

    const redis = gw.gateway.redis;
    const key = authKeys.settings(p.identity.prefix);
    await redis.del(key);

    for (const user of nonAdmins()) {
      expect((await gw.api.post('/api/admin/cache/clear', undefined, { token: user.token })).status).toBe(
        403,
      );
    }
    const cleared = await gw.api.post('/api/admin/cache/clear', undefined, { token: admin.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({
      cleared: ['impact', 'maintenance', 'uploadLimit', 'settings'],
      unavailable: [],
    });
    expect((await gw.api.get('/api/impact')).body.medicinesSaved).toBe(before.medicinesSaved + 3);
    expect(JSON.parse((await redis.get(key))!)).toMatchObject({ sessionTimeout: expect.any(Number) });
  });
});

describe('mergeActivity', () => {
  it('keeps the newest items across lists, at most the limit', () => {
    const item = (id: string, at: string) => ({
      id,
      kind: 'user.registered' as const,
      at,
      actor: null,
      actorType: null,
      subject: null,
    });
    const merged = mergeActivity(
      [
        [item('a', '2026-01-03T00:00:00.000Z'), item('b', '2026-01-01T00:00:00.000Z')],
        [item('c', '2026-01-02T00:00:00.000Z')],
      ],
      2,
    );
    expect(merged.map((i) => i.id)).toEqual(['a', 'c']);
  });
});
