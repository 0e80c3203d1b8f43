import type { LatLng } from '@medrelay/domain/pickup-points';
import type { ChangeFeed } from '@medrelay/service-kit';
import { LRUCache } from 'lru-cache';
import { listingsOfNotice } from './browse-memo';

/** A caller's pickup point (null: none set), read from the users read model. */
export type PickupPointOf = (userId: number) => Promise<LatLng | null>;

/**
 * Browse reads the caller's pickup point on every call (a default point for nearest first).
 * It changes only with the caller's row in `catalog.users`, whose every change is announced on
 * the browse feed as "anything" (`*`, migration 016): points are kept until such a notice (or a
 * lost connection), not through the listing notices and this instance's listing writes that
 * come several times a second. Nothing is kept while the feed is not listening.
 */
export function keptPickupPoints(feed: ChangeFeed | null, load: PickupPointOf): PickupPointOf {
  if (!feed) return load;
  const kept = new LRUCache<number, { point: LatLng | null }>({ max: 100_000 });
  // Moves with every change that may concern users: a point read across one is not kept.
  let generation = 0;
  feed.onChange((change) => {
    if (listingsOfNotice(change) !== null) return;
    generation++;
    kept.clear();
  });
  return async (userId) => {
    const hit = feed.version === null ? undefined : kept.get(userId);
    if (hit) return hit.point;
    const before = generation;
    const point = await load(userId);
    if (feed.version !== null && generation === before) kept.set(userId, { point });
    return point;
  };
}
