import type { AddressInfo } from 'node:net';
import { authKeys, tokenAudience, tokenIssuer } from '@medrelay/contracts';
import { apiClient, testStores, uniqueName } from '@medrelay/testing';
import express from 'express';
import { importPKCS8, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, createTokenVerifier, requireApproved, requirePermission } from './auth';
import { errorHandler } from './errors';
import { createLogger } from './logger';
import { createRedis, type Redis } from './redis';

let redis: Redis;
let close: () => void;
let api: ReturnType<typeof apiClient>;
const prefix = uniqueName('auth');

async function token(claims: { sub: string; role: string; status: string }, iatMs = Date.now()) {
  const key = await importPKCS8(testStores().jwtPrivateKey, 'ES256');
  return new SignJWT({ role: claims.role, status: claims.status, name: 'n', iatMs })
    .setProtectedHeader({ alg: 'ES256' })
    .setSubject(claims.sub)
    .setJti(uniqueName('jti'))
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}

beforeAll(async () => {
  redis = createRedis(testStores().redisUrl, 'auth-test');
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
  app.use(errorHandler(createLogger('t', 'silent')));
  const server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  api = apiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  close = () => server.close();
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
