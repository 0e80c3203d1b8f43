import type { Redis } from '@medrelay/service-kit';
import { Router, type RequestHandler } from 'express';
import type { UpstreamName } from './routes';
import type { UpstreamPool } from './upstream-pool';

async function isUp(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * /health reports the gateway and each service (up or down, never the instances' URLs: those
 * are on the internal port only); /health/ready is the gateway's own readiness.
 */
export function healthRoutes(
  targets: Record<UpstreamName, UpstreamPool>,
  redis: Redis,
  isShuttingDown: () => boolean,
): Router {
  const router = Router();
  router.get('/health/live', (_req, res) => {
    res.json({ status: 'live' });
  });
  router.get('/health/ready', async (_req, res) => {
    const redisUp = await redis.ping().then(
      () => true,
      () => false,
    );
    const ready = redisUp && !isShuttingDown();
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'not-ready', checks: { redis: redisUp ? 'up' : 'down' } });
  });
  router.get('/health', platformHealth(targets, redis, false));
  return router;
}

/** GET /health for the internal port: the full report, instance URLs included. */
export function detailedHealthRoute(targets: Record<UpstreamName, UpstreamPool>, redis: Redis): Router {
  return Router().get('/health', platformHealth(targets, redis, true));
}

function platformHealth(
  targets: Record<UpstreamName, UpstreamPool>,
  redis: Redis,
  withInstances: boolean,
): RequestHandler {
  return async (_req, res) => {
    // A service is up when every one of its instances is ready; each instance is listed too.
    const checked = await Promise.all(
      Object.values(targets).map(async (pool) => {
        const states = await Promise.all(
          pool.urls.map(async (url) => [url, (await isUp(url)) ? 'up' : 'down']),
        );
        return [pool.name, Object.fromEntries(states) as Record<string, 'up' | 'down'>] as const;
      }),
    );
    const entries = checked.map(
      ([name, states]) => [name, Object.values(states).every((s) => s === 'up') ? 'up' : 'down'] as const,
    );
    const upstreams = Object.fromEntries(entries);
    const instances = Object.fromEntries(checked);
    const redisUp = await redis.ping().then(
      () => true,
      () => false,
    );
    const allUp = redisUp && entries.every(([, state]) => state === 'up');
    const status = allUp ? 'ok' : 'degraded';
    res.json({ status, redis: redisUp ? 'up' : 'down', upstreams, ...(withInstances ? { instances } : {}) });
  };
}
