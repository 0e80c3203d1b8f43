import { randomUUID } from 'node:crypto';
import { authKeys, tokenAudience, tokenIssuer, type UserStatus, type UserType } from '@medrelay/contracts';
import { tokenAlgorithm, type Logger, type Pool, type PoolClient, type Redis } from '@medrelay/service-kit';
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import { recordRevokedBefore } from './revocations-repo';

type TokenUser = { id: number; userType: UserType; status: UserStatus; name: string };

export interface TokenIssuer {
  /** A new session's token, valid `lifetimeMinutes` from now. */
  sign(user: TokenUser, lifetimeMinutes: number): Promise<string>;
  /**
   * A token that replaces the caller's own after the account's other sessions were ended (a new
   * id, since every older token is revoked): it keeps the session's end, `endsAt` (seconds), so no
   * session is ever renewed; an end further than `lifetimeMinutes` from now (the administrator
   * shortened the timeout since) is brought to it.
   */
  signReplacement(user: TokenUser, endsAt: number, lifetimeMinutes: number): Promise<string>;
  /**
   * Revokes one token in Redis until it would have expired. Its durable record is its session's
   * `ended_at`, which the caller writes first (auth/revocations.ts restores it from there).
   */
  revokeToken(tokenId: string, expiresAt: number): Promise<void>;
  /**
   * Revokes every token of the account issued so far: in PostgreSQL first, in `db` (the caller's
   * transaction when it holds one: a second connection per transaction could starve the pool),
   * then in Redis for the verifiers.
   */
  revokeAllFor(userId: number, db?: Pool | PoolClient): Promise<void>;
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
  pool: Pool,
  prefix: string,
  logger: Logger,
): Promise<TokenIssuer> {
  const key: CryptoKey = await importPKCS8(privateKeyPem, tokenAlgorithm);
  const signUntil = (user: TokenUser, nowMs: number, expiresAt: number) =>
    new SignJWT({ role: user.userType, status: user.status, name: user.name, iatMs: nowMs })
      .setProtectedHeader({ alg: tokenAlgorithm, typ: 'JWT' })
      .setSubject(String(user.id))
      .setJti(randomUUID())
      .setIssuer(tokenIssuer)
      .setAudience(tokenAudience)
      .setIssuedAt(Math.floor(nowMs / 1000))
      .setExpirationTime(expiresAt)
      .sign(key);
  const issuer: TokenIssuer = {
    async sign(user, lifetimeMinutes) {
      const nowMs = Date.now();
      return signUntil(user, nowMs, Math.floor(nowMs / 1000) + lifetimeMinutes * 60);
    },
    async signReplacement(user, endsAt, lifetimeMinutes) {
      const nowMs = Date.now();
      return signUntil(user, nowMs, Math.min(endsAt, Math.floor(nowMs / 1000) + lifetimeMinutes * 60));
    },
    async revokeToken(tokenId, expiresAt) {
      const ttl = Math.max(1, expiresAt - Math.floor(Date.now() / 1000));
      await redis.set(authKeys.revokedToken(prefix, tokenId), '1', 'EX', ttl);
    },
    async revokeAllFor(userId, db = pool) {
      const atMs = Date.now();
      // PostgreSQL first: whatever Redis holds can be rebuilt from it should Redis lose its data.
      await recordRevokedBefore(db, userId, atMs);
      // Kept without expiry: it must outlive any token issued before it.
      await redis.set(authKeys.revokedBefore(prefix, userId), String(atMs));
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
