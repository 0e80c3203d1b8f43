import { testStores, uniqueName, waitUntil } from '@medrelay/testing';
import { Worker, type Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { createQueue, createWorker, stalledJobSettings } from './queue';
import { createQueueRedis, type Redis } from './redis';

const prefix = uniqueName('stall');
let connection: Redis;
let queue: Queue<{ n: number }>;
const workers: Worker[] = [];

beforeAll(() => {
  connection = createQueueRedis(testStores().redisUrl, 'stall-test');
  queue = createQueue('stalled', connection, prefix);
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  await queue.close();
  await connection.quit();
});

describe('a job whose worker died', () => {
  it('is taken again by the restarted worker within a stalled-check period, and may stall more than once', async () => {
    await queue.add('work', { n: 1 });
    // The worker that dies: it holds the job (active, locked) and never finishes or renews it,
    // like a process killed with SIGKILL. Its short lock stands for one that has lapsed.
    const dead = new Worker('stalled', null, {
      connection,
      prefix: `${prefix}:bull`,
      autorun: false,
      lockDuration: 500,
    });
    const held = await dead.getNextJob('dead-worker');
    expect(held?.data).toEqual({ n: 1 });
    expect(await queue.getJobCounts('active')).toEqual({ active: 1 });

    const done: number[] = [];
    workers.push(
      createWorker<{ n: number }>(
        'stalled',
        async (job) => void done.push(job.data.n),
        connection,
        prefix,
        createLogger('stall-test', 'silent'),
      ),
    );
    // A bound for the check, not a speed target: one stalled-check period after the lock lapsed.
    await waitUntil(() => done.length > 0, {
      timeoutMs: stalledJobSettings.stalledInterval * 3,
      what: 'the stalled job to run again',
    });
    expect(done).toEqual([1]);
    await waitUntil(async () => (await queue.getJobCounts('completed')).completed === 1, {
      what: 'completed',
    });
    expect(await queue.getJobCounts('failed')).toEqual({ failed: 0 });
    // A job whose worker dies on each of several restarts is retried, not failed at the second.
    expect(workers[0]!.opts.maxStalledCount).toBeGreaterThanOrEqual(5);
  });
});
