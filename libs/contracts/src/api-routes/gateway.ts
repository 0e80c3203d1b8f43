import { z } from 'zod';
import { publicImpactSchema } from '../impact';
import { medicineSchema } from '../medicines';
import { transactionSchema } from '../requests';
import { custodyEntrySchema } from '../custody';
import { liveEventSchema } from '../live-events';
import { activityFeedSchema, activityQuerySchema, statsQuerySchema } from '../admin';
import { adminStatsSchema } from '../stats';
import { userSchema } from '../users';
import * as gateway from './endpoints/gateway';
import { route, type ApiRoute } from './route';

/** Answered by the gateway itself. */
export const gatewayApi = {
  adminStats: route({
    ...gateway.adminStats,
    tag: 'admin',
    summary: 'Platform statistics (the three services aggregated; a silent one is named in `unavailable`)',
    access: 'admin',
    permission: 'reports.view',
    query: statsQuerySchema,
    response: adminStatsSchema,
  }),
  adminActivity: route({
    ...gateway.adminActivity,
    tag: 'admin',
    summary: 'Recent activity across the services, newest first (a silent service is named in `unavailable`)',
    access: 'admin',
    permission: 'reports.view',
    query: activityQuerySchema,
    response: activityFeedSchema,
  }),
  exportData: route({
    ...gateway.exportData,
    tag: 'admin',
    summary:
      'Export Data: users (no password hashes), medicines, requests and the custody log as one JSON download',
    access: 'admin',
    permission: 'data.export',
    response: z.object({
      generated: z.string(),
      users: z.array(userSchema),
      medicines: z.array(medicineSchema),
      requests: z.array(transactionSchema),
      custody: z.array(custodyEntrySchema),
    }),
    headers: { 'Content-Disposition': 'attachment; filename="medrelay-export-YYYY-MM-DD.json"' },
    streamed: true,
  }),
  clearCache: route({
    ...gateway.clearCache,
    tag: 'admin',
    summary: "Clear Cache: the gateway's caches and identity's settings copy in Redis",
    access: 'admin',
    permission: 'cache.clear',
    response: z.object({ cleared: z.array(z.string()), unavailable: z.array(z.string()) }),
  }),
  liveEvents: route({
    ...gateway.liveEvents,
    tag: 'notifications',
    summary:
      "The caller's live events (Server-Sent Events, one JSON event per `data:` line, heartbeat comments): " +
      'hints to refetch what changed; ends when the session does',
    access: 'signed-in',
    response: liveEventSchema,
    rawResponse: ['text/event-stream'],
  }),
  publicImpact: route({
    ...gateway.publicImpact,
    tag: 'public',
    summary: 'The landing page impact figures',
    access: 'public',
    response: publicImpactSchema,
  }),
} as const;

export const gatewayRoutes: readonly ApiRoute[] = Object.values(gatewayApi);
