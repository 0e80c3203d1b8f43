import { createHash, createPublicKey, verify } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { notificationTypes, pushQueueName, translate, type NotificationType } from '@medrelay/contracts';
import { isPushed } from '@medrelay/domain';
import { waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNotifications } from '../notifications/repo';
import { windowParams } from '../pickup/reminders';
import {
  medicineInput,
  startRequestsFor,
  startTestPlatform,
  testVapidKeys,
  type TestPlatform,
  type TestUser,
} from '../testing';
import { pushNotification } from './service';
import { pushBrowser as browser, startPushService, type TestPushService } from './testing';

// Web push with the real protocol and no internet (./testing): the test is the browser and the
// push service; it checks the VAPID signature (RFC 8292) and decrypts what arrives (RFC 8291).

/** The VAPID header names our public key and carries a JWT for the endpoint's origin, signed by us. */
function expectSignedByUs(headers: IncomingMessage['headers'], endpoint: string) {
  const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization))!;
  expect(key).toBe(testVapidKeys.publicKey);
  const [head, claims, signature] = token!.split('.');
  const raw = Buffer.from(key!, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  expect(
    verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    ),
  ).toBe(true);
  const { aud, sub } = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as {
    aud: string;
    sub: string;
  };
  expect(aud).toBe(new URL(endpoint).origin);
  expect(sub).toBe('mailto:admin@medrelay.eg');
  expect(headers['content-encoding']).toBe('aes128gcm');
  expect(headers.urgency).toBe('high');
}

let p: TestPlatform;
let service: TestPushService;
let pharmacy: TestUser, ngo: TestUser;

beforeAll(async () => {
  [p, service] = await Promise.all([startTestPlatform(), startPushService()]);
  [pharmacy, ngo] = await Promise.all([p.user('pharmacy'), p.user('ngo')]);
});
afterAll(async () => {
  await p.stop();
  await service.close();
});

const subscribe = (user: TestUser, device: string, keys: { p256dh: string; auth: string }) =>
  p.requests.api.post(
    '/api/push/subscriptions',
    { endpoint: service.endpoint(device), keys },
    {
      token: user.token,
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0.0.0 Mobile Safari/537.36' },
    },
  );

/** A listing of the pharmacy's requested by an NGO (the shared one unless said): the request's id. */
async function requested(name: string, requester: TestUser = ngo) {
  const medicine = (
    await p.catalog.api.post('/api/medicines', medicineInput({ name, recipientType: 'ngos' }), {
      token: pharmacy.token,
    })
  ).body as { id: number };
  const made = await p.requests.api.post(
    '/api/requests',
    { medicineId: medicine.id, quantity: 1 },
    { token: requester.token },
  );
  expect(made.status).toBe(201);
  return made.body.id as number;
}

const approve = async (id: number) =>
  expect(
    (
      await p.requests.api.put(
        `/api/requests/${id}/status`,
        { status: 'approved' },
        { token: pharmacy.token },
      )
    ).status,
  ).toBe(200);

