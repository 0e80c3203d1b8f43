import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expiryScanQueueName, mailQueueName, medicineEventQueue, userEventQueues } from '@medrelay/contracts';
import {
  createLogger,
  createServiceApp,
  createServiceRuntime,
  errorHandler,
  type Logger,
  notFoundHandler,
  publishedSettings,
  startUserEventConsumer,
} from '@medrelay/service-kit';
import type { CatalogConfig } from './config';
import { schema, type CatalogContext } from './context';
import { expiryRoutes } from './expiry/routes';
import { startExpiryScheduler } from './expiry/scheduler';
import { convertLegacyPhotos } from './images/legacy';
import { imageRoutes } from './images/routes';
import { LocalDiskStorage } from './images/storage';
import { medicineRoutes } from './medicines/routes';
import { productRoutes } from './products/routes';
import { internalRoutes } from './reservations/routes';
import { statsRoutes } from './stats/routes';

export const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));
export const catalogUserQueue = userEventQueues[0];

/**
 * Builds svc-catalog: stores, the outbox relay (medicine events, expiry notifications, mail),
 * the user-event consumer (read model of users), the daily expiry scan and the HTTP app.
 */
export async function createCatalogService(
  config: CatalogConfig,
  logger: Logger = createLogger('svc-catalog', config.LOG_LEVEL),
) {
  const runtime = await createServiceRuntime({
    name: 'svc-catalog',
    config,
    schema,
    migrationsDir,
    queueNames: [mailQueueName, medicineEventQueue, expiryScanQueueName],
    logger,
  });
  const { pool, redis, prefix, workerConnection, health } = runtime;
  const ctx: CatalogContext = {
    config,
    logger,
    pool,
    redis,
    prefix,
    verifier: runtime.verifier,
    outbox: runtime.outbox,
    storage: new LocalDiskStorage(path.resolve(config.UPLOAD_DIR)),
    settings: publishedSettings(redis, prefix),
  };

  const app = createServiceApp(logger, { trustProxy: config.TRUST_PROXY });
  app.use(health.router());
  app.use(imageRoutes(ctx));
  app.use(statsRoutes(ctx));
  app.use(medicineRoutes(ctx));
  app.use(productRoutes(ctx));
  app.use(expiryRoutes(ctx, runtime.queues.get(expiryScanQueueName)!));
  app.use(internalRoutes(ctx));
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  ctx.outbox.start();
  // Photos stored before they were re-encoded are converted in the background (images/legacy.ts).
  const legacyPhotos = convertLegacyPhotos(ctx).catch((err: unknown) => {
    logger.error(
      { err: (err as Error).message },
      'converting stored photos failed; retried at the next start',
    );
    return 0;
  });
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

  return {
    app,
    ctx,
    queues: runtime.queues,
    /** Settles with how many stored photos were converted at start. */
    legacyPhotos,
    ...runtime.lifecycle(app, () => Promise.all([workers?.users.close(), workers?.expiry.close()])),
  };
}

export type CatalogService = Awaited<ReturnType<typeof createCatalogService>>;
