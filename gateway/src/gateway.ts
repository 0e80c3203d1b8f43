import type { Server } from 'node:http';
import {
  closeServer,
  createLogger,
  createRedis,
  createServiceApp,
  createTokenVerifier,
  errorHandler,
  listen,
  internalPortFor,
  listenInternal,
  notFoundHandler,
  publishedSettings,
  readPem,
  TrackedReads,
  type Logger,
} from '@medrelay/service-kit';
import { authKeys } from '@medrelay/contracts';
import type { GatewayConfig } from './config';
import { earlyTokenCheck, maintenanceGuard, maintenanceSwitch, rateLimits } from './guards';
import { apiDocsRoutes } from './api-docs';
import { detailedHealthRoute, healthRoutes } from './health';
import { queueBoard } from './queue-board';
import { frontEndProxy, proxyTo, upstreamAgent } from './proxy';
import { upstreams, type UpstreamName } from './routes';
import { adminRoutes } from './admin';
import { adminStatsRoute } from './stats';
import { impactRoute } from './impact';
import { staticRoutes } from './static';
import { compressOwnAnswers } from './own-compression';
import { parseUrlList, UpstreamPool } from './upstream-pool';
import { drainAfterEarlyAnswer, uploadSizeLimit } from './upload-limit';
import { LiveHub } from './live-events';

/** The single entry point: guards, then each service's paths proxied, then the static front ends. */
export async function createGateway(
  config: GatewayConfig,
  logger: Logger = createLogger('gateway', config.LOG_LEVEL),
) {
  // Under load, concurrent calls' Redis lookups (rate limits, first reads of revocations) share writes.
  const redis = createRedis(config.REDIS_URL, 'gateway', { autoPipelining: true });
  // Revocations and statuses kept until Redis says they changed: no Redis round trip per call.
  const sessionChecks = new TrackedReads(redis, { prefixes: [authKeys.sessionChecks(config.REDIS_PREFIX)] });
  const verifier = await createTokenVerifier(
    readPem(config.JWT_PUBLIC_KEY, config.JWT_PUBLIC_KEY_FILE, 'JWT public key'),
    sessionChecks,
    config.REDIS_PREFIX,
    // Browsers send the same token on every call: its signature is checked once, not per call.
    { verifiedCacheSize: 10_000 },
  );
  const targets: Record<UpstreamName, UpstreamPool> = {
    identity: new UpstreamPool('identity', parseUrlList(config.IDENTITY_URL)),
    catalog: new UpstreamPool('catalog', parseUrlList(config.CATALOG_URL)),
    requests: new UpstreamPool('requests', parseUrlList(config.REQUESTS_URL)),
  };
  let shuttingDown = false;
  const live = new LiveHub(
    redis,
    config.REDIS_PREFIX,
    { heartbeatMs: config.LIVE_HEARTBEAT_MS, verifier, sessionChecks },
    logger,
  );

  const maintenance = maintenanceSwitch(redis, config.REDIS_PREFIX);
  const settings = publishedSettings(redis, config.REDIS_PREFIX);
  const app = createServiceApp(logger, {
    json: false,
    compress: false,
    trustProxy: config.TRUST_PROXY,
  });
  app.use(drainAfterEarlyAnswer());
  app.use(compressOwnAnswers());
  app.use(healthRoutes(targets, redis, () => shuttingDown));
  // Before the guards: the API description is public and stays readable in maintenance mode.
  app.use(apiDocsRoutes());
  // Its own administrator check (token or dashboard cookie): it must work in maintenance mode too.
  const board = queueBoard(config.REDIS_URL, config.REDIS_PREFIX, verifier, redis, {
    secureCookie: config.PUBLIC_URL?.startsWith('https:') ?? false,
  });
  app.use(board.router);
  app.use(
    '/api',
    earlyTokenCheck(verifier),
    maintenanceGuard(maintenance),
    uploadSizeLimit(settings),
    rateLimits(redis, config.REDIS_PREFIX, config),
  );
  // One pool of kept-alive connections for every service instance (and the static server).
  const agent = upstreamAgent();
  // Right after the guards: a proxied call passes none of the routers of the gateway's own
  // paths below (no service claims a path of the gateway's own: libs/contracts api-routes).
  for (const [name, prefixes] of Object.entries(upstreams) as [UpstreamName, readonly string[]][]) {
    app.use(proxyTo(targets[name], prefixes, config.UPSTREAM_TIMEOUT_MS, logger, agent));
  }
  const impact = impactRoute(
    targets,
    { timeoutMs: config.UPSTREAM_TIMEOUT_MS, cacheMs: config.IMPACT_CACHE_MS },
    logger,
  );
  app.use(adminStatsRoute(targets, config.UPSTREAM_TIMEOUT_MS, logger));
  app.use(
    adminRoutes(targets, {
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      logger,
      exportPageSize: config.EXPORT_PAGE_SIZE,
      caches: { impact: impact.clear, maintenance: maintenance.clear, uploadLimit: settings.clear },
    }),
  );
  app.use(impact);
  app.use(live.routes());
  app.use('/api', notFoundHandler);
  app.use(
    config.FRONTEND_URL
      ? frontEndProxy(config.FRONTEND_URL, logger, agent)
      : staticRoutes(config.STATIC_ROOT, config.MF_DEPLOY_DIR, config),
  );
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  let server: Server | null = null;
  let internal: Server | null = null;
  return {
    app,
    redis,
    upstreams: targets,
    live,
    async listen(port = config.PORT) {
      server = await listen(app, port, config.HOST);
      internal = await listenInternal(internalPortFor(config.METRICS_PORT, port), config.HOST, [
        detailedHealthRoute(targets, redis),
      ]);
      return server;
    },
    /** The internal port's server (METRICS_PORT), once listening. */
    get internalServer() {
      return internal;
    },
    shutdownSteps(): Array<[string, () => Promise<unknown> | unknown]> {
      return [
        ['readiness', () => (shuttingDown = true)],
        // Open streams never end by themselves: ended here (browsers reconnect elsewhere), so
        // the HTTP server can drain.
        ['live streams', () => live.close()],
        ['http', () => (server ? closeServer(server) : undefined)],
        ['upstream connections', () => agent.destroy()],
        ['metrics', () => (internal ? closeServer(internal) : undefined)],
        ['queue dashboard', () => board.close()],
        ['redis', () => Promise.all([sessionChecks.close(), redis.quit()])],
      ];
    },
    async stop() {
      for (const [, step] of this.shutdownSteps()) await step();
    },
  };
}
