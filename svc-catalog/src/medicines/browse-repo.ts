import type { AdminMedicineQuery, MedicineBrowseQuery, RecipientType } from '@medrelay/contracts';
import { cairoDayNumber, dosageFormsMatching, expiryClassSql, urgentThresholdDays } from '@medrelay/domain';
import {
  idsBetween,
  noBrowseMemo,
  type BrowseMemo,
  type KeptOrder,
  type KeptTotal,
  type ListFilter,
  type ListMembership,
} from './browse-memo';
import { availableSql, daysLeftSql, selectMedicines, type Db, type MedicineRow } from './repo';

// Browse and the admin listing: one page of a large list with its total (exact while small,
// else the planner's estimate). Measurements: docs/design.md, "Browse at national scale".

const sortColumns = {
  expiry: { column: 'm.expiry_date', order: 'asc', type: 'timestamptz' },
  name: { column: 'lower(m.name)', order: 'asc', type: 'text' },
  // Free (no discount price) sorts as the cheapest.
  price: { column: 'COALESCE(m.discount_price, 0)', order: 'asc', type: 'numeric' },
  quantity: { column: 'm.quantity', order: 'desc', type: 'int' },
} as const;
type SortName = keyof typeof sortColumns;
const sortNames = Object.keys(sortColumns) as SortName[];
type Direction = 'ASC' | 'DESC';

/**
 * A sort's key in `direction`, ties by id in the sort's direction: the reversed order is exactly
 * the default one read backwards (one index serves both).
 */
function orderByOf(sort: SortName, direction: Direction): string {
  const { column, order } = sortColumns[sort];
  return `${column} ${direction}, m.id ${direction === order.toUpperCase() ? 'ASC' : 'DESC'}`;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Up to how many matches a total is counted exactly; above it the planner's estimate is sent. */
export const defaultExactTotalUpTo = 500;

/** The size of a list: exact, or the planner's estimate once the list is larger than worth counting. */
export interface ListTotal {
  total: number;
  estimated: boolean;
}

/**
 * Estimates already made, per filter, for a few seconds: a busy browse asks the same few
 * large lists all the time, and an estimate may lag a little anyway. Small lists (exact
 * totals) are never cached: they must follow every change.
 */
const estimates = new Map<string, { total: number; until: number }>();
const estimateTtlMs = 10_000;
const estimatesKept = 1000;

function cachedEstimate(key: string): number | undefined {
  const hit = estimates.get(key);
  if (hit && hit.until > Date.now()) return hit.total;
  if (hit) estimates.delete(key);
  return undefined;
}

function keepEstimate(key: string, total: number) {
  // Oldest first out (a Map iterates in insertion order).
  if (estimates.size >= estimatesKept) estimates.delete(estimates.keys().next().value!);
  estimates.set(key, { total, until: Date.now() + estimateTtlMs });
}

/** The soonest of a set of expiry instants, in ms (Infinity when there are none): `column` is aggregated. */
const soonestSql = (column: string) =>
  `COALESCE(extract(epoch FROM min(${column})) * 1000, 'Infinity')::float8`;

/**
 * The total of `fromWhere` (a `FROM … WHERE …` clause over `catalog.medicines m`): exact while
 * the list is small (at most `upTo` matches, counted with a LIMIT so counting stops there), with
 * the soonest expiry among them; above that the planner's row estimate (never below what was
 * counted), since counting 60,000 rows for a pager costs more than the page itself.
 */
async function cappedTotal(db: Db, fromWhere: string, params: unknown[], upTo: number): Promise<KeptTotal> {
  const key = `${upTo}\u0000${fromWhere}\u0000${JSON.stringify(params)}`;
  const cached = cachedEstimate(key);
  if (cached !== undefined) return { total: cached, estimated: true, expiresAt: Infinity };
  const counted = await db.query<{ n: number; soonest: number }>(
    `SELECT count(*)::int AS n, ${soonestSql('e')} AS soonest
       FROM (SELECT m.expiry_date AS e ${fromWhere} LIMIT ${Math.trunc(upTo) + 1}) page`,
    params,
  );
  const { n, soonest } = counted.rows[0]!;
  if (n <= upTo) return { total: n, estimated: false, expiresAt: soonest };
  const plan = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`,
    params,
  );
  const total = Math.max(n, Math.round(plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows']));
  keepEstimate(key, total);
  // An estimate is approximate anyway: a listing of it expiring does not make it wrong.
  return { total, estimated: true, expiresAt: Infinity };
}

/**
 * One page (`pageSql`, its limit and offset after `params`) with the total of `fromWhere`. A
 * page not full tells the exact total by itself (no count); a page past the end (stock went
 * meanwhile) gets the exact total, so the screen can move back.
 */
async function pageWithTotal(
  db: Db,
  pageSql: string,
  fromWhere: string,
  params: unknown[],
  { page, pageSize }: { page: number; pageSize: number },
  exactTotalUpTo: number,
): Promise<{ rows: MedicineRow[] } & ListTotal> {
  const offset = (page - 1) * pageSize;
  const { rows } = await db.query<MedicineRow>(pageSql, [...params, pageSize, offset]);
  if (rows.length > 0 && rows.length < pageSize)
    return { rows, total: offset + rows.length, estimated: false };
  if (rows.length === 0 && page > 1) {
    const exact = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${fromWhere}`, params);
    return { rows, total: exact.rows[0]!.n, estimated: false };
  }
  if (rows.length === 0) return { rows, total: 0, estimated: false };
  const { total, estimated } = await cappedTotal(db, fromWhere, params, exactTotalUpTo);
  return { rows, total, estimated };
}

