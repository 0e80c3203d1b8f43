import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mailQueueName, medicineEventQueue, userEventQueues } from '@medrelay/contracts';
import {
  closeServer,
  createLogger,
  createPool,
  createQueue,
  createQueueRedis,
  createRedis,
  createServiceApp,
  createTokenVerifier,
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
import type { CatalogConfig } from './config';
import { schema, type CatalogContext } from './context';
import { expiryRoutes } from './expiry/routes';
import { startExpiryScheduler } from './expiry/scheduler';
import { imageRoutes } from './images/routes';
import { LocalDiskStorage } from './images/storage';
import { medicineRoutes } from './medicines/routes';
import { internalRoutes } from './reservations/routes';
import { statsRoutes } from './stats/routes';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));
export const catalogUserQueue = userEventQueues[0];

/**
 * Builds svc-catalog: stores, the outbox relay (medicine events, expiry notifications, mail),
 * the user-event consumer (read model of users), the daily expiry scan and the HTTP app.
 */
export async function createCatalogService(
  config: CatalogConfig,
  logger: Logger = createLogger('svc-catalog', config.LOG_LEVEL),
) {
  const pool = createPool(config.DATABASE_URL, 'svc-catalog', 10, logger);
  await migrate(pool, schema, migrationsDir, logger);
  const redis = createRedis(config.REDIS_URL, 'svc-catalog');
  const queueConnection = createQueueRedis(config.REDIS_URL, 'svc-catalog-queues');
  const workerConnection = createQueueRedis(config.REDIS_URL, 'svc-catalog-worker');
  const prefix = config.REDIS_PREFIX;

  const queues = new Map<string, Queue>(
    [mailQueueName, medicineEventQueue].map((name) => [name, createQueue(name, queueConnection, prefix)]),
  );
  const queueFor = (name: string) => {
    const queue = queues.get(name);
    if (!queue) throw new Error(`No queue named ${name}`);
    return queue;
  };

  const ctx: CatalogContext = {
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
    storage: new LocalDiskStorage(path.resolve(config.UPLOAD_DIR)),
    settings: publishedSettings(redis, prefix),
  };

  const health = new Health({ postgres: () => pool.query('SELECT 1'), redis: () => redis.ping() });
  const app = createServiceApp(logger, { trustProxy: config.TRUST_PROXY });
  app.use(health.router());
  app.use(imageRoutes(ctx));
  app.use(statsRoutes(ctx));
  app.use(medicineRoutes(ctx));
  app.use(expiryRoutes(ctx));
  app.use(internalRoutes(ctx));
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  ctx.outbox.start();
  const workers =
    config.WORKERS === 'on'
      ? {
          users: startUserEventConsumer({
            queue: catalogUserQueue,
            schema,
            pool,
            connection: workerConnection,
            prefix,
            logger,
          }),
          expiry: await startExpiryScheduler(ctx, workerConnection, logger),
        }
      : null;

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
        ['workers', () => Promise.all([workers?.users.close(), workers?.expiry.close()])],
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

export type CatalogService = Awaited<ReturnType<typeof createCatalogService>>;
