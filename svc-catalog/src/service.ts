import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expiryScanQueueName, mailQueueName, medicineEventQueue, userEventQueues } from '@medrelay/contracts';
import {
  countWrites,
  createLogger,
  createPool,
  createServiceRuntime,
  followChanges,
  type Logger,
  publishedSettings,
} from '@medrelay/service-kit';
import type { CatalogConfig } from './config';
import { schema, type CatalogContext } from './context';
import { expiryRoutes } from './expiry/routes';
import { startExpiryScheduler } from './expiry/scheduler';
import { convertLegacyPhotos } from './images/legacy';
import { imageRoutes } from './images/routes';
import { LocalDiskStorage } from './images/storage';
import { browseChangeChannel, createBrowseCache } from './medicines/browse-cache';
import { createBrowseMemo, noBrowseMemo } from './medicines/browse-memo';
import { indexWalkSettings, listMembership } from './medicines/browse-walks-repo';
import { keptBrowsingCallers } from './medicines/kept-browsing-callers';
import { browsingCallerOfUser } from './medicines/repo';
import { medicineRoutes } from './medicines/routes';
import { productRoutes } from './products/routes';
import { repointDonorPlaces } from './medicines/donor-points';
import { recallRoutes } from './recalls/routes';
import { internalRoutes } from './reservations/routes';
import { statsRoutes } from './stats/routes';
import { withdrawDeletedOwnersListings } from './users/deletion';

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
  await repointDonorPlaces(runtime.pool, logger);
  // Browse's walks of an index, one statement each on connections that never plan another read
  // (browse-walks-repo.ts `onlyWalked`); as many as the main pool, which bounds browses at once.
  const indexOnlyPool = createPool(
    config.DATABASE_URL,
    'svc-catalog-walks',
    runtime.pool.options.max,
    logger,
    indexWalkSettings,
  );
  const browseChanges =
    config.BROWSE_CACHE_MB > 0 ? followChanges(config.DATABASE_URL, browseChangeChannel, logger) : null;
  // A write drops only the kept lists the listings it changed were or are in.
  const browseMemo = browseChanges
    ? createBrowseMemo(browseChanges, { membership: listMembership(runtime.pool) })
    : noBrowseMemo;
  const ctx: CatalogContext = {
    ...runtime.context,
    storage: new LocalDiskStorage(path.resolve(config.UPLOAD_DIR)),
    settings: publishedSettings(runtime.redis, runtime.prefix),
    browseCache:
      browseChanges &&
      createBrowseCache(browseChanges, { maxBytes: config.BROWSE_CACHE_MB * 1024 * 1024, memo: browseMemo }),
    browseMemo,
    indexOnlyPool,
    browsingCallerOf: keptBrowsingCallers(browseChanges, (userId) =>
      browsingCallerOfUser(runtime.pool, userId),
    ),
  };
  const app = runtime.app([
    ...(browseChanges ? [countWrites(browseChanges)] : []),
    imageRoutes(ctx),
    statsRoutes(ctx),
    medicineRoutes(ctx),
    productRoutes(ctx),
    recallRoutes(ctx),
    expiryRoutes(ctx, runtime.queues.get(expiryScanQueueName)!),
    internalRoutes(ctx),
  ]);

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
          users: runtime.userEventConsumer(catalogUserQueue, withdrawDeletedOwnersListings(ctx)),
          expiry: await startExpiryScheduler(ctx, runtime.workerConnection, logger),
        }
      : null;

  return {
    app,
    ctx,
    queues: runtime.queues,
    /** Settles with how many stored photos were converted at start. */
    legacyPhotos,
    ...runtime.lifecycle(app, () =>
      Promise.all([
        workers?.users.close(),
        workers?.expiry.close(),
        browseChanges?.stop(),
        indexOnlyPool.end(),
      ]),
    ),
  };
}

export type CatalogService = Awaited<ReturnType<typeof createCatalogService>>;