describe('web push', () => {
  it('pushes an approval to each of the requester’s devices, once, encrypted for each and signed by us', async () => {
    const phone = browser();
    const laptop = browser();
    const added = await subscribe(ngo, 'ngo-phone', phone.keys);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ device: 'Chrome 131 · Android', lastPushedAt: null });
    expect((await subscribe(ngo, 'ngo-laptop', laptop.keys)).status).toBe(201);
    // The pharmacy has a device too: a new request is not worth a push.
    expect((await subscribe(pharmacy, 'pharmacy-phone', browser().keys)).status).toBe(201);
    // The laptop's push service fails once: the job is retried for it alone.
    service.answers.set('ngo-laptop', [500]);

    const id = await requested('Augmentin 1g');
    await approve(id);
    await waitUntil(() => service.to('ngo-phone').length === 1 && service.to('ngo-laptop').length === 2, {
      what: 'the approval pushed to both devices (the laptop on the second try)',
      timeoutMs: 20_000,
    });
    const opened = phone.open(service.to('ngo-phone')[0]!.body);
    expect(opened).toMatchObject({ url: `/ngo/requests?request=${id}` });
    expect(opened.body).toContain('Augmentin 1g');
    expect(laptop.open(service.to('ngo-laptop')[1]!.body)).toEqual(opened);
    expectSignedByUs(service.to('ngo-phone')[0]!.headers, service.endpoint('ngo-phone'));

    // Settled: nothing more came, to the phone (already reached) or to the pharmacy (request-new).
    const pool = p.requests.service.ctx.pool;
    await waitUntil(
      async () =>
        (await p.requests.service.queues.get(pushQueueName)!.getJobCounts('waiting', 'active', 'delayed'))
          .waiting === 0,
      { what: 'push queue idle' },
    );
    expect(service.to('ngo-phone')).toHaveLength(1);
    expect(service.to('pharmacy-phone')).toHaveLength(0);
    const devices = (await p.requests.api.get('/api/push/subscriptions', { token: ngo.token }))
      .body as Array<{
      lastPushedAt: string | null;
    }>;
    expect(devices.map((d) => d.lastPushedAt !== null)).toEqual([true, true]);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM requests.push_deliveries');
    expect(rows[0].n).toBe(2);
  });

  it('drops a device its push service says is gone, and signing out of push removes only one’s own', async () => {
    const gone = browser();
    expect((await subscribe(ngo, 'ngo-old-tablet', gone.keys)).status).toBe(201);
    service.answers.set('ngo-old-tablet', [410]);
    await approve(await requested('Concor 5mg'));
    await waitUntil(
      async () =>
        !(
          (await p.requests.api.get('/api/push/subscriptions', { token: ngo.token })).body as Array<{
            device: string;
          }>
        ).length ||
        (
          await p.requests.service.ctx.pool.query(
            'SELECT 1 FROM requests.push_subscriptions WHERE endpoint = $1',
            [service.endpoint('ngo-old-tablet')],
          )
        ).rowCount === 0,
      { what: 'the gone device dropped', timeoutMs: 20_000 },
    );
    // Someone else cannot remove the NGO's phone; the NGO can.
    const phone = `/api/push/subscriptions?endpoint=${encodeURIComponent(service.endpoint('ngo-phone'))}`;
    expect((await p.requests.api.delete(phone, { token: pharmacy.token })).status).toBe(204);
    expect(
      ((await p.requests.api.get('/api/push/subscriptions', { token: ngo.token })).body as unknown[]).length,
    ).toBe(2);
    expect((await p.requests.api.delete(phone, { token: ngo.token })).status).toBe(204);
    expect(
      ((await p.requests.api.get('/api/push/subscriptions', { token: ngo.token })).body as unknown[]).length,
    ).toBe(1);
  });

  it('removes any of one’s own devices by its id, never someone else’s; nothing more is pushed to it', async () => {
    const reader = await p.user('ngo');
    const phone = browser();
    expect((await subscribe(reader, `phone-${reader.id}`, phone.keys)).status).toBe(201);
    expect((await subscribe(reader, `laptop-${reader.id}`, browser().keys)).status).toBe(201);
    const list = async () =>
      (await p.requests.api.get('/api/push/subscriptions', { token: reader.token })).body as Array<{
        id: number;
        endpointDigest: string;
      }>;
    // Each device is listed by its endpoint's SHA-256, never the endpoint: a browser finds itself.
    const digest = (device: string) =>
      createHash('sha256').update(service.endpoint(device)).digest('base64url');
    const [laptop, own] = await list();
    expect([laptop!.endpointDigest, own!.endpointDigest]).toEqual([
      digest(`laptop-${reader.id}`),
      digest(`phone-${reader.id}`),
    ]);
    const remove = (id: number | string, token?: string) =>
      p.requests.api.delete(`/api/push/subscriptions/${id}`, {
        ...(token ? { token } : {}),
        headers: { 'accept-language': 'ar' },
      });

    // Another user cannot remove the reader's laptop, or learn that it exists.
    const foreign = await remove(laptop!.id, pharmacy.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'NOT_FOUND', message: 'الجهاز ده مش بيستقبل إشعاراتك' });
    expect(await list()).toHaveLength(2);
    expect((await remove(laptop!.id)).status).toBe(401);
    for (const bad of ['laptop', '0', '-3', '1.5', '99999999999']) {
      const res = await remove(bad, reader.token);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.message).toMatch(/[\u0600-\u06ff]/);
    }

    // The reader removes the laptop from the phone; it is gone, once.
    expect((await remove(laptop!.id, reader.token)).status).toBe(204);
    expect((await remove(laptop!.id, reader.token)).status).toBe(404);
    expect((await list()).map((d) => d.id)).toEqual([own!.id]);

    // An approval reaches the phone, and nothing the laptop.
    const id = await requested('Glucophage 500mg', reader);
    await approve(id);
    await waitUntil(() => service.to(`phone-${reader.id}`).length === 1, {
      what: 'the approval pushed to the phone',
      timeoutMs: 20_000,
    });
    expect(phone.open(service.to(`phone-${reader.id}`)[0]!.body).url).toBe(`/ngo/requests?request=${id}`);
    // The job has ended (the laptop, had it been listed, came after the phone).
    await waitUntil(
      async () => {
        const counts = await p.requests.service.queues
          .get(pushQueueName)!
          .getJobCounts('waiting', 'active', 'delayed');
        return counts.waiting + counts.active + counts.delayed === 0;
      },
      { what: 'push queue idle' },
    );
    expect(service.to(`laptop-${reader.id}`)).toHaveLength(0);
  });

  it('pushes nothing to the devices of an account suspended since it subscribed', async () => {
    const pool = p.requests.service.ctx.pool;
    const [reader, admin] = [await p.user('ngo'), await p.user('admin')];
    const device = `suspended-${reader.id}`;
    expect((await subscribe(reader, device, browser().keys)).status).toBe(201);
    await p.identity.api.put(
      `/api/admin/users/${reader.id}/status`,
      { status: 'rejected' },
      { token: admin.token },
    );
    await waitUntil(
      async () =>
        (await pool.query('SELECT status FROM requests.users WHERE id = $1', [reader.id])).rows[0]?.status ===
        'rejected',
      { what: 'the suspension in the read model' },
    );
    // A notification that would be pushed (an approval), raised for it anyway.
    const [key] = await addNotifications(pool, [
      {
        userId: reader.id,
        type: 'request-approved',
        titleKey: 'notifyNeedMatchTitle',
        messageKey: 'notifyNeedMatchTitle',
        params: {},
        sourceKey: `push-suspended:${reader.id}`,
      },
    ]);
    expect(key).toBeDefined();
    const { rows } = await pool.query<{ id: number }>(
      'SELECT id FROM requests.notifications WHERE source_key = $1',
      [`push-suspended:${reader.id}`],
    );
    const vapid = { ...testVapidKeys, subject: 'mailto:admin@medrelay.eg' };
    const result = await pushNotification(pool, vapid, rows[0]!.id, p.requests.service.ctx.logger);
    expect(result).toEqual({ sent: 0, dropped: 0 });
    expect(service.to(device)).toHaveLength(0);
  });

  it("shows no pickup place or phone on a lock screen, and a request's newer push replaces its older one", async () => {
    const pool = p.requests.service.ctx.pool;
    const reader = await p.user('ngo');
    const device = `lock-screen-${reader.id}`;
    const phone = browser();
    expect((await subscribe(reader, device, phone.keys)).status).toBe(201);
    const id = await requested('Concor 5mg', reader);
    await addNotifications(pool, [
      {
        userId: reader.id,
        type: 'pickup-reminder',
        titleKey: 'notifyPickupReminderTitle',
        messageKey: 'notifyPickupReminder',
        params: {
          medicine: 'Concor 5mg',
          when: 'Sun 10:00–11:00',
          location: '12 Tahrir St, flat 4',
          phone: '+201001234567',
        },
        requestId: id,
        sourceKey: `lock-screen:${reader.id}`,
      },
    ]);
    const { rows } = await pool.query<{ id: number }>(
      'SELECT id FROM requests.notifications WHERE source_key = $1',
      [`lock-screen:${reader.id}`],
    );
    const vapid = { ...testVapidKeys, subject: 'mailto:admin@medrelay.eg' };
    expect(await pushNotification(pool, vapid, rows[0]!.id, p.requests.service.ctx.logger)).toEqual({
      sent: 1,
      dropped: 0,
    });
    const shown = phone.open(service.to(device).at(-1)!.body);
    expect(shown.body).toBe(
      'Pickup of Concor 5mg on Sun 10:00–11:00. The place and contact are in MedRelay.',
    );
    expect(shown.tag).toBe(`request-${id}`);
    expect(shown.lang).toBe('en');
    // The bell keeps the whole text, behind the sign-in.
    const bell = await p.requests.api.get<{ requestId: number; message: string }[]>('/api/notifications', {
      token: reader.token,
    });
    expect(bell.body.find((n) => n.requestId === id && n.message.startsWith('Pickup of'))?.message).toContain(
      '12 Tahrir St, flat 4',
    );
  });

  it("writes a reminder's window on a lock screen as the bell does, from the instants the reminder stores", async () => {
    const pool = p.requests.service.ctx.pool;
    const reader = await p.user('ngo');
    const device = `lock-screen-window-${reader.id}`;
    const phone = browser();
    expect((await subscribe(reader, device, phone.keys)).status).toBe(201);
    const id = await requested('Concor 5mg', reader);
    // As pickup/reminders.ts stores a reminder: the window's instants, no written `when`.
    await addNotifications(pool, [
      {
        userId: reader.id,
        type: 'pickup-reminder',
        titleKey: 'notifyPickupReminderTitle',
        messageKey: 'notifyPickupReminder',
        params: {
          medicine: 'Concor 5mg',
          ...windowParams({
            starts_at: new Date('2026-12-03T08:00:00Z'),
            ends_at: new Date('2026-12-03T10:00:00Z'),
          }),
          location: '12 Tahrir St, flat 4',
          phone: '+201001234567',
        },
        requestId: id,
        sourceKey: `lock-screen-window:${reader.id}`,
      },
    ]);
    const { rows } = await pool.query<{ id: number }>(
      'SELECT id FROM requests.notifications WHERE source_key = $1',
      [`lock-screen-window:${reader.id}`],
    );
    const vapid = { ...testVapidKeys, subject: 'mailto:admin@medrelay.eg' };
    expect((await pushNotification(pool, vapid, rows[0]!.id, p.requests.service.ctx.logger)).sent).toBe(1);
    expect(phone.open(service.to(device).at(-1)!.body).body).toBe(
      'Pickup of Concor 5mg on Thursday, December 3, 2026 · \u206610:00–12:00\u2069. The place and contact are in MedRelay.',
    );
  });

  it('queues a push for exactly the notifications libs/domain says cannot wait, once each', async () => {
    const pool = p.requests.service.ctx.pool;
    const reader = await p.user('ngo');
    expect((await subscribe(reader, `reader-${reader.id}`, browser().keys)).status).toBe(201);
    const need = async (urgency: 'urgent' | 'routine') => {
      const made = await p.requests.api.post(
        '/api/needs',
        { medicine: `Insulin ${urgency}`, minQuantity: 1, urgency },
        { token: reader.token },
      );
      expect(made.status).toBe(201);
      return made.body.id as number;
    };
    const needs = { urgent: await need('urgent'), routine: await need('routine') };
    const cases = notificationTypes.flatMap((type) =>
      (['urgent', 'routine'] as const).map((urgency) => ({ type, urgency })),
    );
    const keys = await addNotifications(
      pool,
      cases.map(({ type, urgency }) => ({
        userId: reader.id,
        type: type as NotificationType,
        titleKey: 'notifyNeedMatchTitle',
        messageKey: 'notifyNeedMatchTitle',
        params: { needId: needs[urgency] },
        sourceKey: `push-rule:${reader.id}:${type}:${urgency}`,
      })),
    );
    expect(keys).toHaveLength(cases.length);
    // The same causes again add nothing and queue nothing.
    expect(
      await addNotifications(pool, [
        {
          userId: reader.id,
          type: 'request-approved',
          titleKey: 'notifyNeedMatchTitle',
          messageKey: 'notifyNeedMatchTitle',
          params: {},
          sourceKey: `push-rule:${reader.id}:request-approved:urgent`,
        },
      ]),
    ).toEqual([]);
    const { rows } = await pool.query<{ type: NotificationType; needId: number }>(
      `SELECT n.type, (n.params->>'needId')::int AS "needId" FROM requests.outbox o
         JOIN requests.notifications n ON n.id = (o.payload->>'notificationId')::int
        WHERE o.queue = $1 AND n.user_id = $2`,
      [pushQueueName, reader.id],
    );
    const queued = rows.map((r) => `${r.type}:${r.needId === needs.urgent ? 'urgent' : 'routine'}`).sort();
    const expected = cases
      .filter(({ type, urgency }) => isPushed(type, urgency === 'urgent'))
      .map(({ type, urgency }) => `${type}:${urgency}`)
      .sort();
    expect(queued).toEqual(expected);
    expect(expected).toContain('need-match:urgent');
    expect(expected).not.toContain('need-match:routine');
    expect(expected).not.toContain('request-new:urgent');
  });

  it('names an NGO by its organisation, as its e-mails do, in the bell and on the device, in both languages', async () => {
    // A pharmacy reading Arabic, with a phone; an NGO whose person is 'ngo user', of 'Org'.
    const owner = await p.user('pharmacy');
    const asker = await p.user('ngo');
    await p.identity.api.put('/api/auth/me', { language: 'ar' }, { token: owner.token });
    await waitUntil(
      async () =>
        (
          await p.requests.service.ctx.pool.query('SELECT language FROM requests.users WHERE id = $1', [
            owner.id,
          ])
        ).rows[0]?.language === 'ar',
      { what: 'the pharmacy reads Arabic' },
    );
    const phone = browser();
    expect((await subscribe(owner, `owner-${owner.id}`, phone.keys)).status).toBe(201);
    const medicine = 'Glucophage 500mg';
    const listed = await p.catalog.api.post(
      '/api/medicines',
      medicineInput({ name: medicine, recipientType: 'ngos' }),
      {
        token: owner.token,
      },
    );
    const made = await p.requests.api.post(
      '/api/requests',
      { medicineId: listed.body.id, quantity: 1 },
      { token: asker.token },
    );
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    expect(
      (await p.requests.api.put(`/api/requests/${id}/status`, { status: 'approved' }, { token: owner.token }))
        .status,
    ).toBe(200);
    // The NGO will not come after all: the pharmacy is told at once, on its phone too.
    expect(
      (
        await p.requests.api.put(
          `/api/requests/${id}/status`,
          { status: 'cancelled' },
          { token: asker.token },
        )
      ).status,
    ).toBe(200);
    await waitUntil(() => service.to(`owner-${owner.id}`).length === 1, {
      what: 'the called-off pickup pushed to the pharmacy',
      timeoutMs: 20_000,
    });
    const said = { requester: 'Org', quantity: 1, medicine };
    expect(phone.open(service.to(`owner-${owner.id}`)[0]!.body)).toMatchObject({
      lang: 'ar',
      body: translate('notifyApprovedCancelled', 'ar', said),
    });
    for (const language of ['en', 'ar'] as const) {
      const bell = await p.requests.api.get('/api/notifications', {
        token: owner.token,
        headers: { 'accept-language': language },
      });
      expect(bell.body.map((n: { message: string }) => n.message)).toEqual([
        translate('notifyApprovedCancelled', language, said),
        translate('notifyRequestNew', language, said),
      ]);
    }
    // The pharmacy's list of requests names the NGO the same way.
    const row = (await p.requests.api.get('/api/requests/my', { token: owner.token })).body.find(
      (r: { id: number }) => r.id === id,
    );
    expect(row.requester).toEqual({ id: asker.id, name: 'Org', userType: 'ngo' });
  });

  it('refuses a subscription that is not one, in the caller’s language', async () => {
    const keys = browser().keys;
    const bad = [
      { endpoint: 'ftp://push.example/x', keys },
      { endpoint: 'not a url', keys },
      { endpoint: service.endpoint('x'), keys: { ...keys, p256dh: keys.p256dh.slice(0, 40) } },
      { endpoint: service.endpoint('x'), keys: { ...keys, auth: 'short' } },
      { endpoint: service.endpoint('x') },
    ];
    for (const body of bad) {
      const res = await p.requests.api.post('/api/push/subscriptions', body, {
        token: ngo.token,
        headers: { 'accept-language': 'ar' },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.details.length).toBeGreaterThan(0);
    }
    const anon = await p.requests.api.post('/api/push/subscriptions', {
      endpoint: service.endpoint('y'),
      keys,
    });
    expect(anon.status).toBe(401);
    expect((await p.requests.api.get('/api/push/key', { token: ngo.token })).body).toEqual({
      publicKey: testVapidKeys.publicKey,
    });
  });

  it('subscribes only endpoints of the push services it is set to trust (nothing POSTed where a caller chose)', async () => {
    const guarded = await startRequestsFor(p.identity, p.catalog, {
      WORKERS: 'off',
      PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,push.apple.com',
    });
    try {
      const keys = browser().keys;
      const subscribe = (endpoint: string) =>
        guarded.api.post(
          '/api/push/subscriptions',
          { endpoint, keys },
          { token: ngo.token, headers: { 'accept-language': 'ar' } },
        );
      for (const endpoint of [
        service.endpoint('internal'),
        'http://fcm.googleapis.com/fcm/send/abc',
        'https://169.254.169.254/latest/meta-data',
        'https://fcm.googleapis.com.evil.example/x',
      ]) {
        const refused = await subscribe(endpoint);
        expect([refused.status, refused.body.code, refused.body.details[0].path], endpoint).toEqual([
          400,
          'VALIDATION_FAILED',
          'endpoint',
        ]);
        expect(refused.body.message).toMatch(/[\u0600-\u06ff]/);
      }
      expect((await subscribe('https://fcm.googleapis.com/fcm/send/abc')).status).toBe(201);
      expect((await subscribe('https://web.push.apple.com/QGuQ')).status).toBe(201);
    } finally {
      await guarded.stop();
    }
  });
});
