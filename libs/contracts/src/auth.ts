import { z } from 'zod';
import { userStatuses, userTypes } from './roles';

/** Claims of the access token signed by svc-identity (ES256) and verified everywhere. */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  jti: z.string(),
  iat: z.number(),
  /** Issue time in milliseconds: revocation compares at this precision (iat has seconds only). */
  iatMs: z.number(),
  exp: z.number(),
  role: z.enum(userTypes),
  status: z.enum(userStatuses),
  name: z.string(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export const tokenIssuer = 'medrelay-identity';
export const tokenAudience = 'medrelay';

/** Redis keys shared by the issuer (identity) and every verifier (service-kit, gateway). */
export const authKeys = {
  /** What every key of session checks starts with (revocations and statuses, not settings). */
  sessionChecks: (prefix: string) => `${prefix}:auth:`,
  /** Tokens of this user issued before this time (ms) are invalid. */
  revokedBefore: (prefix: string, userId: number | string) => `${prefix}:auth:revoked-before:${userId}`,
  /** A single token revoked by logout, kept until it would have expired. */
  revokedToken: (prefix: string, jti: string) => `${prefix}:auth:revoked-jti:${jti}`,
  /** The user's current status, so an approval takes effect without a new token. */
  status: (prefix: string, userId: number | string) => `${prefix}:auth:status:${userId}`,
  /**
   * Set by identity once every revocation is in Redis (rebuilt from PostgreSQL). Missing, Redis
   * lost its data (a restart without persistence, a new instance): verifiers answer 503 instead
   * of trusting a token whose revocation they cannot see, until identity has put them back.
   */
  restored: (prefix: string) => `${prefix}:auth:restored`,
  /** The current system settings as JSON, published by identity. */
  settings: (prefix: string) => `${prefix}:settings:current`,
};
