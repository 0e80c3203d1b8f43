import type { BrowseSort, MedicineBrowseQuery, RecipientType } from '@medrelay/contracts';
import { cairoDayNumber, dosageFormsMatching, urgentThresholdDays } from '@medrelay/domain';
import type { LatLng } from '@medrelay/domain/pickup-points';
import { idsBetween, noBrowseMemo, type BrowseMemo, type ListFilter } from './browse-memo';
import {
  namesOfTerm,
  recentlyCommon,
  rememberCommon,
  searchedOrders,
  searchMatchCap,
} from './browse-search-repo';
import { continuedOrder, maxNamedWalks, rowsInOrder, walkedOrder, type Walk } from './browse-walks-repo';
import {
  distanceOrderSql,
  distanceSort,
  distanceMetresSql,
  earthPointSql,
  likePattern,
  orderByOf,
  ownerNotSuspended,
  selectPageNear,
  sortNames,
  sortSpec,
  type Direction,
  type SortName,
} from './list-sql-repo';
import {
  cappedTotal,
  defaultExactTotalUpTo,
  pageWithTotal,
  plannedRows,
  radiusExactTotalUpTo,
  type ListTotal,
  type RadiusCount,
} from './list-totals-repo';
import { availableSql, daysLeftSql, type Db, type MedicineRow } from './repo';

// Browse: one page of a large list with its total, from the list's kept order when there is one
// (browse-memo.ts). Design: docs/browse.md; how it got there: docs/history.md, "Browse, pass by
// pass".

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
  /** Connections that read by index only, for walks (browse-walks-repo.ts `Walk.indexOnlyDb`). */
  indexOnlyDb?: Db;
}

/** Past this many ids (page × size) a page is read with OFFSET instead of from a kept order. */
export const keptOrderMaxIds = 5000;

/** Up to this many names a search's total is counted over as values (more: over the subquery). */
const maxNamesGiven = 1000;

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

const kmPerDegreeOfLatitude = 111.2;

/**
 * The centre of the cell, a quarter of the radius wide, that holds `point`: a radius list's
 * estimate is shared within it (circles whose centres lie in one cell share 89% of their area or
 * more; an estimate, sent as one, is not made much worse by that).
 */
export function estimateCell(point: LatLng, radiusKm: number): LatLng {
  const side = radiusKm / 4 / kmPerDegreeOfLatitude;
  const centre = (v: number) => Number(((Math.floor(v / side) + 0.5) * side).toFixed(5));
  return { lat: centre(point.lat), lng: centre(point.lng) };
}

