import type { Db, MedicineRow } from './repo';

// A list's total: exact while small, else estimated; counting 60,000 rows for a pager would cost
// more than the page itself.

/** Up to how many matches a total is counted exactly; above it an estimate is sent. */
export const defaultExactTotalUpTo = 500;

/** The size of a list: exact, or estimated once the list is larger than worth counting. */
export interface ListTotal {
  total: number;
  estimated: boolean;
}

/**
 * How to count a list: `matches(limit)` is a statement of at most `limit` rows, one per match;
 * `all` one of every match, for the planner to estimate. `sampled`: estimate from a 1% sample
 * of the table instead, as the planner rates a radius's box at a fixed 0.1% of the rows.
 */
export interface Countable {
  matches: (limit: number) => string;
  all: string;
  params: unknown[];
  sampled?: boolean;
}

/**
 * The total of a list: counted while it holds at most `upTo` matches (the count stops there),
 * else the planner's estimate (or a sample's), never below what was counted.
 */
export async function cappedTotal(db: Db, list: Countable, upTo: number): Promise<ListTotal> {
  const cap = Math.trunc(upTo) + 1;
  const counted = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${list.matches(cap)}) matches`,
    list.params,
  );
  const n = counted.rows[0]!.n;
  if (n < cap) return { total: n, estimated: false };
  const estimate = list.sampled
    ? (
        await db.query<{ n: number }>(
          `SELECT count(*)::int * 100 AS n FROM (${list.all.replaceAll(
            'FROM catalog.medicines m',
            'FROM catalog.medicines m TABLESAMPLE SYSTEM (1) REPEATABLE (26)',
          )}) matches`,
          list.params,
        )
      ).rows[0]!.n
    : (
        await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
          `EXPLAIN (FORMAT JSON) ${list.all}`,
          list.params,
        )
      ).rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
  return { total: Math.max(n, Math.round(estimate)), estimated: true };
}

/** `fromWhere` (a `FROM … WHERE …` clause) as a countable list. */
export const countableOf = (fromWhere: string, params: unknown[]): Countable => ({
  matches: (limit) => `SELECT 1 ${fromWhere} LIMIT ${limit}`,
  all: `SELECT 1 ${fromWhere}`,
  params,
});

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
): Promise<{ rows: MedicineRow[] } & ListTotal> {
  const offset = (page - 1) * pageSize;
  const { rows } = await db.query<MedicineRow>(pageSql, [...params, pageSize, offset]);
  if ((rows.length > 0 || offset === 0) && rows.length < pageSize)
    return { rows, total: offset + rows.length, estimated: false };
  const upTo = rows.length === 0 ? offset : exactTotalUpTo;
  return { rows, ...(await cappedTotal(db, countableOf(fromWhere, params), upTo)) };
}
