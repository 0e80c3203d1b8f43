import type { ChangeFeed } from '@medrelay/service-kit';
import { LRUCache } from 'lru-cache';
import type { ListTotal } from './browse-repo';

// What browse learns about a list while nothing it reads has changed: the order of its first
// rows and its total. A browse page is then its ids sliced from the kept order and 20 rows read
// by primary key, whatever the page number, sort or search; the sort's index is walked (or a
// search's matches gathered) once per list, not once per page. The kept pages of browse-cache.ts
// only help a question asked twice; in the benchmark's mix 5,000 questions are 2,371 pages of
// only 546 lists of 100 filters. Like the kept pages, an entry is used only while the change
// feed has not moved since it was read (docs/design.md, "Lists remembered in order").

/** The first ids of a list in its order; `complete` when they are all of it. */
export interface KeptOrder {
  ids: readonly number[];
  complete: boolean;
  /** The sort key (as text) and id of the last id, where a walk of an incomplete order goes on. */
  last?: { key: string; id: number };
  /** The order is `ids` read from the end (a complete order's reverse shares its array). */
  reversed?: boolean;
}

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
  total(key: string): ListTotal | undefined;
  keepTotal(key: string, version: number | null, total: ListTotal): void;
}

interface Kept<T> {
  version: number;
  value: T;
}

export interface BrowseMemoOptions {
  /** Ids kept over all lists (4 bytes each in a packed array, ~40 in a JS array). */
  maxIds?: number;
  /** Kept at most this long: expiry and days left move with the clock too. */
  ttlMs?: number;
}

export function createBrowseMemo(feed: ChangeFeed, options: BrowseMemoOptions = {}): BrowseMemo {
  const ttl = options.ttlMs ?? 30_000;
  const orders = new LRUCache<string, Kept<KeptOrder>>({
    maxSize: options.maxIds ?? 2_000_000,
    sizeCalculation: (kept) => kept.value.ids.length + 8,
    ttl,
  });
  const totals = new LRUCache<string, Kept<ListTotal>>({ max: 10_000, ttl });
  // Used only while the feed is where it was when the data was read.
  const current = <T>(kept: Kept<T> | undefined) =>
    kept && kept.version === feed.version ? kept.value : undefined;
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
  };
}

/** Keeps nothing (no change feed: every page is read afresh). */
export const noBrowseMemo: BrowseMemo = {
  version: null,
  order: () => undefined,
  keepOrder: () => undefined,
  total: () => undefined,
  keepTotal: () => undefined,
};