/** A browse query whose sort is decided and whose point (if any) is the caller's, snapped. */
export type BrowseQuery = MedicineBrowseQuery & { sort: BrowseSort };

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
  query: BrowseQuery,
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
  // The list as a total counts and estimates it: the same unless searched (below).
  let counted = async (fromWhere: string) => ({ fromWhere, params });
  let plannedCommon = async () => false;
  let searchParts: () => Promise<Walk['bySearchParts']> = async () => undefined;
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
    const termNames = namesOfTerm(db, params[n - 1] as string);
    const named = `lower(m.name) = ANY(ARRAY(SELECT name FROM catalog.listing_names WHERE name ILIKE $${n}))`;
    // The type is a key: the search matches its labels in both languages (libs/domain).
    const forms = dosageFormsMatching(query.q);
    const formsParam = forms.length ? params.push(forms) : 0;
    const clause = forms.length ? `(${named} OR m.type = ANY($${formsParam}::text[]))` : named;
    where.push(clause);
    // For a few given rows, the same search is a plain match: listing_names holds every name a
    // listing carries (its triggers), so the name is among those matching iff it matches.
    // (Replaced through functions: a replacement string would read `$3` as a pattern.)
    searchOfRows = [clause, clause.replace(named, () => `m.name ILIKE $${n}`)];
    // A total is counted over the matching names given as values: over the subquery the planner
    // knows nothing of the term, so it counted by reading the table until 501 matches turned up
    // (75-160 ms at 1,000,000 listings, 300 ms and more under load) and estimated every term's
    // list alike; given the names, it reads the name index (7 ms) and estimates by how many
    // names there are. A term in very many names keeps the subquery.
    counted = async (fromWhere) => {
      const names = await termNames(maxNamesGiven + 1);
      if (names.length > maxNamesGiven) return { fromWhere, params };
      return {
        fromWhere: fromWhere.replace(named, () => `lower(m.name) = ANY($${n}::text[])`),
        params: params.map((value, i) => (i === n - 1 ? names : value)),
      };
    };
    // A term whose names (and forms) the planner counts at more than 1.5 times the cap in
    // available listings is common (a caller's own filters keep about three quarters): not
    // gathered only to find out. At 1,000,000 listings a failed gathering read 5,001 rows, 50 ms,
    // again every 10 s for each search and filter; the estimate costs a plan, about 1 ms, from
    // the names' statistics (migration 020). The caller's filters are left out of it: the
    // planner rates the owners' check at a fixed half, whatever it holds.
    plannedCommon = async () => {
      const names = await termNames(maxNamesGiven + 1);
      if (names.length > maxNamesGiven) return false;
      const byForm = forms.length ? ' OR m.type = ANY($2::text[])' : '';
      const estimate = await plannedRows(
        db,
        `FROM catalog.medicines m WHERE ${availableSql} AND (lower(m.name) = ANY($1::text[])${byForm})`,
        forms.length ? [names, forms] : [names],
      );
      return estimate > 1.5 * searchCap;
    };
    // A term in a few names (and dosage forms) is walked name by name (form by form) in the
    // list's order, through indexes whose first column is the name (or form), and the walks are
    // merged: nearest first always (the caller's own order, never gathered), other sorts on their
    // first pages or when the term is too common to gather (below). A listing whose name matches
    // is in its name's walk only. The names are looked up only when the list may be walked.
    searchParts = async () => {
      const names = await termNames(maxNamedWalks + 1);
      const count = names.length + forms.length;
      if (count === 0 || count > maxNamedWalks) return undefined;
      return {
        clause,
        parts: [
          ...names.map((value) => ({
            value,
            // Every listing of a name the term is in matches: the term is checked on the name
            // once, not on each row (where the planner took it for a rare filter). By name, the
            // name is a range of one: with `=` the planner drops the name from each walk's order
            // and cannot merge the walks, so it read each to the page's end and sorted them all
            // (5 names, page 38 of donations at 1,000,000 listings: 3,800 rows, 99 ms; merged,
            // 760 rows, 34 ms).
            sql: (k: number) =>
              `${query.sort === 'name' ? `lower(m.name) >= $${k} AND lower(m.name) <= $${k}` : `lower(m.name) = $${k}`} AND $${k}::text ILIKE $${n}`,
          })),
          ...forms.map((value) => ({
            value,
            // A listing of the form matches (checked on the form once, as names are); one whose
            // name matches is in its name's walk.
            sql: (k: number) =>
              `m.type = $${k} AND $${k}::text = ANY($${formsParam}::text[]) AND NOT (m.name ILIKE $${n})`,
          })),
        ],
      };
    };
  }
  if (query.source) where.push(`m.source = $${params.push(query.source)}`);
  const point =
    query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
  // Nearest first and radii hold the listings that have a point (the GiST index's predicate).
  if (point && (query.sort === 'distance' || query.radiusKm)) where.push('m.lat IS NOT NULL');
  const metres = point && query.radiusKm ? query.radiusKm * 1000 : 0;
  // The box lets the index find the candidates; the great-circle distance decides.
  const radiusSql = (centre: LatLng) =>
    `earth_box(${earthPointSql(centre)}, ${metres}) @> ll_to_earth(m.lat, m.lng) AND ${distanceMetresSql(centre)} <= ${metres}`;
  const radiusClauses = metres ? [radiusSql(point!)] : [];
  where.push(...radiusClauses);
  if (query.urgent) {
    // Days left decides (Cairo days); the wider interval keeps the expiry indexes usable.
    const n = params.push(urgentThresholdDays);
    where.push(`m.expiry_date <= now() + make_interval(days => $${n} + 1)`, `${daysLeftSql} <= $${n}`);
  }
  const fromWhere = `FROM catalog.medicines m WHERE ${where.join(' AND ')}`;
  // A radius list's first walk reads one more than its exact count goes to: a full walk then
  // says the list is larger, and it is not counted again (cappedTotal's `atLeast`).
  const firstWalk = metres ? radiusExactTotalUpTo + 1 : 100;
  const sort: SortName = query.sort === 'distance' ? distanceSort(point!) : query.sort;
  // Nearest first only: the index walks outwards, never from the farthest.
  const direction: Direction =
    query.sort !== 'distance' && (query.order ?? sortSpec(sort).order) === 'desc' ? 'DESC' : 'ASC';
  const orderBy = orderByOf(sort, direction);
  const offset = (query.page - 1) * query.pageSize;
  const upTo = offset + query.pageSize;
  if (upTo > keptOrderMaxIds) {
    // A page this deep is rare: read with OFFSET rather than carry its ids.
    const limit = params.length + 1;
    const total = await counted(fromWhere);
    const page = await pageWithTotal(
      db,
      `WITH page AS (SELECT m.id ${total.fromWhere} ORDER BY ${orderBy} LIMIT $${limit} OFFSET $${limit + 1})
       ${selectPageNear(point)} ORDER BY ${orderBy}`,
      total.fromWhere,
      total.params,
      query,
      exactTotalUpTo,
      options.view ? [options.view, ...total.params.slice(1)] : undefined,
    );
    const soonest = Math.min(...page.rows.map((row) => row.expiry_date.getTime()));
    return { ...page, expiresAt: Math.min(soonest, Date.now() + deepPageKeptMs) };
  }

  // $1 (the caller) is what the view stands for. An urgent list gains listings as the Cairo day
  // turns (days left shrink with no write): it is kept per day.
  const day = query.urgent ? `\u0000day:${cairoDayNumber(new Date())}` : '';
  // The filter and its values but the caller's id ($1).
  const filterKey = `${fromWhere}\u0000${JSON.stringify(params.slice(1))}`;
  const listKey = `${options.view ?? `caller:${callerId}`}\u0000${filterKey}${day}`;
  const orderKeyOf = (by: string) => `${listKey}\u0000${by}`;
  // What tells whether given listings are in the list (browse-memo.ts checks changed ones).
  const rowFromWhere = searchOfRows ? fromWhere.replace(searchOfRows[0], () => searchOfRows[1]) : fromWhere;
  const list: ListFilter = { key: listKey, fromWhere: rowFromWhere, params };
  // A search whose matches outnumbered `searchCap` a moment ago (not per caller).
  const searchKey = `${searchCap}\u0000${filterKey}`;
  /**
   * The order kept for this list if it reaches the page: read again inside shared work, since a
   * caller that missed it may reach the work after another caller's finished and kept it.
   */
  const keptEnough = async () => {
    const kept = await memo.order(orderKeyOf(orderBy));
    return kept && (kept.complete || kept.ids.length >= upTo) ? kept : undefined;
  };
  let order = await keptEnough();
  if (!order) {
    const kept = await memo.order(orderKeyOf(orderBy));
    const known = kept;
    // An urgent list in another sort than expiry: a week of stock, walked key by key.
    const urgentBand = Boolean(query.urgent) && sort !== 'expiry' && query.sort !== 'distance';
    // A term in a few names is walked name by name: nearest first always; in another sort when
    // the page is among the first walk's, which reads about as many rows as those pages need
    // (a gathering reads every match, up to `searchCap`, to serve every sort at once). A deeper
    // page asked first is gathered: a walk to it would read as many rows, for one sort only. So
    // is a list within a radius: the circle bounds its matches, and each name's walk passed by
    // every listing of the name outside it. Measured: docs/browse.md ("Searches go through the
    // names").
    const firstWalkIds = options.walkAtLeast ?? firstWalk;
    const walkedByName = query.sort === 'distance' || (!urgentBand && !metres && upTo <= firstWalkIds);
    const parts = walkedByName ? await searchParts() : undefined;
    // A term found common a moment ago is walked straight away: gathering its first `searchCap`
    // matches again would only show it is still common.
    if (query.q && !parts && !known && !recentlyCommon(searchKey)) {
      // Every sort of the search, both ways, from one gathering when they can be kept: the other
      // sorts of the same search then cost no query. Else only the sort asked for.
      // Nearest first is the caller's own: gathered alone.
      const sorts: SortName[] = memo.version === null || query.sort === 'distance' ? [sort] : sortNames;
      const orders = await memo.shared(
        `gather\u0000${version}\u0000${listKey}\u0000${sorts.join()}`,
        async () => {
          const keptNow = await keptEnough();
          if (keptNow) return new Map([[orderBy, keptNow]]);
          return (await plannedCommon())
            ? undefined
            : searchedOrders(db, fromWhere, params, searchCap, sorts);
        },
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
      // The week's band is narrower than a name's listings walked in another sort.
      const bySearchParts =
        parts ?? (query.sort === 'distance' || urgentBand ? undefined : await searchParts());
      const walk = { sort, direction, orderBy, bySearchParts, urgentBand, indexOnlyDb: options.indexOnlyDb };
      const want = Math.min(keptOrderMaxIds, Math.max(upTo, firstWalkIds, 2 * (known?.ids.length ?? 0)));
      order = await memo.shared(
        `walk\u0000${version}\u0000${orderKeyOf(orderBy)}\u0000${known?.ids.length ?? 0}\u0000${want}`,
        async () =>
          (await keptEnough()) ??
          (known?.last
            ? continuedOrder(db, fromWhere, walk, params, known, want)
            : walkedOrder(db, fromWhere, walk, params, want)),
      );
      memo.keepOrder(orderKeyOf(orderBy), version, order, list);
    }
  }
  const rows = await rowsInOrder(db, idsBetween(order, offset, upTo), point);
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
  // A radius list is counted exactly to a lower limit: each listing counted is one more step of
  // a walk through the GiST index, for a total the screen shows as "About N" past it anyway.
  const countUpTo = metres ? Math.min(exactTotalUpTo, radiusExactTotalUpTo) : exactTotalUpTo;
  const withoutRadius = () => where.filter((clause) => !radiusClauses.includes(clause));
  // How a radius list is counted, made only when its total is not kept.
  const radiusCount = (countedFromWhere: string): RadiusCount | undefined =>
    point && metres
      ? {
          walk: query.q
            ? undefined
            : {
                fromWhere: `FROM catalog.medicines m WHERE ${withoutRadius().join(' AND ')}`,
                nearestFirst: distanceOrderSql(point),
                distance: distanceMetresSql(point),
                metres,
              },
          fromCell: countedFromWhere.replace(radiusSql(point), () =>
            radiusSql(estimateCell(point, query.radiusKm!)),
          ),
        }
      : undefined;
  const countedList = async () => {
    const { fromWhere: countedFromWhere, params: countedParams } = await counted(fromWhere);
    return cappedTotal(db, countedFromWhere, countedParams, countUpTo, {
      radius: radiusCount(countedFromWhere),
      // A search found common holds more than its cap: a count could only say so once more.
      atLeast: Math.max(order.ids.length, query.q && recentlyCommon(searchKey) ? searchCap + 1 : 0),
      // Every caller of the view sees the same list ($1 is the caller): one estimate for all.
      sharedParams: options.view ? [options.view, ...countedParams.slice(1)] : undefined,
    });
  };
  const kept = (await memo.total(listKey)) ?? (await countedList());
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
