import type { ChangeFeed } from '@medrelay/service-kit';
import { LRUCache } from 'lru-cache';
import type { ListTotal } from './browse-repo';

// What browse learns about a list while nothing it reads has changed: the order of its first
// rows and its total. A browse page is then its ids sliced from the kept order and 20 rows read
// by primary key, whatever the page number, sort or search; the sort's index is walked (or a
// search's matches gathered) once per list, not once per page. The kept pages of browse-cache.ts
// only help a question asked twice; in the benchmark's mix 5,000 questions are 2,371 pages of
// only 546 lists of 100 filters. Like the kept pages, an entry is used only while the change
// feed has not moved since it was read (docs/design.md, "Lists remembered in order"), and only
// until the first listing it holds expires: stock leaves browse at its expiry instant, with no
// write to tell the feed. Nothing enters a list with the clock (urgent lists are kept per Cairo
// day), so with both rules an entry is never out of date and needs no short lifetime.

/** The first ids of a list in its order; `complete` when they are all of it. */
export interface KeptOrder {
  ids: readonly number[];
  complete: boolean;
  /** The sort key (as text) and id of the last id, where a walk of an incomplete order goes on. */
  last?: { key: string; id: number };
  /** The order is `ids` read from the end (a complete order's reverse shares its array). */
  reversed?: boolean;
  /** The soonest expiry among `ids` (ms since 1970; Infinity when none): the order is wrong from then. */
  expiresAt: number;
}

/** A total with the soonest expiry among the listings it counts (see `KeptOrder.expiresAt`). */
export type KeptTotal = ListTotal & { expiresAt: number };

/** The ids at positions `from` (included) to `to` (excluded) of the order. */
export function idsBetween(order: KeptOrder, from: number, to: number): number[] {
  if (!order.reversed) return order.ids.slice(from, to);
  const n = order.ids.length;
  return order.ids.slice(Math.max(0, n - to), Math.max(0, n - from)).reverse();
}

export interface BrowseMemo {
  /** The feed's version now (null: nothing may be kept or used). Read it before reading the data. */
  readonly version: number | null;
  order(key: string): KeptOrder | undefined;
  keepOrder(key: string, version: number | null, order: KeptOrder): void;
  total(key: string): KeptTotal | undefined;
  keepTotal(key: string, version: number | null, total: KeptTotal): void;
  /**
   * `work` run once for all callers asking for the same `key` at the same time: 200 callers
   * missing the same list in the same moment (after a change, or at start) gather it once, not
   * 200 times. The key must name everything the work reads, the feed's version included.
   */
  shared<T>(key: string, work: () => Promise<T>): Promise<T>;
}

interface Kept<T> {
  version: number;
  value: T;
}

export interface BrowseMemoOptions {
  /** Ids kept over all lists (4 bytes each in a packed array, ~40 in a JS array). */
  maxIds?: number;
  /** Kept at most this long; a safety bound only (entries are dropped by change and expiry). */
  ttlMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

/** Runs each key's work once at a time; callers arriving meanwhile share its outcome. */
export function sharedWork() {
  const running = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const under = running.get(key);
    if (under) return under as Promise<T>;
    const started = work().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}

export function createBrowseMemo(feed: ChangeFeed, options: BrowseMemoOptions = {}): BrowseMemo {
  const ttl = options.ttlMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  const orders = new LRUCache<string, Kept<KeptOrder>>({
    maxSize: options.maxIds ?? 2_000_000,
    sizeCalculation: (kept) => kept.value.ids.length + 8,
    ttl,
  });
  const totals = new LRUCache<string, Kept<KeptTotal>>({ max: 10_000, ttl });
  // Used only while the feed is where it was when the data was read and nothing in it expired.
  const current = <T extends { expiresAt: number }>(kept: Kept<T> | undefined) =>
    kept && kept.version === feed.version && now() < kept.value.expiresAt ? kept.value : undefined;
  // Kept only if nothing changed while it was read: a read across a change may have missed it.
  const keepable = (version: number | null): version is number =>
    version !== null && feed.version === version;
  return {
    get version() {
      return feed.version;
    },
    order: (key) => current(orders.get(key)),
    keepOrder(key, version, order) {
      if (keepable(version)) orders.set(key, { version, value: order });
    },
    total: (key) => current(totals.get(key)),
    keepTotal(key, version, total) {
      if (keepable(version)) totals.set(key, { version, value: total });
    },
    shared: sharedWork(),
  };
}

/** Keeps nothing (no change feed: every page is read afresh). */
export const noBrowseMemo: BrowseMemo = {
  version: null,
  order: () => undefined,
  keepOrder: () => undefined,
  total: () => undefined,
  keepTotal: () => undefined,
  shared: (_key, work) => work(),
};
