// The expiry scan over every listing, timed from the admin's trigger to the scan's end. A trigger
// answering 200 ran the scan itself; one answering 202 with a job id queued it, and the scan's
// queue events tell when that job finished (the job itself may be removed on completion).
// Either way the scan runs in svc-catalog as in production.
import { expiryScanQueueName } from '@medrelay/contracts';
import { createQueueRedis } from '@medrelay/service-kit';
import { QueueEvents } from 'bullmq';
import { request } from 'undici';

export interface ScanTiming {
  listings: number;
  /** "200" (the trigger ran the scan) or "202" (queued, followed on the queue). */
  trigger: string;
  /** From sending the trigger until the scan finished. */
  seconds: number;
  /** What the scan reported (counts of unlisted listings, alerts, digests…); of the last attempt. */
  result: unknown;
  /** Times the queued job stalled (lost its lock) or was put back for a retry: included in `seconds`. */
  setbacks: number;
}

const secondsSince = (t0: number) => Math.round((Date.now() - t0) / 10) / 100;

export async function timeExpiryScan(
  options: {
    /** POST /api/admin/expiry-scan, on svc-catalog or through the gateway. */
    triggerUrl: string;
    adminToken: string;
    redisUrl: string;
    redisPrefix: string;
    listings: number;
  },
  timeoutMs = 600_000,
): Promise<ScanTiming> {
  const { listings } = options;
  // Listening before the trigger, so the job's end cannot be missed.
  const connection = createQueueRedis(options.redisUrl, 'bench-scan-events');
  const events = new QueueEvents(expiryScanQueueName, { connection, prefix: `${options.redisPrefix}:bull` });
  try {
    await events.waitUntilReady();
    const finished = new Map<string, { failed: string | null; result: unknown; at: number }>();
    events.on('completed', ({ jobId, returnvalue }) =>
      finished.set(jobId, { failed: null, result: returnvalue, at: Date.now() }),
    );
    events.on('failed', ({ jobId, failedReason }) =>
      finished.set(jobId, { failed: failedReason, result: null, at: Date.now() }),
    );
    const setbacks = new Map<string, number>();
    const setback = ({ jobId }: { jobId: string }) => setbacks.set(jobId, (setbacks.get(jobId) ?? 0) + 1);
    events.on('stalled', setback);
    events.on('delayed', setback);
    const t0 = Date.now();
    const res = await request(options.triggerUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.adminToken}` },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const body = (await res.body.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.statusCode === 200) {
      return { listings, trigger: '200', seconds: secondsSince(t0), result: body, setbacks: 0 };
    }
    const jobId = body?.jobId;
    if (res.statusCode !== 202 || (typeof jobId !== 'string' && typeof jobId !== 'number')) {
      throw new Error(`The expiry-scan trigger answered ${res.statusCode} ${JSON.stringify(body)}`);
    }
    while (Date.now() < t0 + timeoutMs) {
      const end = finished.get(String(jobId));
      if (end?.failed) throw new Error(`The expiry-scan job failed: ${end.failed}`);
      if (end) {
        return {
          listings,
          trigger: '202',
          seconds: Math.round((end.at - t0) / 10) / 100,
          result: end.result,
          setbacks: setbacks.get(String(jobId)) ?? 0,
        };
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`The expiry scan did not finish within ${timeoutMs / 1000} s`);
  } finally {
    await events.close();
    await connection.quit().catch(() => undefined);
  }
}
