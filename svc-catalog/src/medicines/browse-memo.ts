import { syncNoticePrefix, type ChangeFeed, type FeedChange } from '@medrelay/service-kit';
import { LRUCache } from 'lru-cache';
import type { ListTotal } from './list-totals-repo';

// What browse learns about a list: the order of its first rows and its total. A browse page is
// then its ids sliced from the kept order and 20 rows read by primary key, whatever the page
// number, sort or search; the sort's index is walked (or a search's matches gathered) once per
// list, not once per page. The kept pages of browse-cache.ts only help a question asked twice;
// in the benchmark's mix 5,000 questions are 2,371 pages of only 546 lists of 100 filters.
// An entry is used only while it is known right: the change feed's notices name the listings
// each write changed, and an entry read before some of them is checked when next asked for:
// still right if none of them was among its ids or is in its list now (for a walked order: up
// to its last id). A write thus costs the lists still asked for one probe each, and sends back
// to the database only those it touched (docs/browse.md, "What is kept"). And an
// entry is used only until the first listing it holds expires: stock leaves browse at its expiry
// instant, with no write to tell the feed. Nothing enters a list with the clock (urgent lists are
// kept per Cairo day), so with both rules an entry is never out of date and needs no short lifetime.

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
  /** The sort an incomplete order was walked in: a listing sorting after `last` is not in it. */
  walkedBy?: { sort: string; direction: 'ASC' | 'DESC' };
}

/** A total with the soonest expiry among the listings it counts (see `KeptOrder.expiresAt`). */
export type KeptTotal = ListTotal & { expiresAt: number };

/** The ids at positions `from` (included) to `to` (excluded) of the order. */
export function idsBetween(order: KeptOrder, from: number, to: number): number[] {
  if (!order.reversed) return order.ids.slice(from, to);
  const n = order.ids.length;
  return order.ids.slice(Math.max(0, n - to), Math.max(0, n - from)).reverse();
}

/** A list's filter as browse-repo.ts reads it: what tells whether a listing is in it now. */
export interface ListFilter {
  /** The list's key (view, filter and parameters, without the sort). */
  key: string;
  /** `FROM catalog.medicines m WHERE …` over `params`, as fit for a few given rows. */
  fromWhere: string;
  params: readonly unknown[];
}

/** A kept list to check against changed listings; with `order`, only as far as its kept ids reach. */
export interface MembershipCheck {
  list: ListFilter;
  order?: KeptOrder;
}

/**
 * Of each check, the listings among `ids` in its list now (for an incomplete order walked by a
 * sort: those sorting up to its last id, the only ones that would be among its ids).
 */
export type ListMembership = (
  checks: readonly MembershipCheck[],
  ids: readonly number[],
) => Promise<Array<Set<number>>>;

export interface BrowseMemo {
  /** The feed's version now (null: nothing may be kept or used). Read it before reading the data. */
  readonly version: number | null;
  /** Resolves once this instance's own changes have been heard (kept entries are then checked as asked for). */
  settled(): Promise<void>;
  /** The order kept under `key` if it is still right (checked against changes heard since it was read). */
  order(key: string): Promise<KeptOrder | undefined>;
  keepOrder(key: string, version: number | null, order: KeptOrder, list: ListFilter): void;
  total(key: string): Promise<KeptTotal | undefined>;
  keepTotal(key: string, version: number | null, total: KeptTotal, list: ListFilter): void;
  /**
   * `work` run once for all callers asking for the same `key` at the same time: 200 callers
   * missing the same list in the same moment (after a change, or at start) gather it once, not
   * 200 times. The key must name everything the work reads, the feed's version included.
   */
  shared<T>(key: string, work: () => Promise<T>): Promise<T>;
}

interface Kept<T> {
  /** The feed's version this entry is known right at (moved on when a change leaves it right). */
  version: number;
  value: T;
  list: ListFilter;
}

