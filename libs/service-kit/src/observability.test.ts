import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createTestDatabase, testStores, uniqueName, waitUntil } from '@medrelay/testing';
import type { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, withTransaction, type Pool } from './db';
import { Health } from './health';
import { closeServer, createServiceApp, internalPortFor, listen, listenInternal } from './http';
import { createLogger } from './logger';
import { watchQueueDepth } from './metrics';
import { addToOutbox, OutboxRelay } from './outbox';
import { createQueue, createWorker } from './queue';
import { createQueueRedis, createRedis, type Redis } from './redis';
import { kitMigrations } from './kit-migrations';

/** Log lines as the objects pino wrote (one JSON object per line). */
const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const logger = createLogger('obs-test', 'info', sink);

let pool: Pool;
let connection: Redis;
let queue: Queue;
let failing: Queue;
const workers: Worker[] = [];
let server: Server;
let internal: Server;
let baseUrl: string;
let internalUrl: string;
const prefix = uniqueName('obs');
beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 'obs-test');
  // The outbox as services have it: service-kit's own migration of it.
  await pool.query(`CREATE SCHEMA box; ${kitMigrations.outbox('box')}`);
  connection = createQueueRedis(testStores().redisUrl, 'obs-test');
  queue = createQueue('traced', connection, prefix);
  failing = createQueue('always-failing', connection, prefix);

  const app = createServiceApp(logger);
  app.post('/things', async (_req, res) => {
    await withTransaction(pool, (client) =>
      addToOutbox(client, 'box', { queue: 'traced', name: 'thing', payload: { n: 1 } }),
    );
    logger.info('thing stored');
    res.status(201).json({ ok: true });
  });
  server = await listen(app, 0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  internal = await listenInternal(0, '127.0.0.1');
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  await Promise.all([queue.close(), failing.close()]);
  await connection.quit();
  await closeServer(server);
  await closeServer(internal);
  await pool.end();
});

describe('request ids', () => {
  it('follow a call from its X-Request-Id through the outbox into the job and its log lines', async () => {
    const res = await fetch(`${baseUrl}/things`, {
      method: 'POST',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    expect(lines.find((l) => l.msg === 'thing stored')).toMatchObject({
      service: 'obs-test',
      requestId: 'trace-123',
    });
    expect(lines.find((l) => l.msg === 'request completed')).toMatchObject({
      requestId: 'trace-123',
      req: { method: 'POST', url: '/things' },
      res: { statusCode: 201 },
      responseTime: expect.any(Number),
    });

    await new OutboxRelay(pool, 'box', () => queue, logger).publishPending();
    const [job] = await queue.getJobs(['waiting']);
    expect(job!.data).toEqual({ n: 1, _requestId: 'trace-123' });

    workers.push(
      createWorker(
        'traced',
        async (j) => logger.info({ n: (j.data as { n: number }).n }, 'job ran'),
        connection,
        prefix,
        logger,
      ),
    );
    await waitUntil(async () => lines.some((l) => l.msg === 'job ran'), { what: 'the job to run' });
    expect(lines.find((l) => l.msg === 'job ran')).toMatchObject({ n: 1, requestId: 'trace-123' });
  });

  it('are made up when the caller sent none (or an unusable one)', async () => {
    const res = await fetch(`${baseUrl}/things`, {
      method: 'POST',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /metrics', () => {
  it('has HTTP latency by route pattern, queue depth and job failures in the Prometheus format', async () => {
    const unwatch = watchQueueDepth(failing);
    await failing.add('doomed', { n: 2 }, { attempts: 1 });
    workers.push(
      createWorker(
        'always-failing',
        () => Promise.reject(new Error('boom')),
        connection,
        prefix,
        createLogger('obs-test', 'silent'),
      ),
    );
    await waitUntil(async () => (await failing.getJobCounts('failed')).failed === 1, {
      what: 'the job to fail',
    });

    // Only on the internal port: the public app answers 404.
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(404);
    const res = await fetch(`${internalUrl}/metrics`);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.1",service="obs-test",method="POST",route="\/things",status="201"\} [1-9]/,
    );
    expect(text).toMatch(/queue_job_failures_total\{queue="always-failing"\} 1/);
    expect(text).toMatch(/queue_jobs\{queue="always-failing",state="failed"\} 1/);
    expect(text).toContain('process_cpu_seconds_total');
    unwatch();
  });
});

describe('internalPortFor', () => {
  it('is METRICS_PORT when set, else the public port + 1000, and a free port beside a free one', () => {
    expect(internalPortFor(9464, 4001)).toBe(9464);
    expect(internalPortFor(undefined, 8080)).toBe(9080);
    expect(internalPortFor(undefined, 0)).toBe(0);
  });
});

describe('readiness', () => {
  it('fails while PostgreSQL or Redis is unreachable, and recovers with them', async () => {
    // Port 9 (discard) refuses connections: a store that is down.
    const deadPool = createPool('postgres://nobody@127.0.0.1:9/none', 'obs-dead');
    const deadRedis = createRedis('redis://127.0.0.1:9', 'obs-dead');
    const liveRedis = createRedis(testStores().redisUrl, 'obs-live');
    const probe = async (health: Health) => {
      const app = createServiceApp(createLogger('obs-test', 'silent'));
      app.use(health.router());
      const s = await listen(app, 0, '127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/health/ready`);
      await closeServer(s);
      return { status: res.status, body: await res.json() };
    };
    const postgres = () => pool.query('SELECT 1');
    expect(
      await probe(new Health({ postgres: () => deadPool.query('SELECT 1'), redis: () => liveRedis.ping() })),
    ).toEqual({
      status: 503,
      body: { status: 'degraded', checks: { postgres: 'down', redis: 'up' } },
    });
    expect(await probe(new Health({ postgres, redis: () => deadRedis.ping() }))).toEqual({
      status: 503,
      body: { status: 'degraded', checks: { postgres: 'up', redis: 'down' } },
    });
    expect((await probe(new Health({ postgres, redis: () => liveRedis.ping() }))).status).toBe(200);
    await deadPool.end();
    deadRedis.disconnect();
    await liveRedis.quit();
  });
});
