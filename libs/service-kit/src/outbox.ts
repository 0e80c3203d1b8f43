import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import type pg from 'pg';
import type { Logger } from 'pino';
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

export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private lastPrune = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly schema: string,
    private readonly queueFor: (name: string) => Queue,
    private readonly logger: Logger,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Publish now instead of waiting for the next tick (called right after a commit). */
  nudge(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
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
          if (!this.stopped) this.schedule(this.intervalMs);
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
        for (const row of rows) {
          await this.queueFor(row.queue).add(row.job_name, row.payload, { jobId: row.id });
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
