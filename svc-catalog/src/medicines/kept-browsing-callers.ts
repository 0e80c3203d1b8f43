import type { LatLng } from '@medrelay/domain/pickup-points';
import type { ChangeFeed } from '@medrelay/service-kit';
import { LRUCache } from 'lru-cache';
import { listingsOfNotice } from './browse-memo';

/** What browse reads of its caller in the users read model. */
export interface BrowsingCaller {
  /** Where nearest first starts from (null: none set). */
  point: LatLng | null;
  /** Whether a donor's listings may go to them (libs/domain `mayReceiveDonations`). */
  receivesDonations: boolean;
}
export type BrowsingCallerOf = (userId: number) => Promise<BrowsingCaller>;

/**
 * Browse reads its caller on every call (a default point for nearest first, whether donations
 * are shown).
 * It changes only with the caller's row in `catalog.users`, whose every change is announced on
 * the browse feed as "anything" (`*`, migration 016): callers are kept until such a notice (or a
 * lost connection), not through the listing notices and this instance's listing writes that
 * come several times a second. Nothing is kept while the feed is not listening.
 */
export function keptBrowsingCallers(feed: ChangeFeed | null, load: BrowsingCallerOf): BrowsingCallerOf {
  if (!feed) return load;
  const kept = new LRUCache<number, BrowsingCaller>({ max: 100_000 });
  // Moves with every change that may concern users: a caller read across one is not kept.
  let generation = 0;
  feed.onChange((change) => {
    if (listingsOfNotice(change) !== null) return;
    generation++;
    kept.clear();
  });
  return async (userId) => {
    const hit = feed.version === null ? undefined : kept.get(userId);
    if (hit) return hit;
    const before = generation;
    const caller = await load(userId);
    if (feed.version !== null && generation === before) kept.set(userId, caller);
    return caller;
  };
}
