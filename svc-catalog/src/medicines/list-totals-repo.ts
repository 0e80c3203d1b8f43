import type { KeptTotal } from './browse-memo';
import { soonestSql } from './list-sql-repo';
import type { Db, MedicineRow } from './repo';

// A list's total: exact while small, else the planner's estimate (docs/browse.md, "How a
// page is read").

/** Up to how many matches a total is counted exactly; above it the planner's estimate is sent. */
export const defaultExactTotalUpTo = 500;

/** The same for a radius list (nearest first within a distance): see browse-repo.ts. */
export const radiusExactTotalUpTo = 100;

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

/** How a radius list (listings within a distance of a point) is counted and estimated. */
export interface RadiusCount {
  /**
   * The same list without the radius, when walking it nearest first is cheap (no search term,
   * whose rare names a walk would have to pass by): its first `upTo + 1` listings through the GiST
   * index, of which those within `metres` are the radius list's nearest (a bitmap of the whole
   * circle, up to every listing of a city, is read before a LIMIT can stop it).
   */
  walk?: { fromWhere: string; nearestFirst: string; distance: string; metres: number };
  /**
   * The filter from the centre of the point's cell (a quarter of the radius wide): a large list's
   * estimate stands for every point of the cell, which then counts nothing.
   */
  fromCell: string;
}

/**
 * About how many listings a radius estimate reads, whatever the table holds: 1% of 100,000 (at
 * 1,000,000 a 1% sample took 170 ms under load, the costliest statement of browse near me).
 */
const sampledListings = 1000;
let tableSize = { listings: 0, until: 0 };

/** The share of the table's pages to sample (in percent, at most 1), its size read once a minute. */
async function samplePercent(db: Db): Promise<number> {
  if (Date.now() >= tableSize.until) {
    const { rows } = await db.query<{ n: number }>(
      "SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'catalog.medicines'::regclass",
    );
    tableSize = { listings: rows[0]?.n ?? 0, until: Date.now() + 60_000 };
  }
  return samplePercentOf(tableSize.listings);
}

/** The share of a table of `listings` rows holding about `sampledListings` (percent, at most 1). */
export function samplePercentOf(listings: number): number {
  // Not yet analysed (-1) or small: 1%.
  if (listings <= 0) return 1;
  return Math.min(1, Number(((100 * sampledListings) / listings).toPrecision(2)));
}

/**
 * An estimate shared by a cell stands for a list only while it is this many times the exact
 * limit: a list near the limit is still counted exactly from its own point.
 */
const sharedEstimateMargin = 2;

/**
 * The total of `fromWhere` (a `FROM … WHERE …` clause over `catalog.medicines m`): exact while
 * the list is small (at most `upTo` matches, counted with a LIMIT so counting stops there), with
 * the soonest expiry among them; above that the planner's row estimate (never below what was
 * counted), since counting 60,000 rows for a pager costs more than the page itself.
 */
export async function cappedTotal(
  db: Db,
  fromWhere: string,
  params: unknown[],
  upTo: number,
  {
    radius,
    atLeast = 0,
    sharedParams,
  }: {
    /**
     * A radius list: estimated from a sample of about 1,000 listings instead of the planner (for
     * a radius the planner counts a fixed 0.1% of the rows, cube's estimate for a box, whatever
     * the box holds).
     */
    radius?: RadiusCount;
    /** How many listings the list is known to hold (a kept order's ids): past `upTo`, no count. */
    atLeast?: number;
    /**
     * The values the list's estimate is kept under instead of `params`: those of every caller
     * who sees the same list (browse's view in place of the caller's id), so they share it.
     */
    sharedParams?: unknown[];
  } = {},
): Promise<KeptTotal> {
  const values = JSON.stringify(sharedParams ?? params);
  const key = `${upTo}\u0000${fromWhere}\u0000${values}`;
  const cached = cachedEstimate(key);
  if (cached !== undefined) return { total: cached, estimated: true, expiresAt: Infinity };
  const cellKey = radius && `${upTo}\u0000${radius.fromCell}\u0000${values}`;
  const ofCell = cellKey && cachedEstimate(cellKey);
  if (ofCell && ofCell > sharedEstimateMargin * upTo)
    return { total: ofCell, estimated: true, expiresAt: Infinity };
  const limit = Math.trunc(upTo) + 1;
  const walk = radius?.walk;
  const countSql = walk
    ? `SELECT count(*)::int AS n, ${soonestSql('e')} AS soonest
         FROM (SELECT m.expiry_date AS e, ${walk.distance} AS d ${walk.fromWhere}
                ORDER BY ${walk.nearestFirst} LIMIT ${limit}) page
        WHERE d <= ${walk.metres}`
    : `SELECT count(*)::int AS n, ${soonestSql('e')} AS soonest
         FROM (SELECT m.expiry_date AS e ${fromWhere} LIMIT ${limit}) page`;
  // Known to be larger already (a kept order of more ids): no count.
  const counted =
    atLeast > upTo
      ? { rows: [{ n: atLeast, soonest: Infinity }] }
      : await db.query<{ n: number; soonest: number }>(countSql, params);
  const { n, soonest } = counted.rows[0]!;
  if (n <= upTo) return { total: n, estimated: false, expiresAt: soonest };
  let estimate: number;
  if (radius) {
    const percent = await samplePercent(db);
    const sample = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n ${fromWhere.replace(
        'FROM catalog.medicines m',
        `FROM catalog.medicines m TABLESAMPLE SYSTEM (${percent}) REPEATABLE (26)`,
      )}`,
      params,
    );
    estimate = (sample.rows[0]!.n * 100) / percent;
  } else estimate = await plannedRows(db, fromWhere, params);
  const total = Math.max(n, Math.round(estimate));
  keepEstimate(key, total);
  if (cellKey) keepEstimate(cellKey, total);
  // An estimate is approximate anyway: a listing of it expiring does not make it wrong.
  return { total, estimated: true, expiresAt: Infinity };
}

/** How many listings the planner thinks `fromWhere` holds (its statistics; no row is read). */
export async function plannedRows(db: Db, fromWhere: string, params: unknown[]): Promise<number> {
  const plan = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`,
    params,
  );
  return plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
}

/**
 * One page (`pageSql`, its limit and offset after `params`) with the total of `fromWhere`. A
 * page not full tells the exact total by itself (no count); a page past the end (stock went
 * meanwhile) gets the exact total, so the screen can move back.
 */
export async function pageWithTotal(
  db: Db,
  pageSql: string,
  fromWhere: string,
  params: unknown[],
  { page, pageSize }: { page: number; pageSize: number },
  exactTotalUpTo: number,
  /** As in `cappedTotal`: the values every caller who sees the same list keeps its estimate under. */
  sharedParams?: unknown[],
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
  const { total, estimated } = await cappedTotal(db, fromWhere, params, exactTotalUpTo, { sharedParams });
  return { rows, total, estimated };
}
