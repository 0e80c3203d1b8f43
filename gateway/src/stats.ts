import {
  medicineStatsSchema,
  requestStatsSchema,
  userStatsSchema,
  type AdminStats,
  type StatsPart,
} from '@medrelay/contracts';
import { estimatedValueSaved } from '@medrelay/domain';
import { catalogApi, gatewayApi, identityApi, requestApi } from '@medrelay/contracts/api-routes';
import { mount, type Logger } from '@medrelay/service-kit';
import { askUpstream } from './upstream';
import { Router, type Request } from 'express';
import type { z } from 'zod';
import type { UpstreamName } from './routes';
import type { UpstreamPool } from './upstream-pool';

const parts = {
  identity: { path: identityApi.userStats.path, schema: userStatsSchema },
  catalog: { path: catalogApi.medicineStats.path, schema: medicineStatsSchema },
  requests: { path: requestApi.requestStats.path, schema: requestStatsSchema },
} as const;

/**
 * GET /api/admin/stats (spec §3), put together from the three services' parts, asked in
 * parallel with the administrator's own token (each service checks it again). A service that
 * does not answer leaves its fields null and is named in `unavailable`, so the reports screen
 * still shows the rest. `?days=N` counts only what was created in the last N days.
 */
export function adminStatsRoute(
  targets: Record<UpstreamName, UpstreamPool>,
  timeoutMs: number,
  logger: Logger,
): Router {
  // The gateway's early token check already verified the caller.
  const api = { router: Router(), verifier: null };

  const ask = <K extends StatsPart>(name: K, req: Request, days: number | undefined) =>
    askUpstream(targets[name], `${parts[name].path}${days ? `?days=${days}` : ''}`, parts[name].schema, req, {
      timeoutMs,
      logger,
      label: 'statistics part',
    }) as Promise<z.infer<(typeof parts)[K]['schema']> | null>;

  mount(api, gatewayApi.adminStats, async ({ query, req }) => {
    const { days } = query;
    const [users, medicines, requests] = await Promise.all([
      ask('identity', req, days),
      ask('catalog', req, days),
      ask('requests', req, days),
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
      needsOpen: requests?.needsOpen ?? null,
      needsMet: requests?.needsMet ?? null,
      medianHoursToFirstRequest: requests?.medianHoursToFirstRequest ?? null,
      unavailable: [
        ...(users ? [] : ['identity' as const]),
        ...(medicines ? [] : ['catalog' as const]),
        ...(requests ? [] : ['requests' as const]),
      ],
    };
    return stats;
  });
  return api.router;
}
