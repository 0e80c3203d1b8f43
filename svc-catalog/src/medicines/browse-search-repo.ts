import type { KeptOrder } from './browse-memo';
import { orderByOf, sortSpec, soonestSql, type Direction, type SortName } from './list-sql-repo';
import type { Db } from './repo';

/**
 * Up to this many matches of a search are gathered through the trigram indexes and sorted in
 * memory, in all four sorts at once. A search matching few rows clusters in the sort order (all
 * "كونكور…" names sit together), so walking the sort's index and filtering read 90,000 rows to
 * find 20 (200 ms); a term in 2.5% of the rows still read 4,000 to find 100 (13 ms), for each
 * sort, direction and deeper page. Gathering 4,169 matches in four orders took 34 ms, once for
 * all of them. A term matching more than the cap is common enough (10% and up) for the sort's
 * index to find a page quickly. Measurements: docs/history.md, "Browse, sixth pass".
 */
export const searchMatchCap = 5000;

/**
 * Searches (filters included) that matched more than the cap, for a few seconds. Only a shortcut:
 * walking the sort's index gives the right page for any search, just slower for a rare one.
 */
const commonSearches = new Map<string, number>();
const commonSearchTtlMs = 10_000;
const commonSearchesKept = 1000;

export function recentlyCommon(key: string): boolean {
  const until = commonSearches.get(key);
  if (until !== undefined && until > Date.now()) return true;
  if (until !== undefined) commonSearches.delete(key);
  return false;
}

export function rememberCommon(key: string) {
  if (commonSearches.size >= commonSearchesKept) commonSearches.delete(commonSearches.keys().next().value!);
  commonSearches.set(key, Date.now() + commonSearchTtlMs);
}

/** Up to `limit` of the distinct names (`catalog.listing_names`) matching a LIKE pattern. */
async function namesLike(db: Db, pattern: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>({
    name: 'browse-names-like',
    text: 'SELECT name FROM catalog.listing_names WHERE name ILIKE $1 LIMIT $2',
    values: [pattern, limit],
  });
  return rows.map((r) => r.name);
}

/**
 * `namesLike` for one browse, which asks for a term's names up to different limits (walking,
 * counting): read again only when the last read was cut at a lower limit. A read that found
 * fewer names than it allowed found them all.
 */
export function namesOfTerm(db: Db, pattern: string): (limit: number) => Promise<string[]> {
  let read: { limit: number; names: Promise<string[]> } | undefined;
  return async (limit) => {
    if (read && read.limit >= limit) return (await read.names).slice(0, limit);
    if (read && (await read.names).length < read.limit) return read.names;
    read = { limit, names: namesLike(db, pattern, limit) };
    return read.names;
  };
}

/**
 * All of a search's matches when they are few (at most `cap`), in the order of each of `sorts`
 * both ways (keyed by their ORDER BY), else undefined. PostgreSQL sorts them (its collation
 * decides name order); a reversed order is the same ids read from the end.
 */
export async function searchedOrders(
  db: Db,
  fromWhere: string,
  params: unknown[],
  cap: number,
  sorts: readonly SortName[],
): Promise<Map<string, KeptOrder> | undefined> {
  const natural = (sort: SortName): Direction => (sortSpec(sort).order === 'asc' ? 'ASC' : 'DESC');
  const keys = sorts.map((sort, i) => `${sortSpec(sort).column} AS k${i}`).join(', ');
  const aggregates = sorts
    .map((sort, i) => {
      const by = orderByOf(sort, natural(sort))
        .replace(sortSpec(sort).column, () => `k${i}`)
        .replace('m.id', 'id');
      return `COALESCE(array_agg(id ORDER BY ${by}), '{}') AS o${i}`;
    })
    .join(', ');
  const { rows } = await db.query<Record<string, number[]> & { n: number; soonest: number }>(
    `WITH matches AS MATERIALIZED (SELECT m.id, m.expiry_date AS e, ${keys} ${fromWhere} LIMIT ${Math.trunc(cap) + 1})
     SELECT count(*)::int AS n, ${soonestSql('e')} AS soonest, ${aggregates} FROM matches`,
    params,
  );
  const row = rows[0]!;
  if (row.n > cap) return undefined;
  const orders = new Map<string, KeptOrder>();
  const expiresAt = row.soonest;
  sorts.forEach((sort, i) => {
    const ids = row[`o${i}`]!;
    orders.set(orderByOf(sort, natural(sort)), { ids, complete: true, expiresAt });
    orders.set(orderByOf(sort, natural(sort) === 'ASC' ? 'DESC' : 'ASC'), {
      ids,
      complete: true,
      reversed: true,
      expiresAt,
    });
  });
  return orders;
}
