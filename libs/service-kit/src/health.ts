import { Router } from 'express';

export type HealthCheck = () => Promise<unknown>;

/**
 * /health/live answers while the process runs; /health/ready only while every dependency
 * answers and the service is not shutting down (so a load balancer stops sending traffic first).
 */
export class Health {
  private ready = true;

  constructor(private readonly checks: Record<string, HealthCheck>) {}

  markShuttingDown(): void {
    this.ready = false;
  }

  async report() {
    const results = await Promise.all(
      Object.entries(this.checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2000);
          return [name, 'up'] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    );
    const checks = Object.fromEntries(results);
    const ok = this.ready && results.every(([, state]) => state === 'up');
    return { status: ok ? 'ready' : this.ready ? 'degraded' : 'shutting-down', checks };
  }

  router(): Router {
    const router = Router();
    router.get('/health/live', (_req, res) => {
      res.json({ status: 'live' });
    });
    router.get('/health/ready', async (_req, res) => {
      const report = await this.report();
      res.status(report.status === 'ready' ? 200 : 503).json(report);
    });
    return router;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
