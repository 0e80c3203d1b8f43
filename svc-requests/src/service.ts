import { fileURLToPath } from 'node:url';
import { mailQueueName, userEventQueues } from '@medrelay/contracts';
import {
  closeServer,
  createLogger,
  createPool,
  createQueue,
  createQueueRedis,
  createRedis,
  createServiceApp,
  createTokenVerifier,
  createWorker,
  errorHandler,
  Health,
  listen,
  migrate,
  notFoundHandler,
  OutboxRelay,
  publishedSettings,
  readPem,
  startUserEventConsumer,
  type Logger,
} from '@medrelay/service-kit';
import type { Queue } from 'bullmq';
import type { Server } from 'node:http';
import { createCatalogClient } from './catalog-client';
import type { RequestsConfig } from './config';
import { releaseQueueName, schema, type RequestsContext } from './context';
import { startMedicineEventConsumer } from './medicines/read-model';
import { notificationRoutes } from './notifications/routes';
import { requestRoutes } from './requests/routes';
import { statsRoutes } from './stats/routes';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));
export const requestsUserQueue = userEventQueues[1];

/**
 * Builds svc-requests: stores, the outbox relay (mail jobs, reservation releases), the
 * consumers of user and medicine events (read models, expiry notifications) and the HTTP app.
 */
export async function createRequestsService(
  config: RequestsConfig,
  logger: Logger = createLogger('svc-requests', config.LOG_LEVEL),
) {
  const pool = createPool(config.DATABASE_URL, 'svc-requests', 10, logger);
  await migrate(pool, schema, migrationsDir, logger);
  const redis = createRedis(config.REDIS_URL, 'svc-requests');
  const queueConnection = createQueueRedis(config.REDIS_URL, 'svc-requests-queues');
  const workerConnection = createQueueRedis(config.REDIS_URL, 'svc-requests-worker');
  const prefix = config.REDIS_PREFIX;

  const queues = new Map<string, Queue>(
    [mailQueueName, releaseQueueName].map((name) => [name, createQueue(name, queueConnection, prefix)]),
  );
  const queueFor = (name: string) => {
    const queue = queues.get(name);
    if (!queue) throw new Error(`No queue named ${name}`);
    return queue;
  };

  const ctx: RequestsContext = {
    config,
    logger,
    pool,
    redis,
    prefix,
    verifier: await createTokenVerifier(
      readPem(config.JWT_PUBLIC_KEY, config.JWT_PUBLIC_KEY_FILE, 'JWT public key'),
      redis,
      prefix,
    ),
    outbox: new OutboxRelay(pool, schema, queueFor, logger),
    catalog: createCatalogClient(config.CATALOG_URL, config.INTERNAL_SECRET, config.CATALOG_TIMEOUT_MS),
    settings: publishedSettings(redis, prefix),
  };

  const health = new Health({ postgres: () => pool.query('SELECT 1'), redis: () => redis.ping() });
  const app = createServiceApp(logger, { trustProxy: config.TRUST_PROXY });
  app.use(health.router());
  app.use(statsRoutes(ctx));
  app.use(requestRoutes(ctx));
  app.use(notificationRoutes(ctx));
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  ctx.outbox.start();
  const workers =
    config.WORKERS === 'on'
      ? [
          startUserEventConsumer({
            queue: requestsUserQueue,
            schema,
            pool,
            connection: workerConnection,
            prefix,
            logger,
          }),
          startMedicineEventConsumer(pool, workerConnection, prefix, logger),
          createWorker<{ requestId: number }>(
            releaseQueueName,
            (job) => ctx.catalog.release(job.data.requestId),
            workerConnection,
            prefix,
            logger,
          ),
        ]
      : [];

  let server: Server | null = null;
  return {
    app,
    ctx,
    queues,
    async listen(port = config.PORT): Promise<Server> {
      server = await listen(app, port, config.HOST);
      return server;
    },
    /** Shutdown order: readiness off, HTTP drained, workers and relay stopped, queues, then stores. */
    shutdownSteps(): Array<[string, () => Promise<unknown> | unknown]> {
      return [
        ['readiness', () => health.markShuttingDown()],
        ['http', () => (server ? closeServer(server) : undefined)],
        ['workers', () => Promise.all(workers.map((w) => w.close()))],
        ['outbox relay', () => ctx.outbox.stop()],
        ['queues', () => Promise.all([...queues.values()].map((q) => q.close()))],
        ['redis', () => Promise.all([redis.quit(), queueConnection.quit(), workerConnection.quit()])],
        ['postgres', () => pool.end()],
      ];
    },
    async stop(): Promise<void> {
      for (const [, step] of this.shutdownSteps()) await step();
    },
  };
}

export type RequestsService = Awaited<ReturnType<typeof createRequestsService>>;
