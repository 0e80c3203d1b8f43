// The expiry scan over every listing, timed from the admin's trigger to the scan's end. Today's
// trigger answers 200 when the scan is done; a trigger answering 202 with a job id is followed
// on the scan's BullMQ queue until that job completes. Either way the scan runs in svc-catalog
// as in production.
import { expiryScanQueueName } from '@medrelay/contracts';
import { createQueue, createQueueRedis } from '@medrelay/service-kit';
import { request } from 'undici';

export interface ScanTiming {
  listings: number;
  /** "200" (the trigger ran the scan) or "202" (queued, followed on the queue). */
  trigger: string;
  /** From sending the trigger until the scan finished. */
  seconds: number;
  /** The job's own run time, when queued (without the wait in the queue). */
  runSeconds: number | null;
  result: unknown;
}

const secondsSince = (t0: number) => Math.round((Date.now() - t0) / 10) / 100;

export async function timeExpiryScan(
  {
    triggerUrl,
    adminToken,
    redisUrl,
    redisPrefix,
    listings,
  }: {
    /** POST /api/admin/expiry-scan, on svc-catalog or through the gateway. */
    triggerUrl: string;
    adminToken: string;
    redisUrl: string;
    redisPrefix: string;
    listings: number;
  },
  timeoutMs = 600_000,
): Promise<ScanTiming> {
  const t0 = Date.now();
  const res = await request(triggerUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const body = (await res.body.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.statusCode === 200) {
    return { listings, trigger: '200', seconds: secondsSince(t0), runSeconds: null, result: body };
  }
  const jobId = body?.jobId ?? body?.id;
  if (res.statusCode !== 202 || (typeof jobId !== 'string' && typeof jobId !== 'number')) {
    throw new Error(`The expiry-scan trigger answered ${res.statusCode} ${JSON.stringify(body)}`);
  }
  const connection = createQueueRedis(redisUrl, 'bench');
  const queue = createQueue(expiryScanQueueName, connection, redisPrefix);
  try {
    const deadline = t0 + timeoutMs;
    while (Date.now() < deadline) {
      const job = await queue.getJob(String(jobId));
      const state = job ? await job.getState() : 'missing';
      if (job && state === 'completed') {
        const finished = job.finishedOn ?? Date.now();
        return {
          listings,
          trigger: '202',
          seconds: Math.round((finished - t0) / 10) / 100,
          runSeconds: job.processedOn ? Math.round((finished - job.processedOn) / 10) / 100 : null,
          result: job.returnvalue,
        };
      }
      if (state === 'failed') throw new Error(`The expiry-scan job failed: ${job?.failedReason}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`The expiry scan did not finish within ${timeoutMs / 1000} s`);
  } finally {
    await queue.close();
    await connection.quit();
  }
}
