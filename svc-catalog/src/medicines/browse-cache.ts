import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import type { Medicine, MedicineBrowseQuery } from '@medrelay/contracts';
import { can, cairoDayNumber } from '@medrelay/domain';
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
import { sharedWork, type BrowseMemo } from './browse-memo';

// Browse pages as they were sent, kept in this instance's memory and used while they are right:
// a page made from a kept order (and total) of browse-memo.ts while that order is still kept,
// checked against the listings changed since; any other page (a deep one, read with OFFSET)
// while the change feed (NOTIFY at every commit to listings or owners, and this instance's own
// writes at once) has not moved. Never past the soonest expiry of the listings it shows or
// counts (stock leaves browse at its expiry instant, which no write announces). Many NGOs ask the
// same first pages of the same searches; a page kept costs no query, no JSON and no compression,
// and callers asking for a page while it is being made wait for it instead of making it again.
// What is kept and for how long: docs/browse.md, "What is kept"; the measurements: docs/history.md,
// "Browse, pass by pass".

/** The NOTIFY channel of changes to what browse reads (migration 010). */
export const browseChangeChannel = 'catalog_browse';

interface KeptPage extends PageTotal {
  version: number;
  /** Made from a kept order: right while it is (see BrowsePage.stillRight); else per version. */
  stillRight?: () => Promise<boolean>;
  /** The soonest expiry among the listings the page shows or counts (ms; Infinity when none). */
  expiresAt: number;
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export interface BrowseCacheOptions {
  /** Memory the kept pages may take, in bytes. */
  maxBytes?: number;
  /** A page is made afresh after this long at the latest: a safety bound only. */
  ttlMs?: number;
  /** The kept orders pages are made from: checked against what was heard before a page is used. */
  memo?: Pick<BrowseMemo, 'settled'>;
}

/** What a browse page is made of: its items, the list's total, and until when they stay right. */
export type LoadedPage = {
  items: Medicine[];
  expiresAt: number;
  stillRight?: () => Promise<boolean>;
} & PageTotal;

/**
 * Who sees the same browse rows: owners of stock never see their own listings, so their view is
 * their own; every caller of another role (an NGO) sees the same ones.
 */
export const browseViewOf = (caller: Caller) =>
  can(caller.role, 'medicine.create') ? `owner:${caller.id}` : caller.role;

export function createBrowseCache(feed: ChangeFeed, options: BrowseCacheOptions = {}) {
  const pages = new LRUCache<string, KeptPage>({
    maxSize: options.maxBytes ?? 32 * 1024 * 1024,
    sizeCalculation: (page) => page.json.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0) + 200,
    ttl: options.ttlMs ?? 10 * 60_000,
  });
  // Pages being made, by key and version: callers of the same page meanwhile share the work.
  const making = sharedWork();

  /** The same page for every caller of the same view; the Cairo day too (expiry and days left follow it). */
  const keyOf = (caller: Caller, query: MedicineBrowseQuery) =>
    `${browseViewOf(caller)}|${cairoDayNumber(new Date())}|${JSON.stringify(query)}`;

  return {
    /** Answers the browse page from memory when it is still current, else from `load` (and keeps it). */
    async answer(
      req: Request,
      res: Response,
      caller: Caller,
      query: MedicineBrowseQuery,
      load: () => Promise<LoadedPage | typeof clientGone>,
    ): Promise<void> {
      await options.memo?.settled();
      const version = feed.version;
      const key = keyOf(caller, query);
      let page = version === null ? undefined : pages.get(key);
      if (!page || Date.now() >= page.expiresAt || !(await stillRight(page, version))) {
        let loaded: LoadedPage | typeof clientGone;
        if (version === null) loaded = await load();
        else {
          loaded = await making(`${key}|${version}`, load);
          // The caller whose load it was left (its work skipped): this one makes it.
          if (loaded === clientGone) loaded = await load();
        }
        if (loaded === clientGone) return; // nobody to answer
        const { items, ...total } = loaded;
        page = { version: version ?? -1, json: Buffer.from(JSON.stringify(items)), ...total };
        // Kept only if nothing changed meanwhile: a page read across a change may miss it.
        if (version !== null && feed.version === version) pages.set(key, page);
      }
      // A new encoding made for this client is kept with the page (its size counted again).
      if (send(req, res, page) && version !== null && feed.version === version) pages.set(key, page);
    },
    clear: () => pages.clear(),
    /** The feed whose version decides whether a kept page is current. */
    changes: feed,
  };
}

export type BrowseCache = ReturnType<typeof createBrowseCache>;

/** A page of a kept order is right while that order is kept; any other while nothing changed. */
const stillRight = async (page: KeptPage, version: number | null) =>
  page.stillRight ? page.stillRight() : page.version === version;

/**
 * The page in the best encoding the client accepts, each encoding made once per kept page.
 * Tells whether it made one now.
 */
function send(req: Request, res: Response, page: KeptPage): boolean {
  let encodedNow = false;
  setPageHeaders(res, page);
  res.set('Content-Type', 'application/json; charset=utf-8');
  res.vary('Accept-Encoding');
  let body = page.json;
  if (page.json.length >= compressionThresholdBytes) {
    // Brotli whenever accepted (browsers list gzip first but take both alike), like the
    // compression middleware's preference.
    const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : null;
    if (encoding === 'br') {
      encodedNow = !page.br;
      page.br ??= brotliCompressSync(page.json, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: dynamicBrotliQuality,
          [constants.BROTLI_PARAM_SIZE_HINT]: page.json.length,
        },
      });
      body = page.br;
    } else if (encoding === 'gzip') {
      encodedNow = !page.gzip;
      page.gzip ??= gzipSync(page.json);
      body = page.gzip;
    }
    if (encoding) res.set('Content-Encoding', encoding);
  }
  res.set('Content-Length', String(body.length));
  res.end(body);
  return encodedNow;
}
