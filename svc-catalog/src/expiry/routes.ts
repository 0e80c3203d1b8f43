import { catalogApi } from '@medrelay/contracts/api-routes';
import { mount } from '@medrelay/service-kit';
import type { Queue } from 'bullmq';
import { Router } from 'express';
import type { CatalogContext } from '../context';
import { queueExpiryScan } from './scheduler';

/**
 * The expiry scan on demand, for administrators (it also runs daily on its own). A scan over a
 * national catalogue takes seconds: the call queues it and answers 202 at once.
 */
export function expiryRoutes(ctx: CatalogContext, queue: Queue): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  mount(api, catalogApi.runExpiryScan, async () => ({
    queued: true as const,
    jobId: await queueExpiryScan(queue),
  }));
  return api.router;
}
