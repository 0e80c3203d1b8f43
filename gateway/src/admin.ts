import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  activityQuerySchema,
  activitySchema,
  userSchema,
  type Activity,
  type ActivityFeed,
  type ActivityQuery,
} from '@medrelay/contracts';
import { AppError, requirePermission, validate, type Logger } from '@medrelay/service-kit';
import { Router, type Response } from 'express';
import { z } from 'zod';
import type { UpstreamName } from './routes';
import type { UpstreamPool } from './upstream-pool';
import { askUpstream, forwardedHeaders } from './upstream';
import { getFromPool } from './upstream-fetch';

const activityPaths: Record<UpstreamName, string> = {
  identity: '/api/admin/users/activity',
  catalog: '/api/admin/all-medicines/activity',
  requests: '/api/admin/all-requests/activity',
};

/** Newest first, at most `limit`: the services' lists merged (ISO times sort as text). */
export function mergeActivity(lists: Activity[][], limit: number): Activity[] {
  return lists
    .flat()
    .sort((a, b) => (a.at === b.at ? a.id.localeCompare(b.id) : a.at < b.at ? 1 : -1))
    .slice(0, limit);
}

/** How many users the export asks identity for at a time (its page size limit). */
const exportPageSize = 100;

/**
 * The administrator's routes that span services: the recent activity list, the data export
 * and Clear Cache. Each service checks the administrator's token again.
 */
export function adminRoutes(
  targets: Record<UpstreamName, UpstreamPool>,
  options: { timeoutMs: number; logger: Logger; caches: Record<string, () => void> },
): Router {
  const { timeoutMs, logger, caches } = options;
  const router = Router();

  // Degrades like /api/admin/stats: a service that does not answer is named, the rest still shows.
  router.get(
    '/api/admin/activity',
    requirePermission('reports.view'),
    validate({ query: activityQuerySchema }),
    async (req, res) => {
      const { limit } = res.locals.query as ActivityQuery;
      const names = Object.keys(activityPaths) as UpstreamName[];
      const lists = await Promise.all(
        names.map((name) =>
          askUpstream(targets[name], `${activityPaths[name]}?limit=${limit}`, z.array(activitySchema), req, {
            timeoutMs,
            logger,
            label: 'activity part',
          }),
        ),
      );
      const feed: ActivityFeed = {
        items: mergeActivity(
          lists.map((list) => list ?? []),
          limit,
        ),
        unavailable: names.filter((_, i) => !lists[i]),
      };
      res.json(feed);
    },
  );

  /**
   * Export Data: users (never password hashes: identity's admin list leaves them out),
   * medicines and requests in one JSON download. Medicines and requests are streamed through
   * as the services send them; users come page by page. Every part must answer before the
   * first byte is sent, so a service that is down gives a 503, not a partial file.
   */
  router.get('/api/admin/export', requirePermission('data.export'), async (req, res, next) => {
    const open = (name: UpstreamName, path: string) =>
      // The limit covers only the wait for the headers: the download itself may take long.
      getFromPool(targets[name], path, {
        headers: forwardedHeaders(req),
        timeoutMs,
        timeoutCoversBody: false,
      }).then((r) => {
        if (!r.ok || !r.body) throw new Error(`${name} answered ${r.status}`);
        return r;
      });
    const usersPage = (page: number) =>
      askUpstream(
        targets.identity,
        `/api/admin/all-users?page=${page}&pageSize=${exportPageSize}`,
        z.array(userSchema),
        req,
        { timeoutMs, logger, label: 'export users' },
      );
    let parts: [
      Awaited<ReturnType<typeof open>>,
      Awaited<ReturnType<typeof open>>,
      z.infer<typeof userSchema>[] | null,
    ];
    try {
      parts = await Promise.all([
        open('catalog', '/api/admin/all-medicines'),
        open('requests', '/api/admin/all-requests'),
        usersPage(1),
      ]);
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'export unavailable');
      return next(new AppError(503, 'UPSTREAM_UNAVAILABLE', 'serviceUnavailable'));
    }
    const [medicines, requests, firstUsers] = parts;
    if (!firstUsers) return next(new AppError(503, 'UPSTREAM_UNAVAILABLE', 'serviceUnavailable'));

    const generated = new Date().toISOString();
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="medrelay-export-${generated.slice(0, 10)}.json"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    try {
      res.write(`{"generated":${JSON.stringify(generated)},"users":[`);
      let page = 1;
      let users = firstUsers;
      let first = true;
      for (;;) {
        for (const user of users) {
          res.write(`${first ? '' : ','}${JSON.stringify(user)}`);
          first = false;
        }
        if (users.length < exportPageSize) break;
        const next = await usersPage(++page);
        if (!next) throw new Error('identity stopped answering during the export');
        users = next;
      }
      res.write('],"medicines":');
      await pipeBody(medicines, res);
      res.write(',"requests":');
      await pipeBody(requests, res);
      res.end('}');
    } catch (err) {
      // Headers are gone: cut the download so the file is visibly broken rather than quietly short.
      logger.error({ err: (err as Error).message }, 'export interrupted');
      res.destroy(err as Error);
    }
  });

  // Clear Cache: the gateway's own caches, and identity rebuilds the settings copy in Redis.
  router.post('/api/admin/cache/clear', requirePermission('cache.clear'), async (req, res) => {
    for (const clear of Object.values(caches)) clear();
    const published = await askUpstream(
      targets.identity,
      '/api/admin/settings/publish',
      z.object({ published: z.literal(true) }),
      req,
      { timeoutMs, logger, label: 'settings publish', method: 'POST' },
    );
    res.json({
      cleared: [...Object.keys(caches), ...(published ? ['settings'] : [])],
      unavailable: published ? [] : ['identity'],
    });
  });

  return router;
}

/** Copies an upstream JSON body into the download without holding it in memory. */
async function pipeBody(upstream: globalThis.Response, res: Response): Promise<void> {
  await pipeline(Readable.fromWeb(upstream.body as WebReadableStream), res, {
    end: false,
  });
}
