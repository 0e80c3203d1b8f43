import { liveChannels, type LiveEvent } from '@medrelay/contracts';
import { createTestDatabase, testStores, uniqueName, waitUntil } from '@medrelay/testing';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, withTransaction, type Pool } from './db';
import { kitMigrations } from './kit-migrations';
import { addLiveEvents, liveOutboxQueue } from './live-events';
import { createLogger } from './logger';
import { addToOutbox, OutboxRelay } from './outbox';
import { createQueue } from './queue';
import { createQueueRedis, createRedis, type Redis } from './redis';

const logger = createLogger('live-events-test', 'silent');
const prefix = uniqueName('live');
let pool: Pool;
let redis: Redis;
let subscriber: Redis;
let queueRedis: Redis;
let queue: Queue;
/** What each user's channel received, in order. */
const received = new Map<number, LiveEvent[]>();

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 'live-events-test');
  await pool.query(`CREATE SCHEMA box; ${kitMigrations.outbox('box')} ${kitMigrations.live('box')}`);
  redis = createRedis(testStores().redisUrl, 'live-events-test');
  queueRedis = createQueueRedis(testStores().redisUrl, 'live-events-test-queues');
  queue = createQueue('things', queueRedis, prefix);
  subscriber = redis.duplicate();
  await subscriber.psubscribe(`${liveChannels.prefix(prefix)}*`);
  subscriber.on('pmessage', (_pattern, channel: string, message: string) => {
    const userId = Number(channel.slice(liveChannels.prefix(prefix).length));
    received.set(userId, [...(received.get(userId) ?? []), JSON.parse(message) as LiveEvent]);
  });
});
afterAll(async () => {
  await queue.close();
  await Promise.all([subscriber.quit(), redis.quit(), queueRedis.quit()]);
  await pool.end();
});

const relay = (options: ConstructorParameters<typeof OutboxRelay>[4] = {}) =>
  new OutboxRelay(pool, 'box', () => queue, logger, { live: { redis, prefix }, ...options });

describe('live events through the outbox', () => {
  it('are published on each user channel after the commit, once per transaction, never when rolled back', async () => {
    await withTransaction(pool, async (c) => {
      await addLiveEvents(c, 'box', [101, 102], { kind: 'request', id: 7 });
      // The same change seen by a second statement: still one event.
      await addLiveEvents(c, 'box', [101, 102], { kind: 'request', id: 7 });
      await addLiveEvents(c, 'box', [101], { kind: 'notification' });
      await addToOutbox(c, 'box', { queue: 'things', name: 'mail', payload: {} });
    });
    await expect(
      withTransaction(pool, async (c) => {
        await addLiveEvents(c, 'box', [103], { kind: 'request', id: 8 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow();

    expect(await relay().publishPending()).toBe(3);
    await waitUntil(() => (received.get(101)?.length ?? 0) >= 2 && received.has(102), { what: 'events' });
    expect(received.get(101)).toEqual([{ kind: 'request', id: 7 }, { kind: 'notification' }]);
    expect(received.get(102)).toEqual([{ kind: 'request', id: 7 }]);
    expect(received.has(103)).toBe(false);
    // Other rows still go to BullMQ; live rows never do.
    expect((await queue.getJobs(['waiting'])).map((j) => j.name)).toEqual(['mail']);
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM box.outbox WHERE queue = $1 AND published_at IS NULL',
      [liveOutboxQueue],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('are kept until Redis takes them', async () => {
    await withTransaction(pool, (c) => addLiveEvents(c, 'box', [201], { kind: 'needs', id: 3 }));
    const down = createRedis('redis://127.0.0.1:9', 'nowhere');
    const failing = new OutboxRelay(pool, 'box', () => queue, logger, { live: { redis: down, prefix } });
    await expect(failing.publishPending()).rejects.toThrow();
    down.disconnect();
    expect(received.has(201)).toBe(false);
    expect(await relay().publishPending()).toBe(1);
    await waitUntil(() => received.has(201), { what: 'the kept event' });
  });

  it('wake the relay at commit instead of its next tick', async () => {
    // A tick an hour away: only the commit's NOTIFY can publish within the wait below.
    const woken = relay({ wakeOnCommit: true, intervalMs: 3_600_000 });
    woken.start();
    try {
      // The relay's first pass and its LISTEN are set up before the change.
      await waitUntil(
        async () =>
          (
            await pool.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'box_outbox-listener'`,
            )
          ).rows[0]!.n === 1,
        { what: 'the listener' },
      );
      const started = Date.now();
      await withTransaction(pool, (c) => addLiveEvents(c, 'box', [301], { kind: 'matches', id: 4 }));
      await waitUntil(() => received.has(301), { timeoutMs: 2000, intervalMs: 5, what: 'the woken relay' });
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await woken.stop();
    }
  });
});
