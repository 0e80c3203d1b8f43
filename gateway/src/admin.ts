import {
  activitySchema,
  custodyEntrySchema,
  exportPageQuery,
  userSchema,
  type Activity,
  type ActivityFeed,
} from '@medrelay/contracts';
import { catalogApi, gatewayApi, identityApi, requestApi } from '@medrelay/contracts/api-routes';
import { cairoDay } from '@medrelay/domain';
import { AppError, mount, type Logger } from '@medrelay/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import type { UpstreamName } from './routes';
import type { UpstreamPool } from './upstream-pool';
import { askUpstream } from './upstream';

const activityPaths: Record<UpstreamName, string> = {
  identity: identityApi.userActivity.path,
  catalog: catalogApi.medicineActivity.path,
  requests: requestApi.requestActivity.path,
};

/** Newest first, at most `limit`: the services' lists merged (ISO times sort as text). */
export function mergeActivity(lists: Activity[][], limit: number): Activity[] {
  return lists
    .flat()
    .sort((a, b) => (a.at === b.at ? a.id.localeCompare(b.id) : a.at < b.at ? 1 : -1))
    .slice(0, limit);
}

/** How many rows the export asks a service for at a time, by default (the admin lists' page size limit). */
export const defaultExportPageSize = 100;

/** A row of a list walked by id: the rest of it is passed on as the service wrote it. */
const rowWithId = z.looseObject({ id: z.number().int() });

/**
 * The export's parts, in file order: each service's admin list, walked by `after` (contracts'
 * `exportPageFields`: id order, no count, no OFFSET, so a page costs the same however deep).
 */
interface ExportSection {
  key: 'users' | 'medicines' | 'requests' | 'custody';
  upstream: UpstreamName;
  path: string;
  schema: z.ZodType<Array<{ id: number }>>;
}
const exportSections: readonly ExportSection[] = [
  {
    key: 'users',
    upstream: 'identity',
    path: identityApi.allUsers.path,
    schema: z.array(userSchema),
  },
  {
    key: 'medicines',
    upstream: 'catalog',
    path: catalogApi.allMedicines.path,
    schema: z.array(rowWithId),
  },
  {
    key: 'requests',
    upstream: 'requests',
    path: requestApi.allRequests.path,
    schema: z.array(rowWithId),
  },
  // The custody log, oldest first.
  {
    key: 'custody',
    upstream: 'requests',
    path: requestApi.allCustody.path,
    schema: z.array(custodyEntrySchema),
  },
];

/**
 * The administrator's routes that span services: the recent activity list, the data export
 * and Clear Cache. Each service checks the administrator's token again.
 */
/** The export's file name: the calendar day in Cairo, where the administrators are. */
export function exportFileName(generated: string): string {
  return `medrelay-export-${cairoDay(generated)}.json`;
}

/**
 * A section's rows walked by id: each page asks for the rows after the last id of the one before
 * (`cursor` 0 first), until a short page. A row added meanwhile has a higher id: it comes at the
 * end, once. A page that does not move past the previous one (a service that ignored `after`)
 * stops the walk with an error rather than repeating it for ever.
 */
export async function* keysetRows<T extends { id: number }>(
  firstPage: T[],
  pageAfter: (after: number) => Promise<T[]>,
  pageSize = defaultExportPageSize,
): AsyncGenerator<T> {
  let items = firstPage;
  let last = 0;
  for (;;) {
    for (const item of items) {
      if (item.id <= last) throw new Error(`rows out of id order: ${item.id} after ${last}`);
      last = item.id;
      yield item;
    }
    if (items.length < pageSize) return;
    items = await pageAfter(last);
  }
}

export function adminRoutes(
  targets: Record<UpstreamName, UpstreamPool>,
  options: {
    timeoutMs: number;
    logger: Logger;
    caches: Record<string, () => void>;
    /** Rows per page of the export's calls (1..100). */
    exportPageSize?: number;
  },
): Router {
  const { timeoutMs, logger, caches, exportPageSize = defaultExportPageSize } = options;
  // The gateway's early token check already verified the caller.
  const api = { router: Router(), verifier: null };

  // Degrades like /api/admin/stats: a service that does not answer is named, the rest still shows.
  mount(api, gatewayApi.adminActivity, async ({ query, req }) => {
    const { limit } = query;
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
    return feed;
  });

  /**
   * Export Data: users (never password hashes: identity's admin list leaves them out, and the
   * schema drops unknown fields), medicines, requests and the custody log in one JSON download,
   * each walked page by page and written as it comes, so no service sends everything at once and
   * the gateway never holds it. Each is walked by id (`after`): the whole walk costs what its
   * rows cost, not a count and a deeper OFFSET on every page. Every
   * part's first page must answer before the first byte is sent, so a service that is down gives
   * a 503, not a partial file.
   */
  mount(api, gatewayApi.exportData, async ({ req, res }) => {
    /** A page: the rows after id `after` (0 first). */
    const pageOf = (section: ExportSection, after: number) =>
      askUpstream(
        targets[section.upstream],
        `${section.path}?${exportPageQuery(after, exportPageSize)}`,
        section.schema,
        req,
        { timeoutMs, logger, label: `export ${section.key}` },
      );
    const firstPages = await Promise.all(exportSections.map((section) => pageOf(section, 0)));
    if (firstPages.some((items) => !items)) {
      logger.warn('export unavailable');
      throw new AppError(503, 'UPSTREAM_UNAVAILABLE', 'serviceUnavailable');
    }

    const generated = new Date().toISOString();
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(generated)}"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      res.write(`{"generated":${JSON.stringify(generated)}`);
      for (const [i, section] of exportSections.entries()) {
        res.write(`,"${section.key}":[`);
        let first = true;
        const next = async (at: number) => {
          const page = await pageOf(section, at);
          if (!page) throw new Error(`${section.upstream} stopped answering during the export`);
          return page;
        };
        const rows = keysetRows(firstPages[i]!, next, exportPageSize);
        for await (const item of rows) {
          res.write(`${first ? '' : ','}${JSON.stringify(item)}`);
          first = false;
        }
        res.write(']');
      }
      res.end('}');
    } catch (err) {
      // Headers are gone: cut the download so the file is visibly broken rather than quietly short.
      logger.error({ err: (err as Error).message }, 'export interrupted');
      res.destroy(err as Error);
    }
  });

  // Clear Cache: the gateway's own caches, and identity rebuilds the settings copy in Redis.
  mount(api, gatewayApi.clearCache, async ({ req }) => {
    for (const clear of Object.values(caches)) clear();
    const published = await askUpstream(
      targets.identity,
      identityApi.publishSettings.path,
      identityApi.publishSettings.response,
      req,
      { timeoutMs, logger, label: 'settings publish', method: 'POST' },
    );
    return {
      cleared: [...Object.keys(caches), ...(published ? ['settings'] : [])],
      unavailable: published ? [] : ['identity'],
    };
  });

  return api.router;
}
