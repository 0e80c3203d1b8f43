import { gatewayConfigShape } from './config';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { authKeys, liveSilenceMs, liveStreamHeader, translate, type LiveEvent } from '@medrelay/contracts';
import { createRedis } from '@medrelay/service-kit';
import {
  medicineInput,
  startTestPlatform,
  type TestPlatform,
  type TestUser,
} from '@medrelay/svc-requests/testing';
import { waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './testing';

/*
 * The live event stream through real gateways in front of two instances of
 * every service: events come from svc-requests' outbox, through Redis, to the user's streams.
 */

let p: TestPlatform;
let gw: TestGateway;
let gw2: TestGateway;
let pharmacy: TestUser, ngo: TestUser, stranger: TestUser, admin: TestUser;
beforeAll(async () => {
  p = await startTestPlatform({ instances: 2 });
  const urls = (list: Array<{ baseUrl: string }>) => list.map((s) => s.baseUrl).join(',');
  const services = {
    IDENTITY_URL: urls(p.replicas.identity),
    CATALOG_URL: urls(p.replicas.catalog),
    REQUESTS_URL: urls(p.replicas.requests),
  };
  [gw, gw2] = await Promise.all([
    startTestGateway(p.identity.prefix, services),
    // Heartbeats every 100 ms here, so a test sees them without waiting 20 s.
    startTestGateway(p.identity.prefix, { ...services, LIVE_HEARTBEAT_MS: '100' }),
  ]);
  [pharmacy, ngo, stranger, admin] = await Promise.all([
    p.user('pharmacy'),
    p.user('ngo'),
    p.user('ngo'),
    p.user('admin'),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([gw?.stop(), gw2?.stop()]);
  await p?.stop();
});

interface Received {
  event: LiveEvent;
  /** When the bytes arrived (Date.now()). */
  at: number;
}

/** GET /api/events as a browser's fetch reads it: the events and heartbeat comments as they come. */
async function openStream(baseUrl: string, token?: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, {
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: controller.signal,
  });
  const received: Received[] = [];
  let comments = 0;
  let ended = !res.ok;
  const body = res.ok ? null : ((await res.json()) as { message: string; code: string; details?: unknown });
  if (res.ok) {
    void (async () => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            for (const line of buffer.slice(0, end).split('\n')) {
              if (line.startsWith('data: '))
                received.push({ event: JSON.parse(line.slice(6)) as LiveEvent, at: Date.now() });
              else if (line.startsWith(':')) comments++;
            }
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // Aborted by the test.
      }
      ended = true;
    })();
  }
  return {
    status: res.status,
    headers: res.headers,
    body,
    received,
    events: () => received.map((r) => r.event),
    comments: () => comments,
    ended: () => ended,
    /** Waits for an event like `want` arriving at or after `since`; returns when it arrived. */
    async next(want: LiveEvent, since = 0, timeoutMs = 5000): Promise<number> {
      const match = () =>
        received.find(
          (r) =>
            r.at >= since && r.event.kind === want.kind && (want.id === undefined || r.event.id === want.id),
        );
      await waitUntil(() => Boolean(match()), { timeoutMs, intervalMs: 10, what: JSON.stringify(want) });
      return match()!.at;
    },
    close: () => controller.abort(),
  };
}
type Stream = Awaited<ReturnType<typeof openStream>>;

/** A need of `user`: its own `needs` event, which follows everything published before it. */
async function addNeed(user: TestUser): Promise<number> {
  const res = await gw.api.post(
    '/api/needs',
    { medicine: 'Sentinel syrup', minQuantity: 1 },
    { token: user.token },
  );
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const unpublishedLiveRows = async () =>
  (
    await p.requests.service.ctx.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM requests.outbox WHERE queue = 'live' AND published_at IS NULL",
    )
  ).rows[0]!.n;

async function listAndRequest(quantity = 2) {
  const listed = await gw.api.post('/api/medicines', medicineInput({ recipientType: 'ngos', quantity: 10 }), {
    token: pharmacy.token,
  });
  expect(listed.status).toBe(201);
  const requested = await gw.api.post(
    '/api/requests',
    { medicineId: listed.body.id, quantity },
    { token: ngo.token },
  );
  expect(requested.status, JSON.stringify(requested.body)).toBe(201);
  // Its own events are out before a test opens streams: those see only what follows.
  await waitUntil(async () => (await unpublishedLiveRows()) === 0, { what: 'the outbox relayed' });
  return requested.body.id as number;
}

const dbNow = async () =>
  (await p.requests.service.ctx.pool.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0]!.now;

