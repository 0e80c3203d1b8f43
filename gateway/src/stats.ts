import {
  medicineStatsSchema,
  requestStatsSchema,
  userStatsSchema,
  type AdminStats,
  type StatsPart,
} from '@medrelay/contracts';
import { estimatedValueSaved } from '@medrelay/domain';
import { requirePermission, type Logger } from '@medrelay/service-kit';
import { Router, type Request } from 'express';
import type { z } from 'zod';
import type { UpstreamName } from './routes';
import { getFromPool } from './upstream-fetch';
import type { UpstreamPool } from './upstream-pool';

const parts = {
  identity: { path: '/api/admin/users/stats', schema: userStatsSchema },
  catalog: { path: '/api/admin/all-medicines/stats', schema: medicineStatsSchema },
  requests: { path: '/api/admin/all-requests/stats', schema: requestStatsSchema },
} as const;

/**
 * GET /api/admin/stats (spec §3), put together from the three services' parts, asked in
 * parallel with the administrator's own token (each service checks it again). A service that
 * does not answer leaves its fields null and is named in `unavailable`, so the reports screen
 * still shows the rest.
 */
export function adminStatsRoute(
  targets: Record<UpstreamName, UpstreamPool>,
  timeoutMs: number,
  logger: Logger,
): Router {
  const router = Router();

  async function ask<K extends StatsPart>(
    name: K,
    req: Request,
  ): Promise<z.infer<(typeof parts)[K]['schema']> | null> {
    const headers: Record<string, string> = { authorization: req.headers.authorization ?? '' };
    if (req.headers['x-request-id']) headers['x-request-id'] = String(req.headers['x-request-id']);
    try {
      const res = await getFromPool(targets[name], parts[name].path, { headers, timeoutMs });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      return parts[name].schema.parse(await res.json()) as z.infer<(typeof parts)[K]['schema']>;
    } catch (err) {
      logger.warn({ upstream: name, err: (err as Error).message }, 'statistics part unavailable');
      return null;
    }
  }

  router.get('/api/admin/stats', requirePermission('reports.view'), async (req, res) => {
    const [users, medicines, requests] = await Promise.all([
      ask('identity', req),
      ask('catalog', req),
      ask('requests', req),
    ]);
    const stats: AdminStats = {
      totalUsers: users?.totalUsers ?? null,
      pendingApprovals: users?.pendingApprovals ?? null,
      totalMedicines: medicines?.totalMedicines ?? null,
      totalRequests: requests?.totalRequests ?? null,
      estimatedValueSaved: requests ? estimatedValueSaved(requests.requestStatus.completed).toFixed(2) : null,
      usersByType: users?.usersByType ?? null,
      userStatus: users?.userStatus ?? null,
      medicineSources: medicines?.medicineSources ?? null,
      medicineExpiry: medicines?.medicineExpiry ?? null,
      requestStatus: requests?.requestStatus ?? null,
      unavailable: [
        ...(users ? [] : ['identity' as const]),
        ...(medicines ? [] : ['catalog' as const]),
        ...(requests ? [] : ['requests' as const]),
      ],
    };
    res.json(stats);
  });
  return router;
}
