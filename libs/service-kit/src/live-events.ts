import { liveChannels, type LiveEvent } from '@medrelay/contracts';
import pg from 'pg';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Live events (docs/messaging.md "Live screens"): hints that something a user sees
 * changed, written to the outbox in the change's own transaction and PUBLISHed by the relay on
 * the user's Redis channel once it has committed; the gateway passes them to that user's open
 * event streams. Outbox rows of this `queue` are published, never added to BullMQ.
 */
export const liveOutboxQueue = 'live';

/** An outbox row of a live event: who is told, and what. */
export interface LiveOutboxPayload {
  userIds: number[];
  event: LiveEvent;
}

/** The NOTIFY channel on which a schema's outbox says, at commit, that live events wait. */
export const outboxWakeChannel = (schema: string) => `${schema}_outbox`;

/**
 * Adds a live event for `userIds` in the caller's transaction, through the schema's
 * `add_live_events` (service-kit's `live` migration): the same event twice in one transaction is
 * sent once, and the relays are woken when it commits. Services whose tables carry live triggers
 * (svc-requests) need not call it; it is for changes no trigger sees.
 */
export async function addLiveEvents(
  client: pg.PoolClient,
  schema: string,
  userIds: readonly number[],
  event: LiveEvent,
): Promise<void> {
  if (userIds.length === 0) return;
  const payload: LiveOutboxPayload[] = [{ userIds: [...new Set(userIds)], event }];
  await client.query(`SELECT ${schema}.add_live_events($1::jsonb)`, [JSON.stringify(payload)]);
}

/**
 * PUBLISHes each event on each of its users' channels, in one round trip. Throws when any
 * failed, so the relay keeps the rows and tries again: a repeated hint costs a refetch, a lost
 * one a stale screen.
 */
export async function publishLiveEvents(
  redis: Redis,
  prefix: string,
  payloads: readonly LiveOutboxPayload[],
): Promise<void> {
  const pipeline = redis.pipeline();
  for (const { userIds, event } of payloads) {
    const message = JSON.stringify(event);
    for (const userId of userIds) pipeline.publish(liveChannels.user(prefix, userId), message);
  }
  if (pipeline.length === 0) return;
  const results = (await pipeline.exec()) ?? [];
  const failed = results.find(([err]) => err);
  if (failed) throw failed[0]!;
}

/**
 * LISTENs on `channel` with a connection of its own and calls `wake` for each NOTIFY (sent at a
 * commit, never for a rolled-back change) and after each (re)connection, when one may have been
 * missed. A lost connection is made again after `retryMs`. Returns how to stop listening.
 */
export function listenForCommits(
  pool: pg.Pool,
  channel: string,
  wake: () => void,
  logger: Logger,
  retryMs = 2000,
): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    void current.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(connect, retryMs);
  };
  async function connect() {
    retry = null;
    const current = new pg.Client({ ...pool.options, application_name: `${channel}-listener` });
    client = current;
    current.on('notification', () => wake());
    current.on('error', (err) => {
      logger.warn({ err: err.message, channel }, 'commit listener lost; the relay ticks meanwhile');
      lost(current);
    });
    current.on('end', () => lost(current));
    try {
      await current.connect();
      await current.query(`LISTEN "${channel}"`);
      wake();
    } catch {
      lost(current);
    }
  }
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