describe('GET /api/events', () => {
  const streams: Stream[] = [];
  const open = async (...args: Parameters<typeof openStream>) => {
    const stream = await openStream(...args);
    streams.push(stream);
    return stream;
  };
  afterAll(() => streams.forEach((s) => s.close()));

  it("tells the requester within 2 s of the owner's approval, and tells nobody else", async () => {
    const id = await listAndRequest();
    const [requester, owner, other] = await Promise.all([
      open(gw.baseUrl, ngo.token),
      open(gw.baseUrl, pharmacy.token),
      open(gw.baseUrl, stranger.token),
    ]);
    expect(requester.status).toBe(200);
    expect(requester.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const acted = Date.now();
    const approved = await gw.api.put(
      `/api/requests/${id}/status`,
      { status: 'approved' },
      { token: pharmacy.token },
    );
    expect(approved.status).toBe(200);
    const arrived = await requester.next({ kind: 'request', id }, acted);
    expect(arrived - acted).toBeLessThan(2000);
    // The approval's notification, for the requester only.
    await requester.next({ kind: 'notification' }, acted);
    await owner.next({ kind: 'request', id }, acted);
    expect(owner.events()).not.toContainEqual({ kind: 'notification' });

    // Events on one connection arrive in order: once the stranger's own later event is in,
    // anything of the approval that leaked to them would be in too.
    const needId = await addNeed(stranger);
    await other.next({ kind: 'needs', id: needId });
    expect(other.events()).toEqual([{ kind: 'needs', id: needId }]);
    // Hints only: a kind and an id, nothing personal.
    for (const event of requester.events())
      expect(Object.keys(event).sort()).toEqual(event.id === undefined ? ['kind'] : ['id', 'kind']);
  });

  it('delivers through every gateway instance, each event published once from the outbox', async () => {
    const id = await listAndRequest();
    const [onFirst, onSecond] = await Promise.all([
      open(gw.baseUrl, ngo.token),
      open(gw2.baseUrl, ngo.token),
    ]);
    const since = await dbNow();
    const acted = Date.now();
    expect(
      (await gw.api.put(`/api/requests/${id}/status`, { status: 'approved' }, { token: pharmacy.token }))
        .status,
    ).toBe(200);
    await Promise.all([
      onFirst.next({ kind: 'request', id }, acted),
      onSecond.next({ kind: 'request', id }, acted),
    ]);
    // A later event of the same user: everything before it has arrived on both.
    const needId = await addNeed(ngo);
    await Promise.all([
      onFirst.next({ kind: 'needs', id: needId }),
      onSecond.next({ kind: 'needs', id: needId }),
    ]);

    const { rows } = await p.requests.service.ctx.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM requests.outbox
        WHERE queue = 'live' AND created_at >= $1 AND payload->'event' = $2::jsonb
          AND payload->'userIds' @> $3::jsonb`,
      [since, JSON.stringify({ kind: 'request', id }), JSON.stringify([ngo.id])],
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
    const count = (s: Stream) => s.events().filter((e) => e.kind === 'request' && e.id === id).length;
    // Two relays and two gateways, yet each stream has each outbox row once.
    expect(count(onFirst)).toBe(rows[0]!.n);
    expect(count(onSecond)).toBe(rows[0]!.n);
  });

  it('will not start with a heartbeat browsers would take for a dead stream', () => {
    const heartbeat = gatewayConfigShape.LIVE_HEARTBEAT_MS;
    expect(heartbeat.parse(undefined)).toBe(20_000);
    expect(heartbeat.safeParse(String(liveSilenceMs / 2)).success).toBe(true);
    expect(heartbeat.safeParse(String(liveSilenceMs)).success).toBe(false);
  });

  it('sends heartbeat comments, uncompressed, whatever the client accepts', async () => {
    const stream = await open(gw2.baseUrl, ngo.token, { 'accept-encoding': 'br, gzip' });
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('cache-control')).toBe('no-store, no-transform');
    await waitUntil(() => stream.comments() >= 2, { what: 'two heartbeats' });
    expect(stream.ended()).toBe(false);
  });

  it("refuses a stream without a token or with a revoked one: 401 in the caller's language", async () => {
    const none = await openStream(gw.baseUrl, undefined, { 'accept-language': 'ar' });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: translate('authenticationRequired', 'ar'),
    });

    const { token } = await p.identity.signedIn('ngo');
    expect((await gw.api.post('/api/auth/logout', undefined, { token })).status).toBe(204);
    const revoked = await openStream(gw.baseUrl, token, { 'accept-language': 'ar' });
    expect(revoked.status).toBe(401);
    expect(revoked.body).toMatchObject({ code: 'TOKEN_REVOKED', message: translate('sessionEnded', 'ar') });
  });

  it("refuses a user's eleventh stream on one gateway (429, Retry-After) and keeps the ten open", async () => {
    const user = await p.identity.signedIn('pharmacy');
    const ten = await Promise.all(Array.from({ length: 10 }, () => open(gw.baseUrl, user.token)));
    expect(ten.map((s) => s.status)).toEqual(Array(10).fill(200));
    const eleventh = await openStream(gw.baseUrl, user.token, { 'accept-language': 'ar' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('retry-after')).toBe('60');
    expect(eleventh.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: translate('tooManyLiveStreams', 'ar'),
    });
    // None of the ten was closed for it (closing the oldest made it reconnect and close the next).
    expect(ten.some((s) => s.ended())).toBe(false);
    ten[0]!.close();
    await waitUntil(async () => (await open(gw.baseUrl, user.token)).status === 200, {
      what: 'a place freed by a closed stream',
    });
  });

  it('lets a browser reconnecting under the same stream name take the place of its lingering stream', async () => {
    const user = await p.identity.signedIn('pharmacy');
    const named = (i: number) => ({ [liveStreamHeader]: `counter-pc-${i}-${'x'.repeat(8)}` });
    const ten = await Promise.all(
      Array.from({ length: 10 }, (_, i) => open(gw.baseUrl, user.token, named(i))),
    );
    expect(ten.map((s) => s.status)).toEqual(Array(10).fill(200));
    // PC 3's network was cut without a FIN: its old stream is still held here when it comes back.
    const back = await open(gw.baseUrl, user.token, named(3));
    expect(back.status).toBe(200);
    await waitUntil(() => ten[3]!.ended(), { what: 'the lingering stream ended' });
    expect(ten.filter((s) => s.ended())).toHaveLength(1);
    // Another browser still finds no place.
    expect((await openStream(gw.baseUrl, user.token, named(11))).status).toBe(429);
  });

  it('closes an open stream when its token is revoked (logout) or the account suspended', async () => {
    const signedOut = await p.identity.signedIn('ngo');
    const loggingOut = await open(gw.baseUrl, signedOut.token);
    const suspendedUser = await p.user('pharmacy');
    // On the gateway with fast heartbeats and on the other: both close at once.
    const suspended = await open(gw2.baseUrl, suspendedUser.token);
    const untouched = await open(gw.baseUrl, stranger.token);
    expect([loggingOut.status, suspended.status, untouched.status]).toEqual([200, 200, 200]);

    expect((await gw.api.post('/api/auth/logout', undefined, { token: signedOut.token })).status).toBe(204);
    await waitUntil(loggingOut.ended, { timeoutMs: 2000, what: 'the logged-out stream to close' });

    const suspend = await gw.api.put(
      `/api/admin/users/${suspendedUser.id}/status`,
      { status: 'rejected' },
      { token: admin.token },
    );
    expect(suspend.status).toBe(200);
    await waitUntil(suspended.ended, { timeoutMs: 2000, what: 'the suspended stream to close' });
    expect(untouched.ended()).toBe(false);
  });
});

/** Whether something accepts TCP connections on the loopback port. */
const accepting = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('when Redis or the gateway goes away', () => {
  it('ends the streams when Redis goes down and answers 503 with Retry-After until it is back', async () => {
    // A Redis of this test's own, which it can stop, behind a gateway of its own.
    const port = await freePort();
    const start = () =>
      spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
    // Identity marks a Redis holding the revocations (verifiers answer 503 without it); it
    // writes to another Redis here, so the test does it for this one.
    const markRestored = async () => {
      const marker = createRedis(`redis://127.0.0.1:${port}`, 'live-test-marker');
      await marker.set(authKeys.restored(p.identity.prefix), '1');
      marker.disconnect();
    };
    let redis: ChildProcess = start();
    await waitUntil(() => accepting(port), { what: 'the new Redis' });
    await markRestored();
    const own = await startTestGateway(p.identity.prefix, {
      REDIS_URL: `redis://127.0.0.1:${port}`,
      IDENTITY_URL: p.identity.baseUrl,
    });
    try {
      let stream = await openStream(own.baseUrl, ngo.token);
      // The gateway's subscriber connection may still be on its way.
      await waitUntil(
        async () => {
          if (stream.status === 200) return true;
          stream = await openStream(own.baseUrl, ngo.token);
          return false;
        },
        { what: 'a stream once the gateway is connected' },
      );
      redis.kill('SIGKILL');
      await waitUntil(stream.ended, { timeoutMs: 5000, what: 'the stream to end with Redis' });
      const refused = await openStream(own.baseUrl, ngo.token, { 'accept-language': 'ar' });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body).toMatchObject({
        code: 'STORE_UNAVAILABLE',
        message: translate('serviceUnavailable', 'ar'),
      });

      redis = start();
      await waitUntil(() => accepting(port), { what: 'Redis back' });
      await markRestored();
      await waitUntil(
        async () => {
          const again = await openStream(own.baseUrl, ngo.token);
          again.close();
          return again.status === 200;
        },
        { timeoutMs: 15_000, what: 'streams again once Redis is back' },
      );
      // Its other connections are back too before it stops (a QUIT on a closed one fails).
      await waitUntil(() => own.gateway.redis.status === 'ready', { what: 'the gateway reconnected' });
    } finally {
      // The gateway first: its QUIT needs the Redis it is connected to.
      await own.stop();
      redis.kill('SIGKILL');
    }
  });

  it('ends its open streams when the gateway shuts down, so it drains at once', async () => {
    const leaving = await startTestGateway(p.identity.prefix, { IDENTITY_URL: p.identity.baseUrl });
    const stream = await openStream(leaving.baseUrl, ngo.token);
    expect(stream.status).toBe(200);
    const started = Date.now();
    await leaving.stop();
    expect(Date.now() - started).toBeLessThan(2000);
    await waitUntil(stream.ended, { timeoutMs: 2000, what: 'the stream to end' });
  });
});
