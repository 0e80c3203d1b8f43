import type { AddressInfo } from 'node:net';
import { authKeys, tokenAudience, tokenIssuer } from '@medrelay/contracts';
import { apiClient, testStores, uniqueName } from '@medrelay/testing';
import type { Express } from 'express';
import { importPKCS8, SignJWT } from 'jose';
import { errorHandler } from './errors';
import { createLogger } from './logger';
import type { Redis } from './redis';

/** A token as identity signs it, with the test stores' key, for service-kit's own tests. */
export async function signTestToken(
  claims: { sub: string; role: string; status: string },
  iatMs = Date.now(),
  expiresIn: string | number = '1h',
): Promise<string> {
  const key = await importPKCS8(testStores().jwtPrivateKey, 'ES256');
  return new SignJWT({ role: claims.role, status: claims.status, name: 'n', iatMs })
    .setProtectedHeader({ alg: 'ES256' })
    .setSubject(claims.sub)
    .setJti(uniqueName('jti'))
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

/**
 * What identity writes once the revocations are in Redis (auth/revocations.ts): verifiers refuse
 * to trust tokens without it. For service-kit's own tests, which run no identity.
 */
export async function markRevocationsRestored(redis: Redis, prefix: string): Promise<void> {
  await redis.set(authKeys.restored(prefix), String(Date.now()));
}

/** Serves an app on a free port behind the services' error handler, with a client for it. */
export async function serveApp(app: Express) {
  app.use(errorHandler(createLogger('t', 'silent')));
  const server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  return {
    api: apiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    close: () => void server.close(),
  };
}
