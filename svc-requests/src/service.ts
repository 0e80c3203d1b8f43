import { fileURLToPath } from 'node:url';
import { mailQueueName, needMatchQueueName, pushQueueName, userEventQueues } from '@medrelay/contracts';
import { knownPushServiceHosts } from '@medrelay/domain';
import {
  createLogger,
  createServiceRuntime,
  createWorker,
  type Logger,
  mailSecrets,
  publishedSettings,
  repointDonors,
  withTransaction,
} from '@medrelay/service-kit';
import { createCatalogClient } from './catalog-client';
import { custodyRoutes } from './custody/routes';
import { handoverRoutes } from './handover/routes';
import type { RequestsConfig } from './config';
import { releaseQueueName, schema, type RequestsContext } from './context';
import { startMatchDigestScheduler } from './matching/digest';
import { startMedicineEventConsumer } from './medicines/read-model';
import { matchRoutes } from './matching/routes';
import { rematchOnUserChange } from './matching/service';
import { eraseDeletedAccount } from './requests/deletion';
import { endOpenOnSuspension } from './requests/suspension';
import { reevaluateNeed } from './needs/met';
import { needRoutes } from './needs/routes';
import { notificationRoutes } from './notifications/routes';
import { movableClock, systemClock } from './pickup/clock';
import { pickupRoutes, testClockRoutes } from './pickup/routes';
import { readHandoverCode } from './handover/service';
import { pickupQueueName } from './pickup/reminders';
import { startReleaseWorker } from './requests/unrecorded-reservations';
import { createPickupService } from './pickup/service';
import { startPickupWorker } from './pickup/worker';
import { pushRoutes } from './push/routes';
import { pushNotification, type VapidKeys } from './push/service';
import { recallReachRoutes } from './recalls/routes';
import { recallNoticeOptions } from './recalls/notices';
import { requestRoutes } from './requests/routes';
import { statsRoutes } from './stats/routes';

export const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));
export const requestsUserQueue = userEventQueues[1];

/** The push services subscriptions may name (config PUSH_SERVICE_HOSTS); null: any. */
function pushServiceHosts(config: RequestsConfig): readonly string[] | null {
  if (config.PUSH_SERVICE_HOSTS === '*') return null;
  if (config.PUSH_SERVICE_HOSTS)
    return config.PUSH_SERVICE_HOSTS.split(',').map((h) => h.trim().toLowerCase());
  return config.NODE_ENV === 'production' ? knownPushServiceHosts : null;
}

/**
 * Builds svc-requests: stores, the outbox relay (mail jobs, reservation releases), the
 * consumers of user and medicine events (read models, expiry notifications) and the HTTP app.
 */
export async function createRequestsService(
  config: RequestsConfig,
  logger: Logger = createLogger('svc-requests', config.LOG_LEVEL),
) {
  if (config.TEST_CLOCK === 'on' && config.NODE_ENV === 'production') {
    throw new Error('TEST_CLOCK=on is a test hook and is refused with NODE_ENV=production');
  }
  const runtime = await createServiceRuntime({
    name: 'svc-requests',
    config,
    schema,
    migrationsDir,
    queueNames: [mailQueueName, releaseQueueName, needMatchQueueName, pickupQueueName, pushQueueName],
    logger,
    // Its tables' triggers raise the live events of open screens (migrations/030_live_events.sql).
    liveEvents: true,
  });
  const { pool, prefix, workerConnection } = runtime;
  // Donors' pins leave the distances (libs/domain sharedPickupPointOf); their listings follow by event.
  await repointDonors(pool, schema);
  const ctx: RequestsContext = {
    ...runtime.context,
    catalog: createCatalogClient(config.CATALOG_URL, config.INTERNAL_SECRET, config.CATALOG_TIMEOUT_MS),
    settings: publishedSettings(runtime.redis, prefix),
    mailSecrets: mailSecrets(config.SEALING_KEYS),
  };
  // Tests move the pickup clock (in-process, or through the test hook); production reads real time.
  const movable = config.TEST_CLOCK === 'on' || config.NODE_ENV === 'test' ? movableClock() : null;
  const clock = movable ?? systemClock;
  const pickupQueue = runtime.queues.get(pickupQueueName)!;
  const pickup = createPickupService(ctx, {
    clock,
    queue: pickupQueue,
    // The requester's reminders carry their handover code.
    handoverCodeFor: async (requestId) => (await readHandoverCode(ctx.pool, ctx, requestId))?.code ?? null,
  });
  ctx.pickup = pickup;
  const vapid: VapidKeys | null =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? {
          publicKey: config.VAPID_PUBLIC_KEY,
          privateKey: config.VAPID_PRIVATE_KEY,
          subject: config.VAPID_SUBJECT,
        }
      : null;
  const app = runtime.app([
    statsRoutes(ctx),
    pickupRoutes(ctx, pickup),
    requestRoutes(ctx),
    handoverRoutes(ctx),
    custodyRoutes(ctx),
    notificationRoutes(ctx),
    recallReachRoutes(ctx),
    pushRoutes(ctx, vapid, pushServiceHosts(config)),
    matchRoutes(ctx),
    needRoutes(ctx),
    ...(config.TEST_CLOCK === 'on' && movable ? [testClockRoutes(ctx, pickup, movable)] : []),
  ]);

  ctx.outbox.start();
  const workers =
    config.WORKERS === 'on'
      ? [
          // A suspension ends the pending requests first, so re-matching counts what is left open.
          runtime.userEventConsumer(requestsUserQueue, async (client, before, after, event) => {
            await endOpenOnSuspension(ctx)(client, before, after, event);
            await eraseDeletedAccount(client, before, after, event);
            await rematchOnUserChange(client, before, after, event);
          }),
          startMedicineEventConsumer(pool, workerConnection, prefix, logger, recallNoticeOptions(ctx)),
          await startReleaseWorker(
            ctx,
            runtime.queues.get(releaseQueueName)!,
            workerConnection,
            prefix,
            logger,
          ),
          // A need created, changed or closed, or a request made on it moved: the need closed as
          // met or opened again, then its matches re-evaluated.
          createWorker<{ needId: number }>(
            needMatchQueueName,
            (job) => withTransaction(pool, (client) => reevaluateNeed(client, job.data.needId)),
            workerConnection,
            prefix,
            logger,
          ),
          await startMatchDigestScheduler(ctx, workerConnection, logger),
          // What cannot wait, to the reader's devices (jobs from addNotifications' outbox rows).
          createWorker<{ notificationId: number }>(
            pushQueueName,
            async (job) => {
              if (vapid) await pushNotification(pool, vapid, job.data.notificationId, logger);
            },
            workerConnection,
            prefix,
            logger,
          ),
          await startPickupWorker(pickup, pickupQueue, workerConnection, prefix, logger),
        ]
      : [];

  return {
    app,
    ctx,
    pickup,
    /** The movable pickup clock of a test run (null in production). */
    clock: movable,
    queues: runtime.queues,
    ...runtime.lifecycle(app, () => Promise.all(workers.map((w) => w.close()))),
  };
}

export type RequestsService = Awaited<ReturnType<typeof createRequestsService>>;