/** The rows of a page of ids (CTE `page`) with their owners. */
const selectPage = selectMedicines.replace(
  'FROM catalog.medicines m',
  'FROM page JOIN catalog.medicines m ON m.id = page.id',
);

/**
 * Owners suspended (or otherwise not approved) hide their stock; unknown owners do not. The few
 * such owners are read once per statement (an InitPlan through the partial index
 * `users_not_approved`) instead of one anti-join probe per row walked: a walk of 300 rows read
 * 422 buffers instead of 736 (docs/design.md, "Browse, sixth pass").
 */
const ownerNotSuspended = `m.owner_id <> ALL(ARRAY(SELECT id FROM catalog.users WHERE status <> 'approved'))`;

/** What browse may use besides the database; all optional (tests pass limits, the service its memo). */
export interface BrowseOptions {
  exactTotalUpTo?: number;
  searchCap?: number;
  /** Orders and totals of lists kept while nothing changed (browse-memo.ts). */
  memo?: BrowseMemo;
  /**
   * Who sees the same rows as the caller (`browseViewOf`): what is kept is shared within it. An
   * NGO owns no stock, so excluding its own changes nothing and every NGO shares one view.
   */
  view?: string;
  /** Ids read at least when a sort's index is walked: the first pages come in one walk. */
  walkAtLeast?: number;
}

/** Past this many ids (page × size) a page is read with OFFSET instead of from a kept order. */
export const keptOrderMaxIds = 5000;

/** How long a page read with OFFSET stays right at most: its total may count listings that expire. */
const deepPageKeptMs = 30_000;

/**
 * A browse page: its rows, the list's total, and until when both stay right if nothing changes.
 * `stillRight`, for a page made from a kept order (and total), tells whether they are still kept
 * as they were: a change that leaves the list alone leaves its pages right too.
 */
export type BrowsePage = {
  rows: MedicineRow[];
  expiresAt: number;
  stillRight?: () => Promise<boolean>;
} & ListTotal;

/**
 * Available medicines (isAvailable, quantity above 0, not expired) offered to the caller's role,
 * other than the caller's own, from owners not suspended. One page plus the total.
 * The page's ids come from the list's order (kept, else read through the sort's index or from
 * a rare search's matches) and only those rows are read with their owners.
 */
