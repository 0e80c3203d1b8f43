import { authKeys } from '@medrelay/contracts';
import { testStores, uniqueName, type ApiClient } from '@medrelay/testing';
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  authenticate,
  createTokenVerifier,
  requireApproved,
  requirePermission,
  VerifiedTokens,
  type TokenVerifier,
} from './auth';
import { markRevocationsRestored, serveApp, signTestToken as token } from './auth.fixture';
import { createRedis, type Redis } from './redis';

let redis: Redis;
let close: () => void;
let api: ApiClient;
const prefix = uniqueName('auth');

beforeAll(async () => {
  redis = createRedis(testStores().redisUrl, 'auth-test');
  await markRevocationsRestored(redis, prefix);
  const verifier = await createTokenVerifier(testStores().jwtPublicKey, redis, prefix);
  const app = express();
  app.get('/product', authenticate(verifier), requireApproved, (_req, res) => void res.json({ ok: true }));
  app.get(
    '/listers-only',
    authenticate(verifier),
    requireApproved,
    requirePermission('medicine.create'),
    (_req, res) => void res.json({ ok: true }),
  );
  ({ api, close } = await serveApp(app));
});
afterAll(async () => {
  close();
  await redis.quit();
});

describe('requireApproved and requirePermission (spec §2 access rules, on the server)', () => {
  it('lets approved users and admins in, refuses pending and rejected ones', async () => {
    expect(
      (await api.get('/product', { token: await token({ sub: '1', role: 'ngo', status: 'approved' }) }))
        .status,
    ).toBe(200);
    expect(
      (await api.get('/product', { token: await token({ sub: '2', role: 'admin', status: 'pending' }) }))
        .status,
    ).toBe(200);
    const pending = await api.get('/product', {
      token: await token({ sub: '3', role: 'ngo', status: 'pending' }),
    });
    expect(pending.status).toBe(403);
    expect(pending.body).toMatchObject({
      code: 'ACCOUNT_NOT_APPROVED',
      message: 'Your account is pending approval',
    });
  });

  it('uses the current status from Redis over the one in the token', async () => {
    const pendingToken = await token({ sub: '4', role: 'pharmacy', status: 'pending' });
    await redis.set(authKeys.status(prefix, 4), 'approved');
    expect((await api.get('/product', { token: pendingToken })).status).toBe(200);
    await redis.set(authKeys.status(prefix, 4), 'pending');
    expect((await api.get('/product', { token: pendingToken })).status).toBe(403);
  });

  it('refuses every token of a user whose current status is rejected', async () => {
    const fresh = await token({ sub: '9', role: 'donor', status: 'approved' });
    await redis.set(authKeys.status(prefix, 9), 'rejected');
    expect((await api.get('/product', { token: fresh })).body.code).toBe('TOKEN_REVOKED');
  });

  it('refuses tokens issued before a revocation and accepts ones issued after', async () => {
    const before = await token({ sub: '5', role: 'pharmacy', status: 'approved' }, Date.now() - 10);
    await redis.set(authKeys.revokedBefore(prefix, 5), String(Date.now()));
    const after = await token({ sub: '5', role: 'pharmacy', status: 'approved' }, Date.now() + 5);
    expect((await api.get('/product', { token: before })).body.code).toBe('TOKEN_REVOKED');
    expect((await api.get('/product', { token: after })).status).toBe(200);
  });

  it('refuses roles the permissions matrix does not allow with 403', async () => {
    const ngo = await token({ sub: '6', role: 'ngo', status: 'approved' });
    expect((await api.get('/listers-only', { token: ngo })).status).toBe(403);
    const pharmacy = await token({ sub: '7', role: 'pharmacy', status: 'approved' });
    expect((await api.get('/listers-only', { token: pharmacy })).status).toBe(200);
    const donor = await token({ sub: '8', role: 'donor', status: 'approved' });
    expect((await api.get('/listers-only', { token: donor })).status).toBe(200);
  });
});

