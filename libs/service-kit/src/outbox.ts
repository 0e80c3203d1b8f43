import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from 'pino';
import {
  listenForCommits,
  liveOutboxQueue,
  outboxWakeChannel,
  publishLiveEvents,
  type LiveOutboxPayload,
} from './live-events';
import { withRequestId } from './request-context';

/**
 * Transactional outbox. A service writes the messages a change causes in the same transaction
 * as the change (`addToOutbox`); the relay publishes them to BullMQ until each is published.
 * The outbox row id is the BullMQ job id, so a row published twice (crash between add and
 * mark) is still one job while that job is kept.
 *
 * Table (in each service's schema): outbox(id uuid pk, queue text, job_name text,
 * payload jsonb, created_at timestamptz, published_at timestamptz).
 */
export interface OutboxMessage {
  queue: string;
  name: string;
  payload: unknown;
  id?: string;
}

export async function addToOutbox(
  client: pg.PoolClient,
  schema: string,
  message: OutboxMessage,
): Promise<string> {
  const id = message.id ?? randomUUID();
  await client.query(`INSERT INTO ${schema}.outbox (id, queue, job_name, payload) VALUES ($1, $2, $3, $4)`, [
    id,
    message.queue,
    message.name,
    // The request that caused the message travels with it into the job.
    JSON.stringify(withRequestId(message.payload)),
  ]);
  return id;
}

/**
 * Many messages in one statement (a batch job writing thousands of events): the same rows as
 * `addToOutbox` once per message, without a round trip each.
 */
export async function addManyToOutbox(
  client: pg.PoolClient,
  schema: string,
  messages: OutboxMessage[],
): Promise<void> {
  if (messages.length === 0) return;
  // One JSON document: serialising thousands of payloads as a Postgres array literal is slow.
  await client.query(
    `INSERT INTO ${schema}.outbox (id, queue, job_name, payload)
     SELECT (m->>'id')::uuid, m->>'queue', m->>'name', m->'payload' FROM jsonb_array_elements($1::jsonb) m`,
    [
      JSON.stringify(
        messages.map((m) => ({
          id: m.id ?? randomUUID(),
          queue: m.queue,
          name: m.name,
          payload: withRequestId(m.payload),
        })),
      ),
    ],
  );
}

const pruneEveryMs = 60 * 60 * 1000;

export interface OutboxRelayOptions {
  intervalMs?: number;
  /** Where live events are PUBLISHed (live-events.ts); without it they are dropped unsent. */
  live?: { redis: Redis; prefix: string };
  /**
   * LISTEN for the NOTIFY the schema's live triggers send at commit and publish at once, instead
   * of at the next tick (live screens promise 2 s; a tick alone is up to `intervalMs` late).
   */
  wakeOnCommit?: boolean;
}

export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private lastPrune = 0;
  private stopListening: (() => Promise<void>) | null = null;
  /** A nudge came during a pass: run again as soon as it ends. */
  private again = false;
  private readonly intervalMs: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly schema: string,
    private readonly queueFor: (name: string) => Queue,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 1000;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
    if (this.options.wakeOnCommit && !this.stopListening) {
      this.stopListening = listenForCommits(
        this.pool,
        outboxWakeChannel(this.schema),
        () => this.nudge(),
        this.logger,
      );
    }
  }

  /** Messages of `queue` (or of every queue) written and not yet published: tests wait for none. */
  async unpublished(queue?: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${this.schema}.outbox
        WHERE published_at IS NULL AND ($1::text IS NULL OR queue = $1)`,
      [queue ?? null],
    );
    return rows[0]!.n;
  }

  /**
   * Publish now instead of waiting for the next tick (called right after a commit). During a
   * pass, once it ends: the pass may have read the outbox before that commit.
   */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.stopListening?.();
    this.stopListening = null;
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.publishPending()
        .then(async () => {
          if (Date.now() - this.lastPrune < pruneEveryMs) return;
          this.lastPrune = Date.now();
          await this.prunePublished();
        })
        .catch((err: Error) => this.logger.warn({ err: err.message }, 'outbox relay failed; will retry'))
        .finally(() => {
          this.running = null;
          const again = this.again;
          this.again = false;
          if (!this.stopped) this.schedule(again ? 0 : this.intervalMs);
        });
    }, delay);
  }

  /**
   * Deletes rows published more than `days` ago. They are only kept a while to help trace a
   * message; without this the table would grow with every change forever.
   */
  async prunePublished(days = 7): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM ${this.schema}.outbox WHERE published_at < now() - make_interval(days => $1)`,
      [days],
    );
    return rowCount ?? 0;
  }

  /** Publishes unpublished rows in creation order, in batches, locking them so instances share the work. */
  async publishPending(batchSize = 100): Promise<number> {
    let total = 0;
    for (;;) {
      const client = await this.pool.connect();
      let count = 0;
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{
          id: string;
          queue: string;
          job_name: string;
          payload: unknown;
        }>(
          `SELECT id, queue, job_name, payload FROM ${this.schema}.outbox
            WHERE published_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [batchSize],
        );
        const live: LiveOutboxPayload[] = [];
        for (const row of rows) {
          if (row.queue === liveOutboxQueue) live.push(row.payload as LiveOutboxPayload);
          else await this.queueFor(row.queue).add(row.job_name, row.payload, { jobId: row.id });
        }
        if (live.length && this.options.live) {
          await publishLiveEvents(this.options.live.redis, this.options.live.prefix, live);
        }
        if (rows.length > 0) {
          await client.query(
            `UPDATE ${this.schema}.outbox SET published_at = now() WHERE id = ANY($1::uuid[])`,
            [rows.map((r) => r.id)],
          );
        }
        await client.query('COMMIT');
        count = rows.length;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
      total += count;
      if (count < batchSize) return total;
    }
  }
}
