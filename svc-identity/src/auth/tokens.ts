import { randomUUID } from 'node:crypto';
import { authKeys, tokenAudience, tokenIssuer, type UserStatus, type UserType } from '@medrelay/contracts';
import { tokenAlgorithm, type Logger, type Redis } from '@medrelay/service-kit';
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';

export interface TokenIssuer {
  sign(
    user: { id: number; userType: UserType; status: UserStatus; name: string },
    lifetimeMinutes: number,
  ): Promise<string>;
  revokeToken(tokenId: string, expiresAt: number): Promise<void>;
  revokeAllFor(userId: number): Promise<void>;
  publishStatus(userId: number, status: UserStatus): Promise<void>;
  /**
   * The same once the change is committed: best effort and logged, since the change is saved
   * (the token claim and identity's start-up restore cover a miss).
   */
  publishStatusAfterCommit(userId: number, status: UserStatus): Promise<void>;
}

/** Signs access tokens with the private key, which only svc-identity holds. */
export async function createTokenIssuer(
  privateKeyPem: string,
  redis: Redis,
  prefix: string,
  logger: Logger,
): Promise<TokenIssuer> {
  const key: CryptoKey = await importPKCS8(privateKeyPem, tokenAlgorithm);
  const issuer: TokenIssuer = {
    async sign(user, lifetimeMinutes) {
      const nowMs = Date.now();
      return new SignJWT({ role: user.userType, status: user.status, name: user.name, iatMs: nowMs })
        .setProtectedHeader({ alg: tokenAlgorithm, typ: 'JWT' })
        .setSubject(String(user.id))
        .setJti(randomUUID())
        .setIssuer(tokenIssuer)
        .setAudience(tokenAudience)
        .setIssuedAt(Math.floor(nowMs / 1000))
        .setExpirationTime(Math.floor(nowMs / 1000) + lifetimeMinutes * 60)
        .sign(key);
    },
    async revokeToken(tokenId, expiresAt) {
      const ttl = Math.max(1, expiresAt - Math.floor(Date.now() / 1000));
      await redis.set(authKeys.revokedToken(prefix, tokenId), '1', 'EX', ttl);
    },
    async revokeAllFor(userId) {
      // Kept without expiry: it must outlive any token issued before it.
      await redis.set(authKeys.revokedBefore(prefix, userId), String(Date.now()));
    },
    async publishStatus(userId, status) {
      await redis.set(authKeys.status(prefix, userId), status);
    },
    async publishStatusAfterCommit(userId, status) {
      await issuer
        .publishStatus(userId, status)
        .catch((err: Error) => logger.warn({ userId, err: err.message }, 'could not publish user status'));
    },
  };
  return issuer;
}
