import { greatCircleMetresSql, type LatLng } from '@medrelay/domain/pickup-points';
import type { KeptOrder, ListMembership } from './browse-memo';
import { sortSpec, type Direction, type SortName } from './list-sql-repo';
import { selectMedicines, type Db, type MedicineRow } from './repo';

// A list's order walked through its sort's index (keyset), the rows of a page of it, and which
// listings a kept list holds now.

export interface Walk {
  sort: SortName;
  direction: Direction;
  orderBy: string;
  /**
   * A search through a few names and dosage forms: the list's search `clause` read as one walk
   * per part (its condition instead of the clause, given the number of its parameter `value`),
   * the parts disjoint, merged in the list's order.
   */
  bySearchParts?: { clause: string; parts: ReadonlyArray<{ value: string; sql: (param: number) => string }> };
  /**
   * The list is a narrow band of expiry (urgent: a week of stock) in another sort: walked through
   * an index led by the sort's key, then the expiry (migrations 020, 021), from key to key (a skip
   * scan) reading only the band. The sort's own index passed by every listing outside the band,
   * and the band read by expiry and sorted was about 17,500 rows for every page at 1,000,000
   * listings (docs/browse.md).
   */
  urgentBand?: boolean;
  /**
   * Connections that read by index only (bitmap and sequential scans off for the session:
   * `indexWalkSettings`): such a walk is one statement on them, instead of a transaction of
   * three on `db` (`onlyWalked`).
   */
  indexOnlyDb?: Db;
}

/** A pool's session settings for walks that only ever read an index (see `onlyWalked`). */
export const indexWalkSettings = { enable_bitmapscan: 'off', enable_seqscan: 'off' };

/**
 * Names and forms of a term walked one by one at most (each a walk of an index led by the name or
 * the form: (name, point) and (type, point), migration 018; (name, key) and (type, key) for the
 * other sorts, migration 020).
 */
export const maxNamedWalks = 8;

/** The first `upTo` ids of the list in its order, through the sort's index. */
export async function walkedOrder(
  db: Db,
  fromWhere: string,
  walk: Walk,
  params: unknown[],
  upTo: number,
): Promise<KeptOrder> {
  return walked(db, fromWhere, walk, params, '', [], Infinity, upTo);
}

/** `order` walked on to `upTo` ids from its last one (keyset: the last key and id). */
export async function continuedOrder(
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
  const { column, order: natural, type } = sortSpec(walk.sort);
  const keyAscends = walk.direction === 'ASC';
  const idAscends = walk.direction === natural.toUpperCase();
  return (
    `${column} ${keyAscends ? '>=' : '<='} $${k}::${type}` +
    ` AND (${column} ${keyAscends ? '>' : '<'} $${k}::${type} OR m.id ${idAscends ? '>' : '<'} $${k + 1})`
  );
}

/**
 * A walk that is only ever a walk of an index, stopped at its LIMIT: bitmap and sequential scans
 * are turned off for this one statement (SET LOCAL, in its own transaction). Nearest first: the
 * planner rates a radius's box at a fixed 0.1% of the rows (cube's estimate), so with a search
 * term it preferred a bitmap of the whole box and a sort (in Cairo's 25 km, ~300,000 listings
 * read to return 100); a walk by a dosage form, whose conditions it thinks rare, it planned as a
 * read of the whole table and a sort (100-450 ms at 100,000 listings under load). A search walked
 * name by name: each name's part it rated at a hundred rows and read whole through a bitmap and
 * sorted (8,000 rows a name at 1,000,000 listings, 50-70 ms each). An urgent band in another sort
 * is read by skipping from key to key of a (key, expiry) index, never by the sort's own index past
 * every listing outside the band. Measurements: docs/browse.md.
 */