export interface BrowseMemoOptions {
  /** Ids kept over all lists (4 bytes each in a packed array, ~40 in a JS array). */
  maxIds?: number;
  /** Kept at most this long; a safety bound only (entries are dropped by change and expiry). */
  ttlMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
  /**
   * Which changed listings are in which lists now. With it, a notice naming listings drops only
   * the lists holding one of them before or after the change; without it, any change drops all.
   */
  membership?: ListMembership;
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

/** The listings a notice names (`m:1,2,3`), or null when it may concern any (`*`, or unknown). */
export function listingsOfNotice(change: FeedChange): number[] | null | 'none' {
  if (change === 'lost') return null;
  if (change === 'bump') return 'none';
  const { notice } = change;
  if (notice.startsWith('m:')) {
    const ids = notice.slice(2).split(',').map(Number);
    return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? ids : null;
  }
  // A sync mark (this instance's or another's) or an empty notice: nothing changed with it.
  if (notice.startsWith(syncNoticePrefix) || notice === '') return 'none';
  return null;
}

/** The ids of an order as a set, made once per array (a reversed order shares its array). */
const idSets = new WeakMap<readonly number[], Set<number>>();
function idSetOf(ids: readonly number[]): Set<number> {
  let set = idSets.get(ids);
  if (!set) idSets.set(ids, (set = new Set(ids)));
  return set;
}

/** How many notices are remembered for checking what was kept before them. */
const noticesKept = 2000;

export function createBrowseMemo(feed: ChangeFeed, options: BrowseMemoOptions = {}): BrowseMemo {
  const ttl = options.ttlMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  const orders = new LRUCache<string, Kept<KeptOrder>>({
    maxSize: options.maxIds ?? 2_000_000,
    sizeCalculation: (kept) => kept.value.ids.length + 8,
    ttl,
  });
  const totals = new LRUCache<string, Kept<KeptTotal>>({ max: 10_000, ttl });
  // Kept only if nothing changed while it was read: a read across a change may have missed it.
  const keepable = (version: number | null): version is number =>
    version !== null && feed.version === version;

  // The listings each notice named, by the feed's version after it (null: any listing). An
  // entry read at version v is right now if no listing named after v is, or was, in it; it is
  // checked when next asked for, so a write costs one probe per list still in use, not a
  // gathering per list (docs/browse.md, "What is kept").
  const heard: Array<{ version: number; ids: readonly number[] | null }> = [];
  // Entries read before this version cannot be checked any more (their notices were let go).
  let floor = feed.version ?? 0;
  let latest = floor;
  let syncing: Promise<void> | undefined;
  let syncAgain = false;

  const idsSince = (version: number): Set<number> | null => {
    const ids = new Set<number>();
    for (let i = heard.length - 1; i >= 0 && heard[i]!.version > version; i--) {
      const named = heard[i]!.ids;
      if (!named) return null;
      for (const id of named) ids.add(id);
    }
    return ids;
  };

  const sync = async () => {
    do {
      syncAgain = false;
      try {
        await feed.sync();
      } catch {
        // Not heard: nothing kept so far is used again, nor anything read until the next change.
        orders.clear();
        totals.clear();
        floor = latest + 1;
      }
    } while (syncAgain);
  };

  feed.onChange((change, version) => {
    latest = version;
    if (change === 'bump') {
      // This instance wrote: its change's notice is heard once a notice sent after it is, and
      // nothing kept is used meanwhile (settled).
      if (syncing) syncAgain = true;
      else syncing = sync().finally(() => (syncing = undefined));
      return;
    }
    const ids = listingsOfNotice(change);
    if (ids === 'none') return;
    if (ids === null || (ids.length > 0 && !options.membership)) heard.push({ version, ids: null });
    else heard.push({ version, ids });
    if (heard.length > noticesKept) floor = heard.splice(0, noticesKept / 2).at(-1)!.version;
  });

  const checks = sharedWork();

  /** The entry if it is right now (checked against what was heard since it was read), else undefined. */
  async function current<T extends KeptOrder | KeptTotal>(
    cache: LRUCache<string, Kept<T>>,
    key: string,
    isOrder: boolean,
  ): Promise<T | undefined> {
    for (;;) {
      const kept = cache.get(key);
      const target = feed.version;
      if (!kept || target === null) return undefined;
      if (now() >= kept.value.expiresAt || kept.version < floor) return void cache.delete(key);
      if (kept.version === target) return kept.value;
      const ids = idsSince(kept.version);
      let stays = ids !== null;
      if (ids?.size) {
        // A counted total may have counted a changed listing before the change: not known here.
        if (!isOrder) stays = false;
        else {
          const order = kept.value as KeptOrder;
          const wasIn = idSetOf(order.ids);
          stays = ![...ids].some((id) => wasIn.has(id));
          if (stays) {
            const prefix = !order.complete && order.last && order.walkedBy;
            const inNow = await checks(`${key}\u0000${target}`, () =>
              options.membership!([prefix ? { list: kept.list, order } : { list: kept.list }], [...ids]),
            );
            stays = inNow[0]!.size === 0;
          }
        }
      }
      if (cache.peek(key) !== kept) continue; // replaced meanwhile: look again
      if (!stays) return void cache.delete(key);
      kept.version = Math.max(kept.version, target);
    }
  }

  return {
    get version() {
      return feed.version;
    },
    settled: () => syncing ?? Promise.resolve(),
    order: (key) => current(orders, key, true),
    keepOrder(key, version, order, list) {
      if (keepable(version)) orders.set(key, { version, value: order, list });
    },
    total: (key) => current(totals, key, false),
    keepTotal(key, version, total, list) {
      if (keepable(version)) totals.set(key, { version, value: total, list });
    },
    shared: sharedWork(),
  };
}

/** Keeps nothing (no change feed: every page is read afresh). */
export const noBrowseMemo: BrowseMemo = {
  version: null,
  settled: () => Promise.resolve(),
  order: async () => undefined,
  keepOrder: () => undefined,
  total: async () => undefined,
  keepTotal: () => undefined,
  shared: (_key, work) => work(),
};
