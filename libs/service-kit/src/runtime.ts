import { createServer, type Server } from 'node:http';
import type { Express, RequestHandler, Router } from 'express';
import type { Queue } from 'bullmq';
import type { z } from 'zod';
import { authKeys } from '@medrelay/contracts';
import { createTokenVerifier, type TokenVerifier } from './auth';
import { loadConfig, readPem } from './config';
import { createPool, migrate } from './db';
import { Health } from './health';
import { errorHandler, notFoundHandler, storeUnavailable } from './errors';
import { closeServer, createServiceApp, internalPortFor, listen, listenInternal } from './http';
import { createLogger, endLogging, type Logger } from './logger';
import { watchQueueDepth } from './metrics';
import { OutboxRelay } from './outbox';
import { whenStoresAnswer } from './outage';
import { onShutdown } from './shutdown';
import { createQueue } from './queue';
import { createQueueRedis, createRedis } from './redis';
import { TrackedReads } from './tracked-reads';
import { startUserEventConsumer, type UserChangeHook } from './user-read-model';

/** The settings every service with a database, Redis and queues reads (see baseConfigShape). */
interface RuntimeConfig {
  DATABASE_URL: string;
  REDIS_URL: string;
  REDIS_PREFIX: string;
  JWT_PUBLIC_KEY?: string | undefined;
  JWT_PUBLIC_KEY_FILE?: string | undefined;
  PORT: number;
  HOST: string;
  METRICS_PORT?: number | undefined;
  TRUST_PROXY?: string | undefined;
}

/**
 * What every service starts the same way: its pool (migrated), a fail-fast Redis for requests,
 * two BullMQ connections (queues, workers), the queues it writes to, the token verifier, the
 * outbox relay and health checks. Each service's `createXService` adds its routes and workers.
 */
export async function createServiceRuntime<C extends RuntimeConfig>(options: {
  name: string;
  config: C;
  schema: string;
  migrationsDir: string;
  /** Queues this service publishes to (through its outbox). */
  queueNames: readonly string[];
  logger: Logger;
  /**
   * The service raises live events (its migrations take service-kit's `live` function): the
   * relay listens for their commits and publishes them at once.
   */
  liveEvents?: boolean;
}) {
  const { name, config, schema, logger } = options;
  const pool = createPool(config.DATABASE_URL, name, 10, logger);
  // Started while PostgreSQL is down (or restarting): wait for it rather than exit.
  await whenStoresAnswer('migrate', () => migrate(pool, schema, options.migrationsDir, logger), logger);
  const redis = createRedis(config.REDIS_URL, name);
  const queueConnection = createQueueRedis(config.REDIS_URL, `${name}-queues`);
  const workerConnection = createQueueRedis(config.REDIS_URL, `${name}-worker`);
  const prefix = config.REDIS_PREFIX;

  const queues = new Map<string, Queue>(
    options.queueNames.map((queue) => [queue, createQueue(queue, queueConnection, prefix)]),
  );
  const unwatchQueues = [...queues.values()].map((queue) => watchQueueDepth(queue));
  const queueFor = (queue: string) => {
    const found = queues.get(queue);
    if (!found) throw new Error(`No queue named ${queue}`);
    return found;
  };
  // Revocations and statuses kept until Redis says they changed: no Redis round trip per call.
  const sessionChecks = new TrackedReads(redis, { prefixes: [authKeys.sessionChecks(prefix)] });
  const verifier: TokenVerifier = await createTokenVerifier(
    readPem(config.JWT_PUBLIC_KEY, config.JWT_PUBLIC_KEY_FILE, 'JWT public key'),
    sessionChecks,
    prefix,
    // A signature check (WebCrypto ES256) cost ~0.6 ms of a browse call's ~4 ms in the service.
    { verifiedCacheSize: 10_000 },
  );
  const outbox = new OutboxRelay(pool, schema, queueFor, logger, {
    live: { redis, prefix },
    wakeOnCommit: options.liveEvents ?? false,
  });
  const health = new Health({ postgres: () => pool.query('SELECT 1'), redis: () => redis.ping() });

  /** The fields every service's context starts with; each service adds its own. */
  const context = { config, logger, pool, redis, prefix, verifier, outbox };

  /** The HTTP app: health checks, the service's routers in order, then 404 and the error handler. */
  function app(routers: Array<Router | RequestHandler>): Express {
    const built = createServiceApp(logger, { trustProxy: config.TRUST_PROXY });
    built.use(health.router());
    for (const router of routers) built.use(router);
    built.use(notFoundHandler);
    built.use(errorHandler(logger));
    return built;
  }

  /** Consumes one of identity's user-event queues into this service's users read model. */
  const userEventConsumer = (queue: string, onChange?: UserChangeHook) =>
    startUserEventConsumer({ queue, schema, pool, connection: workerConnection, prefix, logger, onChange });

  /**
   * listen/stop for the service. Shutdown order: readiness off, HTTP drained, workers and relay
   * stopped, queues closed, then the stores.
   */
  function lifecycle(app: Express, closeWorkers: () => Promise<unknown> | unknown) {
    let server: Server | null = null;
    let internal: Server | null = null;
    return {
      /** Listens on `port`, or takes over a server already listening (`runService`'s start-up answers). */
      async listen(port: number | Server = config.PORT): Promise<Server> {
        if (typeof port === 'number') {
          server = await listen(app, port, config.HOST);
        } else {
          server = port;
          server.removeAllListeners('request');
          server.on('request', app);
        }
        internal = await listenInternal(
          internalPortFor(config.METRICS_PORT, typeof port === 'number' ? port : config.PORT),
          config.HOST,
        );
        return server;
      },
      /** The internal port's server (/metrics), once listening (a method: services spread this object). */
      internalServer(): Server | null {
        return internal;
      },
      shutdownSteps(): Array<[string, () => Promise<unknown> | unknown]> {
        return [
          ['readiness', () => health.markShuttingDown()],
          ['http', () => (server ? closeServer(server) : undefined)],
          ['metrics', () => (internal ? closeServer(internal) : undefined)],
          ['workers', closeWorkers],
          ['outbox relay', () => outbox.stop()],
          [
            'queues',
            () => {
              unwatchQueues.forEach((unwatch) => unwatch());
              return Promise.all([...queues.values()].map((q) => q.close()));
            },
          ],
          [
            'redis',
            () =>
              Promise.all([
                sessionChecks.close(),
                redis.quit(),
                queueConnection.quit(),
                workerConnection.quit(),
              ]),
          ],
          ['postgres', () => pool.end()],
        ];
      },
      async stop(): Promise<void> {
        for (const [, step] of this.shutdownSteps()) await step();
      },
    };
  }

  return {
    pool,
    redis,
    queueConnection,
    workerConnection,
    prefix,
    queues,
    queueFor,
    verifier,
    outbox,
    health,
    context,
    app,
    userEventConsumer,
    lifecycle,
  };
}