async function onlyWalked(db: Db, sql: string, params: unknown[], indexOnlyDb?: Db) {
  // A round trip costs about 0.24 ms of CPU here (client and server): the transaction's three
  // were 0.5 ms more per walk than one on connections set so already (docs/browse.md).
  if (indexOnlyDb && !('release' in db))
    return indexOnlyDb.query<{ id: number; k: string; e: number }>(sql, params);
  const client = 'release' in db ? db : await db.connect();
  try {
    await client.query('BEGIN; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off');
    try {
      return await client.query<{ id: number; k: string; e: number }>(sql, params);
    } finally {
      await client.query('COMMIT');
    }
  } finally {
    if (client !== db) client.release();
  }
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
  const column = sortSpec(walk.sort).column;
  // A merge of parts orders by the key itself (`d`), not its text.
  const merged = walk.bySearchParts !== undefined;
  const select = (where: string) => `SELECT m.id, (${column})::text AS k,${merged ? ` ${column} AS d,` : ''}
            (extract(epoch FROM m.expiry_date) * 1000)::float8 AS e ${where}${after}
      ORDER BY ${walk.orderBy} LIMIT $${params.length + 1}`;
  let sql = select(fromWhere);
  const values = [...params, limit];
  if (walk.bySearchParts) {
    // Each part's walk is in the list's order (ties by id) and as long as the whole, so their
    // merge is the list's order; the parts' values are parameters after the limit.
    const { clause, parts: conditions } = walk.bySearchParts;
    const parts = conditions.map(
      ({ value, sql: condition }) =>
        `(${select(fromWhere.replace(clause, () => condition(values.push(value))))})`,
    );
    const mergedOrder = walk.orderBy.replace(column, 'd').replace('m.id', 'id');
    sql = `SELECT id, k, e FROM (${parts.join(' UNION ALL ')}) parts ORDER BY ${mergedOrder} LIMIT $${params.length + 1}`;
  }
  const { rows } =
    walk.sort.startsWith('distance:') || walk.bySearchParts || walk.urgentBand
      ? await onlyWalked(db, sql, values, walk.indexOnlyDb)
      : await db.query<{ id: number; k: string; e: number }>(sql, values);
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

/** The listings of `ids` with their owners (and distances from `point`), in the order of `ids`. */
export async function rowsInOrder(
  db: Db,
  ids: readonly number[],
  point: LatLng | null = null,
): Promise<MedicineRow[]> {
  if (ids.length === 0) return [];
  // Named: each connection plans it once (about half of this statement's cost was planning).
  const { rows } = await db.query<MedicineRow>(
    point
      ? {
          name: 'browse-rows-by-id-near',
          text: `${selectMedicines.replace('SELECT m.*,', () => `SELECT m.*, ${greatCircleMetresSql(['$2::float8', '$3::float8'], ['m.lat', 'm.lng'])} AS distance_m,`)}
                  WHERE m.id = ANY($1)`,
          values: [ids, point.lat, point.lng],
        }
      : { name: 'browse-rows-by-id', text: `${selectMedicines} WHERE m.id = ANY($1)`, values: [ids] },
  );
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/** Lists checked in one statement at most (each adds its parameters; PostgreSQL takes 65,535). */
const listsPerCheck = 200;

const listingsTable = 'FROM catalog.medicines m WHERE ';

/**
 * Which of `ids` are in each list now: every list's filter applied to those listings only, all
 * lists in one statement (its own parameters renumbered after the ids), so a write costs the
 * kept lists one probe by primary key each rather than a gathering each. The given listings are
 * read once, by primary key, and each filter reads them alone: over the table, the planner
 * joined a radius's box from the GiST index to the ids (rated at 0.1% of the rows, the box of
 * Cairo holds 300,000 listings at 1,000,000), 15-120 ms for a check of one list.
 */
export function listMembership(db: Db): ListMembership {
  return async (checks, ids) => {
    const found = checks.map(() => new Set<number>());
    for (let from = 0; from < checks.length; from += listsPerCheck) {
      const chunk = checks.slice(from, from + listsPerCheck);
      const params: unknown[] = [ids];
      const parts = chunk.map(({ list, order }, i) => {
        if (!list.fromWhere.startsWith(listingsTable))
          throw new Error(`not a browse list: ${list.fromWhere}`);
        const shift = params.length;
        params.push(...list.params);
        const filter = list.fromWhere
          .slice(listingsTable.length)
          .replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
        let within = '';
        if (order?.last && order.walkedBy && !order.complete) {
          const walk = order.walkedBy as { sort: SortName; direction: Direction };
          within = ` AND NOT (${afterLastSql(walk, params.length + 1)})`;
          params.push(order.last.key, order.last.id);
        }
        return `SELECT ${from + i} AS c, m.id FROM given m WHERE ${filter}${within}`;
      });
      const { rows } = await db.query<{ c: number; id: number }>(
        `WITH given AS MATERIALIZED (SELECT * FROM catalog.medicines WHERE id = ANY($1::int[]))
         ${parts.join(' UNION ALL ')}`,
        params,
      );
      for (const { c, id } of rows) found[c]!.add(id);
    }
    return found;
  };
}
