import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import type { Medicine, MedicineBrowseQuery } from '@medrelay/contracts';
import { can } from '@medrelay/domain';
import {
  clientGone,
  compressionThresholdBytes,
  dynamicBrotliQuality,
  setPageHeaders,
  type Caller,
  type ChangeFeed,
  type PageTotal,
} from '@medrelay/service-kit';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';

// Browse pages as they were sent (JSON and each encoding made), kept in this instance's memory
// while nothing browse reads has changed, for a few seconds at most: many callers ask the same
// first pages, and a page kept costs no query, no JSON and no compression. Callers asking for a
// page while it is being made wait for it. What a user may see stale: docs/browse.md.

/** The NOTIFY channel of changes to what browse reads (triggers of migrations 016 and 018). */
export const browseChangeChannel = 'catalog_browse';

interface KeptPage extends PageTotal {
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** What a browse page is made of: its items and the list's total. */
export type LoadedPage = { items: Medicine[] } & PageTotal;

export interface BrowseCacheOptions {
  /** Memory the kept pages may take, in bytes. */
  maxBytes?: number;
  /**
   * How long a page is kept at most, in ms: listings leave browse at their expiry instant, which
   * no write announces.
   */
  keepMs?: number;
}

/**
 * Who sees the same browse rows: owners of stock never see their own listings, so their view is
 * their own; every caller of another role (an NGO) sees the same ones.
 */
export const browseViewOf = (caller: Caller) =>
  can(caller.role, 'medicine.create') ? `owner:${caller.id}` : caller.role;

/**
 * Pages kept while `feed` (NOTIFY at every commit to listings or owners, and this instance's own
 * writes at once) has not moved: a change drops them all.
 */
export function createBrowseCache(feed: ChangeFeed, options: BrowseCacheOptions = {}) {
  const pages = new LRUCache<string, KeptPage>({
    maxSize: options.maxBytes ?? 32 * 1024 * 1024,
    sizeCalculation: (page) => page.json.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0) + 200,
    ttl: options.keepMs ?? 5_000,
  });
  let keptVersion: number | null = null;
  // Pages being made, by version and key: their callers meanwhile share the work.
  const making = new Map<string, Promise<LoadedPage | typeof clientGone>>();

  return {
    /** Answers the browse page from memory when nothing changed since it was made, else from `load`. */
    async answer(
      req: Request,
      res: Response,
      caller: Caller,
      query: MedicineBrowseQuery,
      load: () => Promise<LoadedPage | typeof clientGone>,
    ): Promise<void> {
      const version = feed.version;
      if (version !== keptVersion) {
        pages.clear();
        keptVersion = version;
      }
      // While the feed is not listening (null), changes could go unheard: nothing is kept.
      const key = `${browseViewOf(caller)}|${JSON.stringify(query)}`;
      let page = version === null ? undefined : pages.get(key);
      if (!page) {
        let loaded = await shared(`${version}|${key}`, load);
        // The caller whose load it was left (its work skipped): this one makes it.
        if (loaded === clientGone) loaded = await load();
        if (loaded === clientGone) return; // nobody to answer
        const { items, ...total } = loaded;
        page = { json: Buffer.from(JSON.stringify(items)), ...total };
        // Kept only if nothing changed meanwhile: a page read across a change may miss it.
        if (version !== null && feed.version === version) pages.set(key, page);
      }
      // A new encoding is kept with the page, its size counted again.
      if (send(req, res, page) && version !== null && feed.version === version) pages.set(key, page);
    },
    clear: () => pages.clear(),
    /** The feed whose version decides whether a kept page is current. */
    changes: feed,
  };

  function shared(key: string, load: () => Promise<LoadedPage | typeof clientGone>) {
    let work = making.get(key);
    if (!work) {
      work = load().finally(() => making.delete(key));
      making.set(key, work);
    }
    return work;
  }
}

export type BrowseCache = ReturnType<typeof createBrowseCache>;

/**
 * The page in the best encoding the client accepts, each encoding made once per kept page.
 * Tells whether it made one now.
 */
function send(req: Request, res: Response, page: KeptPage): boolean {
  const encodings = Boolean(page.br) || Boolean(page.gzip);
  setPageHeaders(res, page);
  res.set('Content-Type', 'application/json; charset=utf-8');
  res.vary('Accept-Encoding');
  let body = page.json;
  if (page.json.length >= compressionThresholdBytes) {
    // Brotli whenever accepted (browsers list gzip first but take both alike), like the
    // compression middleware's preference.
    const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : null;
    if (encoding === 'br') {
      page.br ??= brotliCompressSync(page.json, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: dynamicBrotliQuality,
          [constants.BROTLI_PARAM_SIZE_HINT]: page.json.length,
        },
      });
      body = page.br;
    } else if (encoding === 'gzip') {
      page.gzip ??= gzipSync(page.json);
      body = page.gzip;
    }
    if (encoding) res.set('Content-Encoding', encoding);
  }
  res.set('Content-Length', String(body.length));
  res.end(body);
  return (Boolean(page.br) || Boolean(page.gzip)) !== encodings;
}
