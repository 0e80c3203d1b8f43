import type { Queue } from 'bullmq';
import type pg from 'pg';

/** The schemas whose outboxes the platform relays. */
const schemas = ['identity', 'catalog', 'requests'];

/**
 * Whether everything handed over has been delivered: every outbox row published and every
 * queue idle. Tests that count e-mails or notifications wait for this first.
 */
export async function allDelivered(db: pg.Pool, queues: Queue[]): Promise<boolean> {
  for (const schema of schemas) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${schema}.outbox WHERE published_at IS NULL`,
    );
    if (rows[0]!.n > 0) return false;
  }
  for (const queue of queues) {
    const counts = await queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
    if (Object.values(counts).some((n) => n > 0)) return false;
  }
  return true;
}
