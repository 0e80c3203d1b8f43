import type { Redis } from '@medrelay/service-kit';
import { Router } from 'express';
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

/** /health reports the gateway and each service; /health/ready is the gateway's own readiness. */
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
  router.get('/health', async (_req, res) => {
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
    res.json({ status: allUp ? 'ok' : 'degraded', redis: redisUp ? 'up' : 'down', upstreams, instances });
  });
  return router;
}
