import {
  medicineSources,
  type BrowseSort,
  type MedicineBrowseQuery,
  type RecipientType,
} from '@medrelay/contracts';
import { daysLeftBoundary, dosageFormsMatching, urgentThresholdDays } from '@medrelay/domain';
import {
  distanceSort,
  earthDistanceSql,
  earthPointSql,
  likePattern,
  orderByOf,
  selectPageNear,
  sortSpec,
  type Direction,
  type SortName,
} from './list-sql-repo';
import { cappedTotal, defaultExactTotalUpTo, type ListTotal } from './list-totals-repo';
import { availableSql, type Db, type MedicineRow } from './repo';

// Browse: one page of what the caller may request and the list's total, each read by statements
// that walk an index and stop at the page, whatever the data (docs/browse.md).

/** A browse query whose sort is decided and whose point (if any) is the caller's, snapped. */
export type BrowseQuery = MedicineBrowseQuery & { sort: BrowseSort };

export type BrowsePage = { rows: MedicineRow[] } & ListTotal;

/**
 * A search matching at most this many distinct names reads each name's stretch of its
 * (name, sort) index and merges them; past it the names are one filter on a walk of the sort's
 * index (a short, common term: its listings are dense in any order).
 */
export const namesReadApartMax = 8;

/** Past this many distinct names a term is filtered by itself (ILIKE) rather than by its names. */
const namesListedMax = 2000;

/**
 * What a list's conditions take from the database, as values the planner sees: the owners whose
 * stock is hidden (suspended or not approved; few), and the distinct names (lower-cased) that
 * contain the search term, from the dictionary of names (migration 011: trigram-indexed, kept
 * by triggers), null when there are too many to list.
 */
async function lookUp(db: Db, term: string | undefined) {
  const { rows } = await db.query<{ hidden: number[]; names: string[] | null }>(
    `SELECT ARRAY(SELECT id FROM catalog.users WHERE status <> 'approved') AS hidden,
            CASE WHEN $1::text IS NOT NULL THEN ARRAY(
              SELECT name FROM catalog.listing_names WHERE name ILIKE $1 LIMIT ${namesListedMax + 1}) END AS names`,
    [term === undefined ? null : likePattern(term)],
  );
  const { hidden, names } = rows[0]!;
  return { hidden, names: names && names.length > namesListedMax ? null : names };
}

/**
 * A browse list as SQL: the conditions every listing in it meets, and the parts it is read in
 * (each one more condition, read in order along its own index and merged): the names of a
 * search, else the sources. `whole` is the parts' conditions as one (null: they cover all).
 */
interface ListSql {
  where: string[];
  parts: string[];
  whole: string | null;
  params: unknown[];
}

/** Both sources, read apart: each has its stretch of the sort's index (migration 018). */
const sourceParts = medicineSources.map((source) => `m.source = '${source}'`);

/** The conditions of the caller's browse list; null when a search can match nothing. */
async function listOf(
  db: Db,
  callerId: number,
  visible: readonly RecipientType[],
  query: BrowseQuery,
): Promise<ListSql | null> {
  const { hidden, names } = await lookUp(db, query.q || undefined);
  // Hidden owners as a value: PostgreSQL hashes it once instead of comparing each row with each.
  const params: unknown[] = [callerId, visible, hidden];
  const where = [
    availableSql,
    'm.owner_id <> $1',
    'm.recipient_type = ANY($2)',
    'm.owner_id <> ALL($3::int[])',
  ];
  let parts: string[] = [];
  let whole: string | null = null;
  if (query.recipientType) {
    // "Offered to pharmacies" includes listings offered to both.
    const n = params.push(query.recipientType);
    where.push(
      query.recipientType === 'both' ? `m.recipient_type = $${n}` : `m.recipient_type IN ($${n}, 'both')`,
    );
  }
  if (query.q) {
    // The names containing the term, then the listings by those names; the dosage form is a
    // key, so the term also matches its labels in both languages (libs/domain).
    const forms = dosageFormsMatching(query.q);
    if (names?.length === 0 && forms.length === 0) return null;
    // (A parameter is added only where a statement reads it: PostgreSQL types each from its use.)
    const n = names?.length === 0 ? 0 : params.push(names ?? likePattern(query.q));
    const named = names === null ? `m.name ILIKE $${n}` : n ? `lower(m.name) = ANY($${n}::text[])` : 'false';
    const formed = forms.length ? `m.type = ANY($${params.push(forms)}::text[])` : null;
    const condition = formed ? `(${named} OR ${formed})` : named;
    if (names !== null && names.length + (formed ? 2 : 0) <= namesReadApartMax) {
      whole = condition;
      // A listing of a matching name and form is read in its form's part.
      const formNot = formed ? ` AND NOT ${formed}` : '';
      parts = names.map((_, i) => `lower(m.name) = ($${n}::text[])[${i + 1}]${formNot}`);
      if (formed) parts.push(...sourceParts.map((source) => `${source} AND ${formed}`));
    } else where.push(condition);
  }
  if (query.source) {
    const source = `m.source = $${params.push(query.source)}`;
    if (parts.length) where.push(source);
    else [parts, whole] = [[source], source];
  } else if (!parts.length) parts = sourceParts;
  const point = pointOf(query);
  // Nearest first and radii hold the listings that have a point (the GiST index's predicate).
  if (point && (query.sort === 'distance' || query.radiusKm)) where.push('m.lat IS NOT NULL');
  if (point && query.radiusKm) {
    // The box lets the index find the candidates; the great-circle distance decides.
    const metres = query.radiusKm * 1000;
    where.push(
      `earth_box(${earthPointSql(point)}, ${metres}) @> ll_to_earth(m.lat, m.lng)`,
      `${earthDistanceSql(point)} <= ${metres}`,
    );
  }
  if (query.urgent) {
    // At most 7 days left (Cairo days) is one range of expiry instants.
    where.push(`m.expiry_date < $${params.push(daysLeftBoundary(urgentThresholdDays))}`);
  }
  return { where, parts, whole, params };
}

