import {
  authKeys,
  tokenAudience,
  tokenClaimsSchema,
  tokenIssuer,
  type TokenClaims,
  type UserStatus,
  type UserType,
} from '@medrelay/contracts';
import { can, mayUseProduct, type Action } from '@medrelay/domain';
import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { errors as joseErrors, importSPKI, jwtVerify, type CryptoKey } from 'jose';
import { AppError, httpError, storeUnavailable } from './errors';
import type { KeyReader } from './tracked-reads';

export const tokenAlgorithm = 'ES256';

/** The caller as the services see it after verification. */
export interface Caller {
  id: number;
  role: UserType;
  status: UserStatus;
  name: string;
  tokenId: string;
  expiresAt: number;
}

export interface TokenVerifier {
  verify(token: string): Promise<Caller>;
}

export interface TokenVerifierOptions {
  /**
   * How many verified tokens to remember (by SHA-256), so a token seen again skips the signature
   * check; 0 (the default) remembers none. Expiry and revocation are still checked on every call.
   */
  verifiedCacheSize?: number;
}

/**
 * Verifies signature, issuer, audience and expiry with the public key, then reads from Redis
 * (one MGET) whether the token or all of the user's tokens were revoked, and the user's current
 * status, so suspension takes effect at once and approval without signing in again. The same
 * MGET reads identity's `restored` marker: without it Redis lost the revocations, and the call is
 * answered 503 STORE_UNAVAILABLE (an outage: clients, the gateway and jobs retry) until identity
 * has rebuilt them from PostgreSQL. `keys` is a Redis connection, or a `TrackedReads` over one
 * that keeps those keys until Redis says they changed.
 */
export async function createTokenVerifier(
  publicKeyPem: string,
  keys: KeyReader,
  prefix: string,
  options: TokenVerifierOptions = {},
): Promise<TokenVerifier> {
  const key: CryptoKey = await importSPKI(publicKeyPem, tokenAlgorithm);
  const verified = new VerifiedTokens(options.verifiedCacheSize ?? 0);
  const checkSignature = async (token: string): Promise<TokenClaims> => {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [tokenAlgorithm],
        issuer: tokenIssuer,
        audience: tokenAudience,
      });
      return tokenClaimsSchema.parse(payload);
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new AppError(401, 'TOKEN_EXPIRED', 'sessionExpired');
      throw new AppError(401, 'TOKEN_INVALID', 'sessionInvalid');
    }
  };
  return {
    async verify(token) {
      const digest = verified.size ? createHash('sha256').update(token).digest('base64') : '';
      let claims = verified.get(digest);
      // The same rule as jose's: expired once `exp` (seconds) is not after now.
      if (claims && claims.exp <= Math.floor(Date.now() / 1000)) {
        verified.delete(digest);
        throw new AppError(401, 'TOKEN_EXPIRED', 'sessionExpired');
      }
      if (!claims) {
        claims = await checkSignature(token);
        verified.set(digest, claims);
      }
      const [revokedBefore, revokedToken, currentStatus, restored] = await keys.mget(
        authKeys.revokedBefore(prefix, claims.sub),
        authKeys.revokedToken(prefix, claims.jti),
        authKeys.status(prefix, claims.sub),
        authKeys.restored(prefix),
      );
      // Redis lost its data and identity has not put the revocations back yet: a missing key
      // proves nothing, so the call waits (503, Retry-After) instead of trusting the token.
      if (!restored) throw storeUnavailable();
      // A rejected (suspended) account has no valid session, whatever the token's age.
      if (
        revokedToken ||
        currentStatus === 'rejected' ||
        (revokedBefore && claims.iatMs <= Number(revokedBefore))
      ) {
        throw new AppError(401, 'TOKEN_REVOKED', 'sessionEnded');
      }
      return {
        id: Number(claims.sub),
        role: claims.role,
        status: (currentStatus as UserStatus | null) ?? claims.status,
        name: claims.name,
        tokenId: claims.jti,
        expiresAt: claims.exp,
      };
    },
  };
}

/**
 * Claims of tokens whose signature was already checked, keyed by the token's SHA-256 (the cache
 * holds no usable credential). Bounded: the least recently used entry goes first. Only tokens
 * that verified enter it: made-up tokens cost a signature check each, as before, and stay out.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, TokenClaims>();

  constructor(readonly size: number) {}

  get(digest: string): TokenClaims | undefined {
    if (!this.size) return undefined;
    const claims = this.entries.get(digest);
    if (claims) {
      this.entries.delete(digest);
      this.entries.set(digest, claims);
    }
    return claims;
  }

  set(digest: string, claims: TokenClaims): void {
    if (!this.size) return;
    if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(digest, claims);
  }

  delete(digest: string): void {
    this.entries.delete(digest);
  }
}

export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

export function callerOf(res: Response): Caller {
  const caller = res.locals.caller as Caller | undefined;
  if (!caller) throw httpError.unauthenticated();
  return caller;
}

/** Requires a valid token; puts the caller on res.locals.caller. */
export function authenticate(verifier: TokenVerifier): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (!token) return next(httpError.unauthenticated());
    res.locals.caller = await verifier.verify(token);
    next();
  };
}

/** Only approved users (and admins) may continue (spec §2 access rules, enforced on the server). */
export const requireApproved: RequestHandler = (_req, res, next) => {
  const caller = callerOf(res);
  if (!mayUseProduct(caller.role, caller.status)) {
    return next(new AppError(403, 'ACCOUNT_NOT_APPROVED', 'accountPending'));
  }
  next();
};

/** Only roles the permissions matrix (libs/domain, spec §6) allows for `action` may continue. */
export function requirePermission(action: Action): RequestHandler {
  return (_req, res, next) => {
    if (!can(callerOf(res).role, action)) return next(httpError.forbidden());
    next();
  };
}
