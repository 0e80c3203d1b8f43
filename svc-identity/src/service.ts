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
  errorHandler,
  Health,
  listen,
  migrate,
  notFoundHandler,
  OutboxRelay,
  readPem,
  type Logger,
} from '@medrelay/service-kit';
import type { Queue } from 'bullmq';
import type { Server } from 'node:http';
import { accountRoutes } from './account/routes';
import { adminUserRoutes } from './admin-users/routes';
import { restoreRevocations } from './auth/revocations';
import { authRoutes } from './auth/routes';
import { createTokenIssuer } from './auth/tokens';
import type { IdentityConfig } from './config';
import { schema, type IdentityContext } from './context';
import { startMailWorker } from './mail/worker';
import { settingsRoutes } from './settings/routes';
import { impactRoutes } from './impact/routes';
import { SettingsStore } from './settings/store';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Builds svc-identity: stores, queues, the HTTP app and the mail worker. main.ts starts it;
 * tests start it in-process against their own database and Redis prefix.
 */
export async function createIdentityService(
  config: IdentityConfig,
  logger: Logger = createLogger('svc-identity', config.LOG_LEVEL),
) {
  const pool = createPool(config.DATABASE_URL, 'svc-identity', 10, logger);
  await migrate(pool, schema, migrationsDir, logger);
  const redis = createRedis(config.REDIS_URL, 'svc-identity');
  const queueConnection = createQueueRedis(config.REDIS_URL, 'svc-identity-queues');
  const workerConnection = createQueueRedis(config.REDIS_URL, 'svc-identity-worker');
  const prefix = config.REDIS_PREFIX;

  const queues = new Map<string, Queue>(
    [mailQueueName, ...userEventQueues].map((name) => [name, createQueue(name, queueConnection, prefix)]),
  );
  const queueFor = (name: string) => {
    const queue = queues.get(name);
    if (!queue) throw new Error(`No queue named ${name}`);
    return queue;
  };

  const publicKey = readPem(config.JWT_PUBLIC_KEY, config.JWT_PUBLIC_KEY_FILE, 'JWT public key');
  const privateKey = readPem(config.JWT_PRIVATE_KEY, config.JWT_PRIVATE_KEY_FILE, 'JWT private key');
  const settings = new SettingsStore(pool, redis, prefix, logger);
  const ctx: IdentityContext = {
    config,
    logger,
    pool,
    redis,
    prefix,
    settings,
    tokens: await createTokenIssuer(privateKey, redis, prefix, logger),
    verifier: await createTokenVerifier(publicKey, redis, prefix),
    outbox: new OutboxRelay(pool, schema, queueFor, logger),
  };
  await settings.publish();
  await restoreRevocations(pool, redis, prefix);

  const health = new Health({ postgres: () => pool.query('SELECT 1'), redis: () => redis.ping() });
  const app = createServiceApp(logger, { trustProxy: config.TRUST_PROXY });
  app.use(health.router());
  app.use(authRoutes(ctx));
  app.use(impactRoutes(ctx));
  app.use(accountRoutes(ctx));
  app.use(adminUserRoutes(ctx));
  app.use(settingsRoutes(ctx));
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  ctx.outbox.start();
  const mailWorker =
    config.MAIL_WORKER === 'on'
      ? startMailWorker({
          // Its own small pool: slow SMTP must never take the connections HTTP needs.
          pool: createPool(config.DATABASE_URL, 'svc-identity-mail', 5, logger),
          connection: workerConnection,
          prefix,
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          logger,
        })
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
    /** Shutdown order: readiness off, HTTP drained, worker and relay stopped, queues, then stores. */
    shutdownSteps(): Array<[string, () => Promise<unknown> | unknown]> {
      return [
        ['readiness', () => health.markShuttingDown()],
        ['http', () => (server ? closeServer(server) : undefined)],
        ['mail worker', () => mailWorker?.close()],
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

export type IdentityService = Awaited<ReturnType<typeof createIdentityService>>;
