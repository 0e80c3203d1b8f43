import { z } from 'zod';

/** What an expiry scan did (the scan job's result). */
export const expiryScanResultSchema = z.object({
  unlisted: z.number().int(),
  alerts: z.number().int(),
  digests: z.number().int(),
});
export type ExpiryScanResult = z.infer<typeof expiryScanResultSchema>;

/** POST /api/admin/expiry-scan (202): the scan is queued (or already queued) as this job. */
export const expiryScanQueuedSchema = z.object({
  queued: z.literal(true),
  jobId: z.string(),
});
export type ExpiryScanQueued = z.infer<typeof expiryScanQueuedSchema>;