describe('a Redis that lost its data (no restored marker from identity)', () => {
  afterEach(() => markRevocationsRestored(redis, prefix));

  it('answers 503 STORE_UNAVAILABLE with Retry-After for any token, revoked or not, until the marker is back', async () => {
    // Logged out, but a restart without persistence took its revocation, and the marker with it.
    const loggedOut = await token({ sub: '30', role: 'ngo', status: 'approved' });
    const fine = await token({ sub: '31', role: 'ngo', status: 'approved' });
    await redis.del(authKeys.restored(prefix));
    for (const tokenValue of [loggedOut, fine]) {
      const res = await api.get('/product', { token: tokenValue });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('STORE_UNAVAILABLE');
      expect(res.headers.get('retry-after')).toBe('5');
    }
    await markRevocationsRestored(redis, prefix);
    expect((await api.get('/product', { token: fine })).status).toBe(200);
  });
});

describe('the verified-token cache (the gateway checks a signature once per token)', () => {
  let cached: TokenVerifier;
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (err: { code?: string }) => err.code,
    );
  beforeAll(async () => {
    cached = await createTokenVerifier(testStores().jwtPublicKey, redis, prefix, { verifiedCacheSize: 100 });
  });
  afterEach(() => void vi.useRealTimers());

  it('still refuses a remembered token on the very next call after logout or suspension', async () => {
    const loggedOut = await token({ sub: '20', role: 'ngo', status: 'approved' });
    expect((await cached.verify(loggedOut)).id).toBe(20);
    const { jti } = JSON.parse(Buffer.from(loggedOut.split('.')[1]!, 'base64url').toString()) as {
      jti: string;
    };
    await redis.set(authKeys.revokedToken(prefix, jti), '1');
    expect(await failure(cached.verify(loggedOut))).toBe('TOKEN_REVOKED');

    const suspended = await token({ sub: '21', role: 'pharmacy', status: 'approved' });
    expect((await cached.verify(suspended)).id).toBe(21);
    await redis.set(authKeys.status(prefix, 21), 'rejected');
    expect(await failure(cached.verify(suspended))).toBe('TOKEN_REVOKED');

    const signedOutEverywhere = await token(
      { sub: '22', role: 'donor', status: 'approved' },
      Date.now() - 10,
    );
    expect((await cached.verify(signedOutEverywhere)).id).toBe(22);
    await redis.set(authKeys.revokedBefore(prefix, 22), String(Date.now()));
    expect(await failure(cached.verify(signedOutEverywhere))).toBe('TOKEN_REVOKED');
  });

  it('refuses a remembered token once it expires, and the current status still comes from Redis', async () => {
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await token({ sub: '23', role: 'ngo', status: 'pending' }, Date.now(), now + 60);
    await redis.set(authKeys.status(prefix, 23), 'approved');
    expect((await cached.verify(shortLived)).status).toBe('approved');
    await redis.set(authKeys.status(prefix, 23), 'pending');
    expect((await cached.verify(shortLived)).status).toBe('pending');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((now + 60) * 1000);
    expect(await failure(cached.verify(shortLived))).toBe('TOKEN_EXPIRED');
    // Forgotten, and jose agrees: expired on the full check too.
    expect(await failure(cached.verify(shortLived))).toBe('TOKEN_EXPIRED');
  });

  it('accepts only the exact token it checked: a changed signature or payload is checked again and refused', async () => {
    const good = await token({ sub: '24', role: 'ngo', status: 'approved' });
    expect((await cached.verify(good)).role).toBe('ngo');
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const otherSignature = `${signature.slice(0, -4)}${signature.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect(await failure(cached.verify(`${header}.${payload}.${otherSignature}`))).toBe('TOKEN_INVALID');
    const admin = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin' }),
    ).toString('base64url');
    expect(await failure(cached.verify(`${header}.${admin}.${signature}`))).toBe('TOKEN_INVALID');
  });
});

describe('VerifiedTokens', () => {
  const claims = (sub: string) => ({ sub }) as never;

  it('keeps at most its size, forgetting the least recently used first', () => {
    const tokens = new VerifiedTokens(2);
    tokens.set('a', claims('1'));
    tokens.set('b', claims('2'));
    expect(tokens.get('a')).toEqual({ sub: '1' });
    tokens.set('c', claims('3'));
    expect(tokens.get('b')).toBeUndefined();
    expect(tokens.get('a')).toEqual({ sub: '1' });
    expect(tokens.get('c')).toEqual({ sub: '3' });
  });

  it('remembers nothing with size 0', () => {
    const tokens = new VerifiedTokens(0);
    tokens.set('a', claims('1'));
    expect(tokens.get('a')).toBeUndefined();
  });
});