export async function browseMedicines(
  db: Db,
  callerId: number,
  visible: readonly RecipientType[],
  query: MedicineBrowseQuery,
  options: BrowseOptions = {},
): Promise<BrowsePage> {
  const { exactTotalUpTo = defaultExactTotalUpTo, searchCap = searchMatchCap, memo = noBrowseMemo } = options;
  // What is kept is checked against the changes heard so far before it is used.
  await memo.settled();
  // Read before any data: what is read after a change is kept under the older version and dropped.
  const version = memo.version;
  const params: unknown[] = [callerId, visible];
  const where = [availableSql, 'm.owner_id <> $1', 'm.recipient_type = ANY($2)', ownerNotSuspended];
  let searchOfRows: [string, string] | undefined;
  if (query.recipientType) {
    // "Offered to pharmacies" includes listings offered to both.
    const n = params.push(query.recipientType);
    where.push(
      query.recipientType === 'both' ? `m.recipient_type = $${n}` : `m.recipient_type IN ($${n}, 'both')`,
    );
  }
  if (query.q) {
    // The names containing the term, from the few distinct ones (migration 011); the listings
    // carrying them then come through the name index, in name order.
    const n = params.push(likePattern(query.q));
    const named = `lower(m.name) = ANY(ARRAY(SELECT name FROM catalog.listing_names WHERE name ILIKE $${n}))`;
    // The type is a key: the search matches its labels in both languages (libs/domain).
    const forms = dosageFormsMatching(query.q);
    const clause = forms.length ? `(${named} OR m.type = ANY($${params.push(forms)}::text[]))` : named;
    where.push(clause);
    // For a few given rows, the same search is a plain match: listing_names holds every name a
    // listing carries (its triggers), so the name is among those matching iff it matches.
    // (Replaced through functions: a replacement string would read `$3` as a pattern.)
    searchOfRows = [clause, clause.replace(named, () => `m.name ILIKE $${n}`)];
  }
  if (query.source) where.push(`m.source = $${params.push(query.source)}`);
  if (query.urgent) {
    // Days left decides (Cairo days); the wider interval keeps the expiry index usable.
    const n = params.push(urgentThresholdDays);
    where.push(`m.expiry_date <= now() + make_interval(days => $${n} + 1)`, `${daysLeftSql} <= $${n}`);
  }
  const fromWhere = `FROM catalog.medicines m WHERE ${where.join(' AND ')}`;
  const direction: Direction = (query.order ?? sortColumns[query.sort].order) === 'desc' ? 'DESC' : 'ASC';
  const orderBy = orderByOf(query.sort, direction);
  const offset = (query.page - 1) * query.pageSize;
  const upTo = offset + query.pageSize;
  if (upTo > keptOrderMaxIds) {
    // A page this deep is rare: read with OFFSET rather than carry its ids.
    const limit = params.length + 1;
    const page = await pageWithTotal(
      db,
      `WITH page AS (SELECT m.id ${fromWhere} ORDER BY ${orderBy} LIMIT $${limit} OFFSET $${limit + 1})
       ${selectPage} ORDER BY ${orderBy}`,
      fromWhere,
      params,
      query,
      exactTotalUpTo,
    );
    const soonest = Math.min(...page.rows.map((row) => row.expiry_date.getTime()));
    return { ...page, expiresAt: Math.min(soonest, Date.now() + deepPageKeptMs) };
  }

  // $1 (the caller) is what the view stands for. An urgent list gains listings as the Cairo day
  // turns (days left shrink with no write): it is kept per day.
  const day = query.urgent ? `\u0000day:${cairoDayNumber(new Date())}` : '';
  const listKey = `${options.view ?? `caller:${callerId}`}\u0000${fromWhere}\u0000${JSON.stringify(params.slice(1))}${day}`;
  const orderKeyOf = (by: string) => `${listKey}\u0000${by}`;
  // What tells whether given listings are in the list (browse-memo.ts checks changed ones).
  const rowFromWhere = searchOfRows ? fromWhere.replace(searchOfRows[0], () => searchOfRows[1]) : fromWhere;
  const list: ListFilter = { key: listKey, fromWhere: rowFromWhere, params };
  let order = await memo.order(orderKeyOf(orderBy));
  if (!order || (!order.complete && order.ids.length < upTo)) {
    const known = order;
    order = undefined;
    // A term found common a moment ago walks the sort's index straight away: gathering its
    // first `searchCap` matches again would only show it is still common.
    const searchKey = `${searchCap}\u0000${fromWhere}\u0000${JSON.stringify(params.slice(1))}`; // not per caller
    if (query.q && !known && !recentlyCommon(searchKey)) {
      // Every sort of the search, both ways, from one gathering when they can be kept: the other
      // sorts of the same search then cost no query. Else only the sort asked for.
      const sorts = memo.version === null ? [query.sort] : sortNames;
      const orders = await memo.shared(`gather\u0000${version}\u0000${listKey}\u0000${sorts.join()}`, () =>
        searchedOrders(db, fromWhere, params, searchCap, sorts),
      );
      if (!orders) rememberCommon(searchKey);
      else {
        for (const [by, kept] of orders) memo.keepOrder(orderKeyOf(by), version, kept, list);
        order = orders.get(orderBy)!;
      }
    }
    if (!order) {
      // A deeper page continues the walk where the kept order ends, reading at least as many
      // ids again: a list paged to 800 ids is walked 100 + 100 + 200 + 400, not 100 + … + 800 each time.
      const walk = { sort: query.sort, direction, orderBy };
      const want = Math.min(
        keptOrderMaxIds,
        Math.max(upTo, options.walkAtLeast ?? 100, 2 * (known?.ids.length ?? 0)),
      );
      order = await memo.shared(
        `walk\u0000${version}\u0000${orderKeyOf(orderBy)}\u0000${known?.ids.length ?? 0}\u0000${want}`,
        () =>
          known?.last
            ? continuedOrder(db, fromWhere, walk, params, known, want)
            : walkedOrder(db, fromWhere, walk, params, want),
      );
      memo.keepOrder(orderKeyOf(orderBy), version, order, list);
    }
  }
  const rows = await rowsInOrder(db, idsBetween(order, offset, upTo));
  const orderKey = orderKeyOf(orderBy);
  const used = order;
  // All of the list is known: its total is exact (also past the end, so the screen can move back).
  if (order.complete) {
    return {
      rows,
      total: order.ids.length,
      estimated: false,
      expiresAt: order.expiresAt,
      stillRight: async () => (await memo.order(orderKey)) === used,
    };
  }
  const kept = (await memo.total(listKey)) ?? (await cappedTotal(db, fromWhere, params, exactTotalUpTo));
  // An exact total must follow every change; estimates are kept by time in cappedTotal.
  if (!kept.estimated) memo.keepTotal(listKey, version, kept, list);
  const { total, estimated, expiresAt } = kept;
  return {
    rows,
    total,
    estimated,
    expiresAt: Math.min(order.expiresAt, expiresAt),
    stillRight: async () =>
      (await memo.order(orderKey)) === used && (estimated || (await memo.total(listKey)) === kept),
  };
}

