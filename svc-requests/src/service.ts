import { fileURLToPath } from 'node:url';
import { mailQueueName, userEventQueues } from '@medrelay/contracts';
import {
  createLogger,
  createServiceApp,
  createServiceRuntime,
  createWorker,
  errorHandler,
  type Logger,
  notFoundHandler,
  publishedSettings,
  startUserEventConsumer,
} from '@medrelay/service-kit';
import { createCatalogClient } from './catalog-client';
import type { RequestsConfig } from './config';
import { releaseQueueName, schema, type RequestsContext } from './context';
import { startMedicineEventConsumer } from './medicines/read-model';
import { notificationRoutes } from './notifications/routes';
import { requestRoutes } from './requests/routes';
import { statsRoutes } from './stats/routes';

export const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));
export const requestsUserQueue = userEventQueues[1];

/**
 * Builds svc-requests: stores, the outbox relay (mail jobs, reservation releases), the
 * consumers of user and medicine events (read models, expiry notifications) and the HTTP app.
 */
export async function createRequestsService(
  config: RequestsConfig,
  logger: Logger = createLogger('svc-requests', config.LOG_LEVEL),
) {
  const runtime = await createServiceRuntime({
    name: 'svc-requests',
    config,
    schema,
    migrationsDir,
    queueNames: [mailQueueName, releaseQueueName],
    logger,
  });
  const { pool, redis, prefix, workerConnection, health } = runtime;
  const ctx: RequestsContext = {
    config,
    logger,
    pool,
    redis,
    prefix,
    verifier: runtime.verifier,
    outbox: runtime.outbox,
    catalog: createCatalogClient(config.CATALOG_URL, config.INTERNAL_SECRET, config.CATALOG_TIMEOUT_MS),
    settings: publishedSettings(redis, prefix),
  };

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

  return {
    app,
    ctx,
    queues: runtime.queues,
    ...runtime.lifecycle(app, () => Promise.all(workers.map((w) => w.close()))),
  };
}

export type RequestsService = Awaited<ReturnType<typeof createRequestsService>>;
