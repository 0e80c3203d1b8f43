import type { Redis } from '@medrelay/service-kit';
import { Router } from 'express';
import type { UpstreamName } from './routes';

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
  targets: Record<UpstreamName, string>,
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
    const entries = await Promise.all(
      Object.entries(targets).map(async ([name, url]) => [name, (await isUp(url)) ? 'up' : 'down'] as const),
    );
    const upstreams = Object.fromEntries(entries);
    const redisUp = await redis.ping().then(
      () => true,
      () => false,
    );
    const allUp = redisUp && entries.every(([, state]) => state === 'up');
    res.json({ status: allUp ? 'ok' : 'degraded', redis: redisUp ? 'up' : 'down', upstreams });
  });
  return router;
}