interface Walk {
  sort: SortName;
  direction: Direction;
  orderBy: string;
}

/** The first `upTo` ids of the list in its order, through the sort's index. */
async function walkedOrder(
  db: Db,
  fromWhere: string,
  walk: Walk,
  params: unknown[],
  upTo: number,
): Promise<KeptOrder> {
  return walked(db, fromWhere, walk, params, '', [], Infinity, upTo);
}

/** `order` walked on to `upTo` ids from its last one (keyset: the last key and id). */
async function continuedOrder(
  db: Db,
  fromWhere: string,
  walk: Walk,
  params: unknown[],
  order: KeptOrder,
  upTo: number,
): Promise<KeptOrder> {
  return walked(
    db,
    fromWhere,
    walk,
    [...params, order.last!.key, order.last!.id],
    ` AND ${afterLastSql(walk, params.length + 1)}`,
    order.ids,
    order.expiresAt,
    upTo - order.ids.length,
  );
}

/**
 * The listings that sort after the last id of a walk (keyset: the last key is `$k`, its id
 * `$k+1`). `key ≥ last` lets the index start there; the tie on the key is broken by id as the
 * order does.
 */
function afterLastSql(walk: { sort: SortName; direction: Direction }, k: number): string {
  const { column, order: natural, type } = sortColumns[walk.sort];
  const keyAscends = walk.direction === 'ASC';
  const idAscends = walk.direction === natural.toUpperCase();
  return (
    `${column} ${keyAscends ? '>=' : '<='} $${k}::${type}` +
    ` AND (${column} ${keyAscends ? '>' : '<'} $${k}::${type} OR m.id ${idAscends ? '>' : '<'} $${k + 1})`
  );
}

