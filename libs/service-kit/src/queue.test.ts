import { testStores, uniqueName, waitUntil } from '@medrelay/testing';
import { Worker, type Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamUnavailable } from './errors';
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

describe('a job whose call to another service fails', () => {
  it('waits out the service being away without using an attempt; any other failure uses one', async () => {
    const name = 'upstream';
    const upstream = createQueue<{ answer: number | null; code?: string; away: number }>(
      name,
      connection,
      prefix,
    );
    const tries = new Map<string, number>();
    workers.push(
      createWorker<{ answer: number | null; code?: string; away: number }>(
        name,
        async (job) => {
          const n = (tries.get(job.id!) ?? 0) + 1;
          tries.set(job.id!, n);
          // The service answers this way for the job's first `away` tries, then succeeds.
          if (n <= job.data.away) throw upstreamUnavailable(job.data.answer, job.data.code);
        },
        connection,
        prefix,
        createLogger('upstream-test', 'silent'),
      ),
    );
    const away = [
      { answer: null },
      { answer: 502 },
      { answer: 503, code: 'STORE_UNAVAILABLE' },
      { answer: 503, code: 'DEADLINE_EXCEEDED' },
      { answer: 503 },
      { answer: 504 },
    ];
    const broken = [
      { answer: 500 },
      { answer: 403, code: 'INTERNAL_ONLY' },
      { answer: 503, code: 'PUSH_UNAVAILABLE' },
    ];
    const awayJobs = await Promise.all(
      away.map((a) => upstream.add('call', { ...a, away: 2 }, { attempts: 2 })),
    );
    const brokenJobs = await Promise.all(
      broken.map((b) => upstream.add('call', { ...b, away: 2 }, { attempts: 1 })),
    );
    const states = async (jobs: typeof awayJobs) =>
      Promise.all(jobs.map(async (j) => (await upstream.getJob(j.id!))!));
    await waitUntil(
      async () =>
        (await states(awayJobs)).every((j) => j.finishedOn) &&
        (await states(brokenJobs)).every((j) => j.finishedOn),
      { what: 'every job finished' },
    );
    for (const job of await states(awayJobs)) {
      // Two tries while away, none of them an attempt: the one it used is the one that succeeded.
      expect([job.data, await job.getState(), job.attemptsMade]).toEqual([job.data, 'completed', 1]);
      expect(tries.get(job.id!)).toBe(3);
    }
    for (const job of await states(brokenJobs)) {
      expect([job.data, await job.getState(), job.attemptsMade]).toEqual([job.data, 'failed', 1]);
      expect(tries.get(job.id!)).toBe(1);
    }
    await upstream.close();
  });
});
