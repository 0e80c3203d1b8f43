import type { Queue } from 'bullmq';
import { Router, type RequestHandler } from 'express';
import client from 'prom-client';

/**
 * Prometheus metrics of this process (one process = one service instance in production), in
 * prom-client's default registry: process and Node.js metrics, HTTP latency, queue depth and
 * job failures. Served at GET /metrics by every service and the gateway.
 */
export const metricsRegistry = client.register;

let defaultsOn = false;
function collectDefaults() {
  if (defaultsOn) return;
  defaultsOn = true;
  client.collectDefaultMetrics({ register: metricsRegistry });
}

const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP answers by service, method, route pattern and status, with their latency',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

const jobFailures = new client.Counter({
  name: 'queue_job_failures_total',
  help: 'Failed job attempts by queue (each retry that fails counts)',
  labelNames: ['queue'] as const,
});

const watchedQueues = new Set<Queue>();
new client.Gauge({
  name: 'queue_jobs',
  help: 'Jobs in each queue by state (waiting, active, delayed, failed), from the publishing service',
  labelNames: ['queue', 'state'] as const,
  async collect() {
    this.reset();
    await Promise.all(
      [...watchedQueues].map(async (queue) => {
        try {
          const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
          for (const [state, n] of Object.entries(counts)) this.set({ queue: queue.name, state }, n);
        } catch {
          // Redis unreachable or the queue closing: readiness reports that, not the metrics.
        }
      }),
    );
  },
});

/** Reports this queue's depth in /metrics until the returned function is called. */
export function watchQueueDepth(queue: Queue): () => void {
  watchedQueues.add(queue);
  return () => watchedQueues.delete(queue);
}

export function countJobFailure(queue: string): void {
  jobFailures.inc({ queue });
}

/**
 * Times every answer. The route label is the matched pattern (`/api/medicines/:id`), never the
 * raw URL, so ids do not explode the number of series; calls no route matched are labelled by
 * what the caller set in `res.locals.metricsRoute` (the gateway: the upstream) or `unmatched`.
 */
export function httpMetrics(service: string): RequestHandler {
  collectDefaults();
  return (req, res, next) => {
    const end = httpDuration.startTimer({ service, method: req.method });
    res.on('finish', () => {
      const route = req.route?.path
        ? `${req.baseUrl}${String(req.route.path)}`
        : String(res.locals.metricsRoute ?? 'unmatched');
      end({ route, status: String(res.statusCode) });
    });
    next();
  };
}

/** GET /metrics in the Prometheus text format. */
export function metricsRoutes(): Router {
  const router = Router();
  router.get('/metrics', async (_req, res) => {
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
  return router;
}
