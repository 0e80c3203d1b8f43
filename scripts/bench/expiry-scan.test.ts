import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expiryScanQueueName } from '@medrelay/contracts';
import { createQueue, createQueueRedis } from '@medrelay/service-kit';
import { testStores, uniqueName } from '@medrelay/testing';
import { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeExpiryScan } from './expiry-scan';

// Stand-ins for svc-catalog's trigger, on a real Redis: one runs the scan and answers 200, the
// other queues it (the job removed once complete, as the catalog does) and answers 202.
const prefix = uniqueName('bench');
const connection = createQueueRedis(testStores().redisUrl, 'test');
const queue = createQueue(expiryScanQueueName, connection, prefix);
const workerConnection = createQueueRedis(testStores().redisUrl, 'test-worker');
let worker: Worker;
let server: Server;
let base: string;
beforeAll(async () => {
  worker = new Worker(
    expiryScanQueueName,
    async (job) => {
      if (job.id === 'scan-flaky' && job.attemptsMade === 0) throw new Error('lost the database');
      await new Promise((r) => setTimeout(r, 100));
      return { unlisted: 3, alerts: 2 };
    },
    { connection: workerConnection, prefix: `${prefix}:bull` },
  );
  server = createServer(async (req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/sync') return res.end(JSON.stringify({ unlisted: 1 }));
    const flaky = req.url === '/flaky';
    const job = await queue.add(
      'expiry-scan',
      {},
      flaky
        ? { jobId: 'scan-flaky', attempts: 2, backoff: { type: 'fixed', delay: 50 }, removeOnComplete: true }
        : { jobId: 'scan-now', removeOnComplete: true },
    );
    res.statusCode = 202;
    res.end(JSON.stringify({ queued: true, jobId: job.id }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await worker.close();
  await queue.close();
  await connection.quit();
  await workerConnection.quit();
});

const scan = (path: string) =>
  timeExpiryScan({
    triggerUrl: `${base}${path}`,
    adminToken: 't',
    redisUrl: testStores().redisUrl,
    redisPrefix: prefix,
    listings: 10,
  });

describe('timing the expiry scan', () => {
  it('takes a 200 answer as the finished scan', async () => {
    expect(await scan('/sync')).toMatchObject({ trigger: '200', result: { unlisted: 1 }, setbacks: 0 });
  });

  it('follows a queued scan (202) until its job completes, also when the job is then removed', async () => {
    const timing = await scan('/queued');
    expect(timing).toMatchObject({
      trigger: '202',
      listings: 10,
      result: { unlisted: 3, alerts: 2 },
      setbacks: 0,
    });
    // The job ran for 100 ms after the trigger (timers may fire a little early): awaited, not assumed.
    expect(timing.seconds).toBeGreaterThanOrEqual(0.09);
    expect(await queue.getJob('scan-now')).toBeUndefined();
  });

  it('counts a retried attempt in the time and says so', async () => {
    expect(await scan('/flaky')).toMatchObject({ trigger: '202', result: { unlisted: 3 }, setbacks: 1 });
  });
});