const pointOf = (query: BrowseQuery) =>
  query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;

/**
 * One row (`select`) per listing of the list, in `orderBy` when given, at most `limit`: one
 * statement, or one per part of a search put together (each part in order, for a merge).
 */
function matchesSql(list: ListSql, select: string, limit: number, orderBy: string): string {
  const read = (part: string) =>
    `(SELECT ${select} FROM catalog.medicines m WHERE ${[...list.where, part].join(' AND ')}
       ORDER BY ${orderBy} LIMIT ${limit})`;
  return list.parts.map(read).join(' UNION ALL ');
}

/**
 * Available medicines (isAvailable, quantity above 0, not expired, not quarantined) offered to
 * the caller's role, other than the caller's own, from owners not suspended: one page in the
 * asked order, and the total (exact while small, else estimated).
 */
export async function browseMedicines(
  db: Db,
  callerId: number,
  visible: readonly RecipientType[],
  query: BrowseQuery,
  { exactTotalUpTo = defaultExactTotalUpTo } = {},
): Promise<BrowsePage> {
  const list = await listOf(db, callerId, visible, query);
  if (!list) return { rows: [], total: 0, estimated: false };
  const point = pointOf(query);
  const sort: SortName = query.sort === 'distance' ? distanceSort(point!) : query.sort;
  // Nearest first only: the index walks outwards, never from the farthest.
  const direction: Direction =
    query.sort !== 'distance' && (query.order ?? sortSpec(sort).order) === 'desc' ? 'DESC' : 'ASC';
  const orderBy = orderByOf(sort, direction);
  const { column } = sortSpec(sort);
  // The merged parts are ordered again by their key (`k`) and id.
  const mergedOrder = orderBy.replace(column, () => 'k').replace('m.id', 'id');
  // `limit` of the list in order after the first `offset`: the parts merged, each read in order.
  const walkSql = (limit: number, offset = 0) =>
    `SELECT id FROM (${matchesSql(list, `m.id, ${column} AS k`, offset + limit, orderBy)}) matches
      ORDER BY ${mergedOrder} LIMIT ${limit} OFFSET ${offset}`;
  const offset = (query.page - 1) * query.pageSize;
  const { rows } = await db.query<MedicineRow>(
    `WITH page AS (${walkSql(query.pageSize, offset)})
     ${selectPageNear(point)} ORDER BY ${orderBy}`,
    list.params,
  );
  // A page not full tells the total by itself; past the end (stock went meanwhile) it is
  // counted exactly, so the screen can move back.
  if ((rows.length > 0 || offset === 0) && rows.length < query.pageSize)
    return { rows, total: offset + rows.length, estimated: false };
  // Counted by the same walk, which stops at the cap.
  const countable = {
    matches: walkSql,
    all: `SELECT 1 FROM catalog.medicines m WHERE ${[...list.where, ...(list.whole ? [list.whole] : [])].join(' AND ')}`,
    params: list.params,
    sampled: Boolean(point && query.radiusKm),
  };
  return { rows, ...(await cappedTotal(db, countable, rows.length === 0 ? offset : exactTotalUpTo)) };
}
