import { authKeys } from '@medrelay/contracts';
import type { Pool, Redis } from '@medrelay/service-kit';
import { rejectedUsers } from '../users/repo';

/**
 * Rebuilds the Redis revocation entries of rejected and suspended accounts from the database,
 * so that a Redis that lost its data (no AOF, a new instance) never lets an old token of a
 * suspended account back in. Existing entries are kept (NX): they may be newer.
 */
export async function restoreRevocations(pool: Pool, redis: Redis, prefix: string): Promise<number> {
  const rows = await rejectedUsers(pool);
  if (rows.length === 0) return 0;
  const pipeline = redis.pipeline();
  for (const row of rows) {
    pipeline.set(authKeys.revokedBefore(prefix, row.id), row.changed_ms, 'NX');
    pipeline.set(authKeys.status(prefix, row.id), 'rejected', 'NX');
  }
  await pipeline.exec();
  return rows.length;
}
