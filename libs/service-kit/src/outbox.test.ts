import { createTestDatabase, testStores, uniqueName } from '@medrelay/testing';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, withTransaction, type Pool } from './db';
import { createLogger } from './logger';
import { addToOutbox, OutboxRelay } from './outbox';
import { createQueue } from './queue';
import { createQueueRedis, type Redis } from './redis';
import { kitMigrations } from './kit-migrations';

let pool: Pool;
let redis: Redis;
let queue: Queue;
const logger = createLogger('outbox-test', 'silent');
beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 'outbox-test');
  // The outbox as services have it: service-kit's own migration of it.
  await pool.query(`CREATE SCHEMA box; ${kitMigrations.outbox('box')}`);
  redis = createQueueRedis(testStores().redisUrl, 'outbox-test');
  queue = createQueue('things', redis, uniqueName('p'));
});
afterAll(async () => {
  await queue.close();
  await redis.quit();
  await pool.end();
});

describe('OutboxRelay', () => {
  it('publishes committed messages in order, once, and never rolled-back ones', async () => {
    await withTransaction(pool, async (c) => {
      await addToOutbox(c, 'box', { queue: 'things', name: 'first', payload: { n: 1 } });
      await addToOutbox(c, 'box', { queue: 'things', name: 'second', payload: { n: 2 } });
    });
    await expect(
      withTransaction(pool, async (c) => {
        await addToOutbox(c, 'box', { queue: 'things', name: 'ghost', payload: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow();
    const relay = new OutboxRelay(pool, 'box', () => queue, logger);
    expect(await relay.publishPending()).toBe(2);
    expect(await relay.publishPending()).toBe(0);
    const jobs = await queue.getJobs(['waiting']);
    expect(jobs.map((j) => j.name).sort()).toEqual(['first', 'second']);
  });

  it('keeps a message until it is published when the queue is unreachable', async () => {
    await withTransaction(pool, (c) =>
      addToOutbox(c, 'box', { queue: 'things', name: 'later', payload: {} }),
    );
    let failing = true;
    const flaky = {
      add: (...args: Parameters<Queue['add']>) =>
        failing ? Promise.reject(new Error('redis down')) : queue.add(...args),
    } as unknown as Queue;
    const relay = new OutboxRelay(pool, 'box', () => flaky, logger);
    await expect(relay.publishPending()).rejects.toThrow('redis down');
    const { rows } = await pool.query("SELECT published_at FROM box.outbox WHERE job_name = 'later'");
    expect(rows[0].published_at).toBeNull();
    failing = false;
    expect(await relay.publishPending()).toBe(1);
    expect((await queue.getJobs(['waiting'])).some((j) => j.name === 'later')).toBe(true);
  });

  it('prunes rows published over a week ago, and never unpublished ones', async () => {
    const [old, recent, pending] = await withTransaction(pool, async (c) => [
      await addToOutbox(c, 'box', { queue: 'things', name: 'old', payload: {} }),
      await addToOutbox(c, 'box', { queue: 'things', name: 'recent', payload: {} }),
      await addToOutbox(c, 'box', { queue: 'things', name: 'pending', payload: {} }),
    ]);
    await pool.query("UPDATE box.outbox SET published_at = now() - interval '8 days' WHERE id = $1", [old]);
    await pool.query("UPDATE box.outbox SET published_at = now() - interval '1 day' WHERE id = $1", [recent]);
    const relay = new OutboxRelay(pool, 'box', () => queue, logger);
    expect(await relay.prunePublished()).toBeGreaterThanOrEqual(1);
    const { rows } = await pool.query('SELECT id FROM box.outbox WHERE id = ANY($1::uuid[])', [
      [old, recent, pending],
    ]);
    expect(rows.map((r) => r.id).sort()).toEqual([recent, pending].sort());
  });

  it('does not create a second job when a row is published twice (same job id)', async () => {
    const id = await withTransaction(pool, (c) =>
      addToOutbox(c, 'box', { queue: 'things', name: 'twice', payload: {} }),
    );
    const relay = new OutboxRelay(pool, 'box', () => queue, logger);
    await relay.publishPending();
    await pool.query('UPDATE box.outbox SET published_at = NULL WHERE id = $1', [id]);
    await relay.publishPending();
    expect((await queue.getJobs(['waiting'])).filter((j) => j.name === 'twice')).toHaveLength(1);
  });
});

describe('retry delays of queued jobs', () => {
  it('double from 2 s and stop growing at 5 minutes, for hours of retries', async () => {
    const { retryDelay, defaultJobOptions } = await import('./queue');
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([2000, 4000, 8000, 16000]);
    expect(retryDelay(30)).toBe(300_000);
    const total = Array.from({ length: (defaultJobOptions.attempts ?? 1) - 1 }, (_, i) =>
      retryDelay(i + 1),
    ).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(4 * 3600 * 1000);
  });
});
