import { authKeys } from '@medrelay/contracts';
import { isStoreOutage, type Logger, type Pool, type Redis } from '@medrelay/service-kit';
import { rejectedUsers } from '../users/repo';
import { endedSessionsUnexpired, recordManyRevokedBefore, revokedBeforeTimes } from './revocations-repo';

/**
 * Revocations live in PostgreSQL first and in Redis for the verifiers: the account's
 * revoked-before time in `identity.revoked_before` (written by `TokenIssuer.revokeAllFor` before
 * Redis), a single token's in its session's `ended_at` (logout, one session signed out: ended
 * before the token is revoked in Redis). From them, identity puts back everything Redis should
 * hold, then writes the `restored` marker the verifiers require (they answer 503 without it).
 */

/** Sets the key to ARGV[1] unless it holds a later time already (a revocation never moves back). */
const setIfLater = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current == nil or current < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) end
return 1`;

/**
 * Revoked-before times Redis holds that PostgreSQL lacks: written before revocations were kept
 * in PostgreSQL (the first start after the upgrade). Taken in while the marker is missing only:
 * once it is set, every revocation since went to PostgreSQL first.
 */
async function adoptFromRedis(pool: Pool, redis: Redis, prefix: string): Promise<number> {
  const pattern = authKeys.revokedBefore(prefix, '*');
  const start = pattern.length - 1;
  let adopted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (!keys.length) continue;
    const values = await redis.mget(...keys);
    const rows = keys
      .map((key, i) => ({ userId: Number(key.slice(start)), atMs: Number(values[i]) }))
      .filter((r) => Number.isSafeInteger(r.userId) && Number.isSafeInteger(r.atMs) && r.atMs > 0);
    if (!rows.length) continue;
    await recordManyRevokedBefore(pool, rows);
    adopted += rows.length;
  } while (cursor !== '0');
  return adopted;
}

export interface Restored {
  /** Accounts whose revoked-before time was written. */
  accounts: number;
  /** Single tokens revoked (ended sessions not yet expired). */
  tokens: number;
  /** Rejected (or suspended) accounts whose status was written. */
  rejected: number;
}

/**
 * Puts every revocation back into Redis from PostgreSQL, then sets the `restored` marker, all in
 * one MULTI: a Redis emptied meanwhile cannot end up with the marker but without the revocations.
 * Safe to run at any time and on several instances at once: a revoked-before time only moves
 * later, a token revocation is the same key with its remaining lifetime, and a status is written
 * only where none is (NX: a reinstatement published meanwhile is newer).
 */
export async function restoreRevocations(pool: Pool, redis: Redis, prefix: string): Promise<Restored> {
  if (!(await redis.exists(authKeys.restored(prefix)))) await adoptFromRedis(pool, redis, prefix);
  const nowMs = Date.now();
  const [before, tokens, rejected] = await Promise.all([
    revokedBeforeTimes(pool),
    endedSessionsUnexpired(pool, new Date(nowMs)),
    rejectedUsers(pool),
  ]);
  const multi = redis.multi();
  for (const row of before) multi.eval(setIfLater, 1, authKeys.revokedBefore(prefix, row.userId), row.atMs);
  for (const row of tokens) {
    multi.set(authKeys.revokedToken(prefix, row.id), '1', 'PX', Math.max(1000, row.expiresMs - nowMs));
  }
  for (const row of rejected) multi.set(authKeys.status(prefix, row.id), 'rejected', 'NX');
  multi.set(authKeys.restored(prefix), String(nowMs));
  const results = await multi.exec();
  const failed = results?.find(([err]) => err)?.[0];
  if (!results || failed) throw failed ?? new Error('restoring the revocations was aborted');
  return { accounts: before.length, tokens: tokens.length, rejected: rejected.length };
}

/**
 * The id Redis gives each start of its process: a new one means its data may be older than ours.
 * Null when it cannot be read (a managed Redis that refuses INFO): the marker is checked alone.
 */
async function redisRunId(redis: Redis): Promise<string | null> {
  const info = await redis.info('server').catch(() => '');
  return /^run_id:(\w+)/m.exec(info)?.[1] ?? null;
}

/**
 * Restores the revocations at start (`restore`, which `whenStoresAnswer` retries through an
 * outage), then notices a Redis that lost some while identity runs and rebuilds them: every
 * `checkMs`, whether the `restored` marker is there (missing: emptied, or a new instance) and
 * whether Redis restarted since the last restore (its run id: a restart from a snapshot or an AOF
 * keeps the marker but may lack the last revocations). Both checks are cheap (EXISTS, INFO). A
 * failed rebuild (a store down) is tried again at the next check; verifiers answer 503 meanwhile.
 */
export function watchRevocations(pool: Pool, redis: Redis, prefix: string, logger: Logger, checkMs: number) {
  /** The run id of the Redis the last restore wrote to. */
  let restoredIn: string | null = null;
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function restore(): Promise<Restored> {
    // Read first: a restart after this is seen at the next check.
    const runId = await redisRunId(redis);
    const restored = await restoreRevocations(pool, redis, prefix);
    restoredIn = runId;
    return restored;
  }

  async function check(): Promise<void> {
    const [marked, runId] = await Promise.all([redis.exists(authKeys.restored(prefix)), redisRunId(redis)]);
    const restarted = runId !== null && restoredIn !== null && runId !== restoredIn;
    if (marked && !restarted) {
      restoredIn ??= runId;
      return;
    }
    const why = marked ? 'Redis restarted' : 'Redis lost the revocations (no marker)';
    logger.warn({ why }, 'restoring the revocations');
    logger.info({ ...(await restore()), why }, 'revocations restored');
  }

  return {
    restore,
    /** Checks every `checkMs` from now on. */
    watch() {
      timer = setInterval(() => {
        running ??= check()
          // Redis or PostgreSQL away: their outage is logged elsewhere; the next check tries again.
          .catch((err: Error) =>
            logger[isStoreOutage(err) ? 'debug' : 'warn']({ err: err.message }, 'revocation check failed'),
          )
          .finally(() => (running = null));
      }, checkMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