/**
 * `node main.js --migrate-only`: applies the service's migrations and exits (nothing else starts),
 * for a deploy step
 * that runs before the new version starts (a Kubernetes Job, `docker compose run`). Starting the
 * service migrates too (under an advisory lock); this only makes it a separate, visible step.
 */
export async function migrateOnly(options: {
  name: string;
  databaseUrl: string;
  schema: string;
  migrationsDir: string;
  logger: Logger;
}): Promise<string[]> {
  const pool = createPool(options.databaseUrl, `${options.name}-migrate`, 1, options.logger);
  try {
    return await migrate(pool, options.schema, options.migrationsDir, options.logger);
  } finally {
    await pool.end();
  }
}

/** In a service's main: with `--migrate-only` on the command line, migrate, log and exit. */
export async function migrateOnlyIfAsked(
  name: string,
  config: { DATABASE_URL: string },
  schema: string,
  migrationsDir: string,
  logger: Logger,
): Promise<void> {
  if (!process.argv.includes('--migrate-only')) return;
  const applied = await migrateOnly({
    name,
    databaseUrl: config.DATABASE_URL,
    schema,
    migrationsDir,
    logger,
  });
  logger.info({ applied }, 'migrations done');
  await endLogging(logger);
  process.exit(0);
}

/**
 * A service's whole main.ts: its configuration from the environment, `--migrate-only` honoured,
 * then the service built and listening, and stopped in order on SIGTERM/SIGINT.
 */
export async function runService<T extends z.ZodRawShape>(options: {
  name: string;
  configShape: T;
  schema: string;
  migrationsDir: string;
  create: (
    config: z.infer<z.ZodObject<T>>,
    logger: Logger,
  ) => Promise<{
    listen(port: Server): Promise<unknown>;
    shutdownSteps(): Array<[string, () => Promise<unknown> | unknown]>;
  }>;
}): Promise<void> {
  const { name, schema, migrationsDir } = options;
  const config = loadConfig(options.configShape) as z.infer<z.ZodObject<T>> & {
    DATABASE_URL: string;
    LOG_LEVEL: string;
    PORT: number;
    HOST: string;
    TRUST_PROXY?: string;
  };
  const logger = createLogger(name, config.LOG_LEVEL);
  await migrateOnlyIfAsked(name, config, schema, migrationsDir, logger);
  // The port answers from the first moment: live, not ready, and 503 with Retry-After for every
  // call while the service waits for its stores (a start during an outage waits, never exits).
  const server = createServer(startingApp(logger, config.TRUST_PROXY));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const service = await options.create(config, logger);
  await service.listen(server);
  // The handlers go in before the line that says it listens: a supervisor may answer that line
  // with SIGTERM at once, and with no handler yet the signal would kill the process unlogged.
  onShutdown(logger, service.shutdownSteps());
  logger.info({ port: config.PORT }, `${name} listening`);
}

/** What a service answers until its stores have answered and it is built. */
function startingApp(logger: Logger, trustProxy: string | undefined): Express {
  const app = createServiceApp(logger, { trustProxy, json: false });
  app.get('/health/live', (_req, res) => void res.json({ status: 'live' }));
  app.get('/health/ready', (_req, res) => void res.status(503).json({ status: 'starting', checks: {} }));
  app.use((_req, _res, next) => next(storeUnavailable()));
  app.use(errorHandler(logger));
  return app;
}
