import { authKeys, type Language, type Session } from '@medrelay/contracts';
import { httpError, type Caller } from '@medrelay/service-kit';
import type { Request } from 'express';
import type GeoIpModule from 'geoip-country';
import { decodeJwt } from 'jose';
import type { IdentityContext } from '../context';
import { deviceName } from '../passkeys/service';
import { findUserById } from '../users/repo';
import { endSessions, insertSession, openSessions, touchSession, type StoredSession } from './repo';

type GeoIp = typeof GeoIpModule;
let geoip: Promise<GeoIp> | null = null;
/** geoip-country holds its 7 MB table in memory: loaded at the first sign-in, not at start. */
const countryDatabase = () => (geoip ??= import('geoip-country').then((m) => m.default));

/** The country of an address, or null (loopback, private networks, unknown). */
export async function countryOf(address: string | undefined): Promise<string | null> {
  if (!address) return null;
  const ip = address.startsWith('::ffff:') ? address.slice(7) : address;
  return (await countryDatabase()).lookup(ip)?.country ?? null;
}

/**
 * Sessions and devices: every token signed at a sign-in is recorded with the
 * browser (bowser) and the country of its address (geoip-country; no finer place is kept), so
 * the owner can see where the account is signed in and sign one browser, or all others, out.
 * Signing out revokes the token itself (the verifiers' per-token revocation), so it stops at once.
 */
export function createSessionService(ctx: IdentityContext) {
  const now = () => ctx.clock.now();

  async function revokedBefore(userId: number): Promise<Date | null> {
    const at = await ctx.redis.get(authKeys.revokedBefore(ctx.prefix, userId));
    return at ? new Date(Number(at)) : null;
  }

  async function end(userId: number, ids: string[]): Promise<StoredSession[]> {
    if (!ids.length) return [];
    const ended = await endSessions(ctx.pool, userId, ids, now());
    for (const s of ended) await ctx.tokens.revokeToken(s.id, Math.floor(s.expiresAt.getTime() / 1000));
    return ended;
  }

  return {
    /** Records the session a sign-in's token opens, seen from this request. */
    async record(token: string, req: Request): Promise<void> {
      const claims = decodeJwt(token);
      const userAgent = req.headers['user-agent'] ?? '';
      await insertSession(ctx.pool, {
        id: String(claims.jti),
        userId: Number(claims.sub),
        device: deviceName(userAgent),
        userAgent,
        country: await countryOf(req.ip),
        issuedAt: new Date(Number(claims.iatMs)),
        lastSeenAt: new Date(Number(claims.iatMs)),
        expiresAt: new Date(Number(claims.exp) * 1000),
      });
    },

    /** The session was used (the app opened): its "last seen". */
    seen: (tokenId: string) => touchSession(ctx.pool, tokenId, now()),

    /** The open sessions, each browser named in the reader's language. */
    async list(userId: number, currentId: string, language: Language): Promise<Session[]> {
      await touchSession(ctx.pool, currentId, now());
      const open = await openSessions(ctx.pool, userId, now(), await revokedBefore(userId));
      return open.map((s) => ({
        id: s.id,
        // Recorded before sessions kept their User-Agent: the name then given, or none for a
        // browser it did not know, which reads as one ("Browser", «متصفح»).
        device:
          s.userAgent === null
            ? s.device || deviceName(undefined, language)
            : deviceName(s.userAgent, language),
        country: s.country,
        signedInAt: s.issuedAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.id === currentId,
      }));
    },

    /** Signs one browser out (this one too, if asked: like logging out). */
    async endOne(userId: number, id: string): Promise<void> {
      if (!(await end(userId, [id])).length) throw httpError.notFound();
    },

    /**
     * Signs out every browser of the account but the caller's: every token issued so far stops
     * (the account's revoked-before time, as a password change does), including any the list
     * does not hold (signed before sessions were recorded); the caller goes on with a new token
     * in the same session's place (same device and country, and the same end: calling this
     * before the session times out never makes it last longer).
     */
    async endOthers(
      caller: Pick<Caller, 'id' | 'tokenId' | 'expiresAt'>,
    ): Promise<{ signedOut: number; token: string }> {
      const { id: userId, tokenId: currentId } = caller;
      const open = await openSessions(ctx.pool, userId, now(), await revokedBefore(userId));
      const current = open.find((s) => s.id === currentId);
      const user = await findUserById(ctx.pool, userId);
      if (!user) throw httpError.unauthenticated('accountGone');
      await ctx.tokens.revokeAllFor(userId);
      // A token issued in the same millisecond as the revocation would count as revoked.
      await new Promise((r) => setTimeout(r, 2));
      const token = await ctx.tokens.signReplacement(
        user,
        caller.expiresAt,
        (await ctx.settings.get()).sessionTimeout,
      );
      const claims = decodeJwt(token);
      await insertSession(ctx.pool, {
        id: String(claims.jti),
        userId,
        device: current?.device ?? deviceName(undefined),
        userAgent: current ? current.userAgent : '',
        country: current?.country ?? null,
        issuedAt: new Date(Number(claims.iatMs)),
        lastSeenAt: new Date(Number(claims.iatMs)),
        expiresAt: new Date(Number(claims.exp) * 1000),
      });
      await endSessions(
        ctx.pool,
        userId,
        open.map((s) => s.id),
        now(),
      );
      return { signedOut: open.filter((s) => s.id !== currentId).length, token };
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