/** Up to `limit` ids of the list after `before` (the keyset condition `after`), with the last key. */
async function walked(
  db: Db,
  fromWhere: string,
  walk: Walk,
  params: unknown[],
  after: string,
  before: readonly number[],
  beforeExpiresAt: number,
  limit: number,
): Promise<KeptOrder> {
  const { rows } = await db.query<{ id: number; k: string; e: number }>(
    `SELECT m.id, (${sortColumns[walk.sort].column})::text AS k,
            (extract(epoch FROM m.expiry_date) * 1000)::float8 AS e ${fromWhere}${after}
      ORDER BY ${walk.orderBy} LIMIT $${params.length + 1}`,
    [...params, limit],
  );
  const last = rows.at(-1);
  let expiresAt = beforeExpiresAt;
  for (const row of rows) expiresAt = Math.min(expiresAt, row.e);
  return {
    ids: [...before, ...rows.map((r) => r.id)],
    complete: rows.length < limit,
    last: last ? { key: last.k, id: last.id } : undefined,
    expiresAt,
    walkedBy: { sort: walk.sort, direction: walk.direction },
  };
}

/** The listings of `ids` with their owners, in the order of `ids`. */
async function rowsInOrder(db: Db, ids: readonly number[]): Promise<MedicineRow[]> {
  if (ids.length === 0) return [];
  // Named: each connection plans it once (about half of this statement's cost was planning).
  const { rows } = await db.query<MedicineRow>({
    name: 'browse-rows-by-id',
    text: `${selectMedicines} WHERE m.id = ANY($1)`,
    values: [ids],
  });
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/** Lists checked in one statement at most (each adds its parameters; PostgreSQL takes 65,535). */
const listsPerCheck = 200;

/**
 * Which of `ids` are in each list now: every list's filter applied to those listings only, all
 * lists in one statement (its own parameters renumbered after the ids), so a write costs the
 * kept lists one probe by primary key each rather than a gathering each.
 */
export function listMembership(db: Db): ListMembership {
  return async (checks, ids) => {
    const found = checks.map(() => new Set<number>());
    for (let from = 0; from < checks.length; from += listsPerCheck) {
      const chunk = checks.slice(from, from + listsPerCheck);
      const params: unknown[] = [ids];
      const parts = chunk.map(({ list, order }, i) => {
        const shift = params.length;
        params.push(...list.params);
        const where = list.fromWhere.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
        let within = '';
        if (order?.last && order.walkedBy && !order.complete) {
          const walk = order.walkedBy as { sort: SortName; direction: Direction };
          within = ` AND NOT (${afterLastSql(walk, params.length + 1)})`;
          params.push(order.last.key, order.last.id);
        }
        return `SELECT ${from + i} AS c, m.id ${where} AND m.id = ANY($1::int[])${within}`;
      });
      const { rows } = await db.query<{ c: number; id: number }>(parts.join(' UNION ALL '), params);
      for (const { c, id } of rows) found[c]!.add(id);
    }
    return found;
  };
}

/**
 * Up to this many matches of a search are gathered through the trigram indexes and sorted in
 * memory, in all four sorts at once. A search matching few rows clusters in the sort order (all
 * "كونكور…" names sit together), so walking the sort's index and filtering read 90,000 rows to
 * find 20 (200 ms); a term in 2.5% of the rows still read 4,000 to find 100 (13 ms), for each
 * sort, direction and deeper page. Gathering 4,169 matches in four orders took 34 ms, once for
 * all of them. A term matching more than the cap is common enough (10% and up) for the sort's
 * index to find a page quickly. Measurements: docs/design.md, "Browse, sixth pass".
 */
export const searchMatchCap = 5000;

/**
 * Searches (filters included) that matched more than the cap, for a few seconds. Only a shortcut:
 * walking the sort's index gives the right page for any search, just slower for a rare one.
 */
const commonSearches = new Map<string, number>();
const commonSearchTtlMs = 10_000;

function recentlyCommon(key: string): boolean {
  const until = commonSearches.get(key);
  if (until !== undefined && until > Date.now()) return true;
  if (until !== undefined) commonSearches.delete(key);
  return false;
}

function rememberCommon(key: string) {
  if (commonSearches.size >= estimatesKept) commonSearches.delete(commonSearches.keys().next().value!);
  commonSearches.set(key, Date.now() + commonSearchTtlMs);
}

/**
 * All of a search's matches when they are few (at most `cap`), in the order of each of `sorts`
 * both ways (keyed by their ORDER BY), else undefined. PostgreSQL sorts them (its collation
 * decides name order); a reversed order is the same ids read from the end.
 */
async function searchedOrders(
  db: Db,
  fromWhere: string,
  params: unknown[],
  cap: number,
  sorts: readonly SortName[],
): Promise<Map<string, KeptOrder> | undefined> {
  const natural = (sort: SortName): Direction => (sortColumns[sort].order === 'asc' ? 'ASC' : 'DESC');
  const keys = sorts.map((sort, i) => `${sortColumns[sort].column} AS k${i}`).join(', ');
  const aggregates = sorts
    .map((sort, i) => {
      const by = orderByOf(sort, natural(sort))
        .replace(sortColumns[sort].column, `k${i}`)
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

/**
 * One page of every listing matching the admin filters, with the total over all pages (capped
 * like browse). `q` searches name and type through their trigram indexes and the owner's name
 * through the users' one, as one list of ids.
 */
export async function listAllMedicines(
  db: Db,
  query: AdminMedicineQuery,
  /** The expiry warning window (the setting): where "expiring soon" ends. */
  warningDays: number,
  exactTotalUpTo = defaultExactTotalUpTo,
): Promise<{ rows: MedicineRow[] } & ListTotal> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.q) {
    const n = params.push(likePattern(query.q));
    const k = params.push(dosageFormsMatching(query.q));
    where.push(`m.id IN (SELECT id FROM catalog.medicines WHERE name ILIKE $${n}
                         UNION SELECT id FROM catalog.medicines WHERE type = ANY($${k}::text[])
                         UNION SELECT mo.id FROM catalog.medicines mo JOIN catalog.users ou ON ou.id = mo.owner_id
                                WHERE ou.name ILIKE $${n})`);
  }
  if (query.source) where.push(`m.source = $${params.push(query.source)}`);
  if (query.available !== undefined) {
    where.push(query.available ? availableSql : `NOT ${availableSql}`);
  }
  // The window bound is a whole number from the settings: written in, since "expired" does not
  // use it and PostgreSQL refuses a parameter no statement part types.
  if (query.expiry) where.push(expiryClassSql(query.expiry, daysLeftSql, String(Math.trunc(warningDays))));
  const fromWhere = `FROM catalog.medicines m${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  const limit = params.length + 1;
  return pageWithTotal(
    db,
    `WITH page AS (SELECT m.id ${fromWhere} ORDER BY m.created_at DESC, m.id DESC LIMIT $${limit} OFFSET $${limit + 1})
     ${selectPage} ORDER BY m.created_at DESC, m.id DESC`,
    fromWhere,
    params,
    query,
    exactTotalUpTo,
  );
}
