import type {
  AdminMedicineQuery,
  Medicine,
  MedicineBrowseQuery,
  MedicineCreate,
  MedicineSnapshot,
  MedicineSource,
  MedicineUpdate,
  RecipientType,
} from '@medrelay/contracts';
import { urgentThresholdDays } from '@medrelay/domain';
import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

export interface MedicineRow {
  id: number;
  owner_id: number;
  source: MedicineSource;
  name: string;
  type: string;
  description: string | null;
  quantity: number;
  original_price: string | null;
  discount_price: string | null;
  expiry_date: Date;
  recipient_type: RecipientType;
  image_key: string | null;
  is_available: boolean;
  version: number;
  created_at: Date;
  updated_at: Date;
  owner_name: string | null;
  owner_email: string | null;
  owner_address: string | null;
  reserved_quantity: number;
}

/**
 * Medicines with their owner from the users read model (null until identity's event arrives).
 * `reserved_quantity` is a column kept by reserve/release, not a sum per row.
 */
const selectMedicines = `
  SELECT m.*, u.name AS owner_name, u.email AS owner_email, u.address AS owner_address
    FROM catalog.medicines m
    LEFT JOIN catalog.users u ON u.id = m.owner_id`;

export function imageUrlOf(row: Pick<MedicineRow, 'id' | 'image_key'>): string | null {
  // The key changes with every upload, so the URL does too and browsers may cache it for long.
  return row.image_key ? `/api/medicines/${row.id}/image?v=${row.image_key.split('.')[0]}` : null;
}

export function toMedicine(row: MedicineRow): Medicine {
  const isPharmacy = row.source === 'pharmacy';
  return {
    id: row.id,
    pharmacyId: isPharmacy ? row.owner_id : null,
    donorId: isPharmacy ? null : row.owner_id,
    source: row.source,
    name: row.name,
    type: row.type,
    description: row.description,
    quantity: row.quantity,
    reservedQuantity: row.reserved_quantity,
    originalPrice: row.original_price,
    discountPrice: row.discount_price,
    expiryDate: row.expiry_date.toISOString(),
    recipientType: row.recipient_type,
    imageUrl: imageUrlOf(row),
    isAvailable: row.is_available,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    pharmacy:
      isPharmacy && row.owner_name !== null
        ? { address: row.owner_address, user: { name: row.owner_name, email: row.owner_email ?? '' } }
        : null,
    donor: !isPharmacy && row.owner_name !== null ? { name: row.owner_name } : null,
  };
}

export function toSnapshot(row: MedicineRow): MedicineSnapshot {
  return {
    id: row.id,
    ownerId: row.owner_id,
    source: row.source,
    name: row.name,
    type: row.type,
    description: row.description,
    quantity: row.quantity,
    originalPrice: row.original_price,
    discountPrice: row.discount_price,
    expiryDate: row.expiry_date.toISOString(),
    recipientType: row.recipient_type,
    imageUrl: imageUrlOf(row),
    isAvailable: row.is_available,
    createdAt: row.created_at.toISOString(),
    version: row.version,
  };
}

export async function findMedicine(db: Db, id: number, forUpdate = false): Promise<MedicineRow | null> {
  const { rows } = await db.query<MedicineRow>(
    `${selectMedicines} WHERE m.id = $1${forUpdate ? ' FOR UPDATE OF m' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function insertMedicine(
  db: PoolClient,
  ownerId: number,
  source: MedicineSource,
  input: MedicineCreate,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO catalog.medicines
       (owner_id, source, name, type, description, quantity, original_price, discount_price, expiry_date, recipient_type)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      ownerId,
      source,
      input.name,
      input.type,
      input.description,
      input.quantity,
      input.originalPrice,
      input.discountPrice,
      input.expiryDate,
      input.recipientType,
    ],
  );
  return rows[0]!.id;
}

const updatableColumns: Record<keyof MedicineUpdate, string> = {
  name: 'name',
  type: 'type',
  description: 'description',
  quantity: 'quantity',
  originalPrice: 'original_price',
  discountPrice: 'discount_price',
  expiryDate: 'expiry_date',
  recipientType: 'recipient_type',
  isAvailable: 'is_available',
};

/** Applies the given fields and bumps the version (the medicine event carries it). */
export async function updateMedicine(db: PoolClient, id: number, patch: MedicineUpdate): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [field, value] of Object.entries(patch) as [keyof MedicineUpdate, unknown][]) {
    if (value === undefined) continue;
    sets.push(`${updatableColumns[field]} = $${params.push(value)}`);
  }
  await db.query(
    `UPDATE catalog.medicines SET ${[...sets, 'version = version + 1', 'updated_at = now()'].join(', ')}
      WHERE id = $1`,
    params,
  );
  // A corrected expiry date starts its alerts over (30, 7, 1 days before the new date).
  if (patch.expiryDate !== undefined) {
    await db.query('DELETE FROM catalog.expiry_alerts WHERE medicine_id = $1', [id]);
  }
}

export async function setImageKey(db: PoolClient, id: number, key: string | null): Promise<void> {
  await db.query(
    'UPDATE catalog.medicines SET image_key = $2, version = version + 1, updated_at = now() WHERE id = $1',
    [id, key],
  );
}

/**
 * One page of the owner's listings, newest first (id breaks ties), and how many there are.
 * The page's ids come first from the (owner_id, created_at DESC, id DESC) index, so details and
 * reserved quantities are read for the page only, whatever the owner has listed.
 */
export async function listOwnMedicines(
  db: Db,
  ownerId: number,
  page: { page: number; pageSize: number },
): Promise<{ rows: MedicineRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    db.query<MedicineRow>(
      `WITH page AS (
         SELECT id FROM catalog.medicines WHERE owner_id = $1
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3)
       ${selectMedicines}
        WHERE m.id IN (SELECT id FROM page)
        ORDER BY m.created_at DESC, m.id DESC`,
      [ownerId, page.pageSize, (page.page - 1) * page.pageSize],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog.medicines WHERE owner_id = $1', [
      ownerId,
    ]),
  ]);
  return { rows, total: count.rows[0]!.n };
}

export interface OwnTotals {
  listings: number;
  units: number;
  available: number;
  urgent: number;
}

/**
 * The owner's figures in one pass over their listings: counts, units listed (left + reserved by
 * live reservations) and the offered ones expiring within the urgent threshold (whole days left,
 * rounded up, 1..threshold, as `urgentStockCount` in libs/domain counts them).
 */
export async function ownTotals(db: Db, ownerId: number): Promise<OwnTotals> {
  const { rows } = await db.query<OwnTotals>(
    `SELECT count(*)::int AS listings,
            (COALESCE(sum(m.quantity), 0) + COALESCE((
              SELECT sum(r.quantity) FROM catalog.reservations r
                JOIN catalog.medicines rm ON rm.id = r.medicine_id
               WHERE rm.owner_id = $1 AND r.status = 'reserved'), 0))::int AS units,
            count(*) FILTER (WHERE ${availableSql})::int AS available,
            count(*) FILTER (WHERE ${availableSql} AND ${daysLeftSql} <= $2)::int AS urgent
       FROM catalog.medicines m
      WHERE m.owner_id = $1`,
    [ownerId, urgentThresholdDays],
  );
  return rows[0]!;
}

/**
 * The caller's available stock expiring within `days` (the header's expiry bell), soonest
 * first, at most `limit` rows, and how many there are in all.
 */
export async function listExpiring(
  db: Db,
  ownerId: number,
  days: number,
  limit: number,
): Promise<{ rows: MedicineRow[]; total: number }> {
  const where = `m.owner_id = $1 AND m.is_available AND m.quantity > 0
        AND m.expiry_date > now() AND m.expiry_date <= now() + make_interval(days => $2)`;
  const [{ rows }, count] = await Promise.all([
    db.query<MedicineRow>(`${selectMedicines} WHERE ${where} ORDER BY m.expiry_date, m.id LIMIT $3`, [
      ownerId,
      days,
      limit,
    ]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM catalog.medicines m WHERE ${where}`, [
      ownerId,
      days,
    ]),
  ]);
  return { rows, total: count.rows[0]!.n };
}

/**
 * Each sort's key in its default direction. Ties go by id in the same direction as the key (so
 * the reversed order is exactly the default one backwards): each order reads one index
 * (migration 004) from either end and stops after the page.
 */
const sortColumns = {
  expiry: { column: 'm.expiry_date', order: 'asc' },
  name: { column: 'lower(m.name)', order: 'asc' },
  // Free (no discount price) sorts as the cheapest.
  price: { column: 'COALESCE(m.discount_price, 0)', order: 'asc' },
  quantity: { column: 'm.quantity', order: 'desc' },
} as const;

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

/**
 * The total of `fromWhere` (a `FROM … WHERE …` clause): exact while the list is small (at most
 * `upTo` matches, counted with a LIMIT so counting stops there); above that the planner's row
 * estimate (never below what was counted), since counting 60,000 rows for a pager costs more
 * than the page itself.
 */
async function cappedTotal(db: Db, fromWhere: string, params: unknown[], upTo: number): Promise<ListTotal> {
  const key = `${upTo}\u0000${fromWhere}\u0000${JSON.stringify(params)}`;
  const cached = cachedEstimate(key);
  if (cached !== undefined) return { total: cached, estimated: true };
  const counted = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${Math.trunc(upTo) + 1}) page`,
    params,
  );
  const n = counted.rows[0]!.n;
  if (n <= upTo) return { total: n, estimated: false };
  const plan = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`,
    params,
  );
  const total = Math.max(n, Math.round(plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows']));
  keepEstimate(key, total);
  return { total, estimated: true };
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
  return { rows, ...(await cappedTotal(db, fromWhere, params, exactTotalUpTo)) };
}

/** The rows of a page of ids (CTE `page`) with their owners. */
const selectPage = selectMedicines.replace(
  'FROM catalog.medicines m',
  'FROM page JOIN catalog.medicines m ON m.id = page.id',
);

/** Owners suspended (or otherwise not approved) hide their stock; unknown owners do not. */
const ownerNotSuspended = `NOT EXISTS (SELECT 1 FROM catalog.users u WHERE u.id = m.owner_id AND u.status <> 'approved')`;

/**
 * Available medicines (isAvailable, quantity above 0, not expired) offered to the caller's role,
 * other than the caller's own, from owners not suspended. One page plus the total.
 * The page is chosen first (ids through the sort's index, stopping after the page) and only its
 * rows are joined with their owners.
 */
export async function browseMedicines(
  db: Db,
  callerId: number,
  visible: readonly RecipientType[],
  query: MedicineBrowseQuery,
  exactTotalUpTo = defaultExactTotalUpTo,
  searchCap = searchMatchCap,
): Promise<{ rows: MedicineRow[] } & ListTotal> {
  const params: unknown[] = [callerId, visible];
  const where = [
    'm.is_available',
    'm.quantity > 0',
    'm.expiry_date > now()',
    'm.owner_id <> $1',
    'm.recipient_type = ANY($2)',
    ownerNotSuspended,
  ];
  if (query.recipientType) {
    // "Offered to pharmacies" includes listings offered to both.
    const n = params.push(query.recipientType);
    where.push(
      query.recipientType === 'both' ? `m.recipient_type = $${n}` : `m.recipient_type IN ($${n}, 'both')`,
    );
  }
  if (query.q) {
    const n = params.push(likePattern(query.q));
    where.push(`(m.name ILIKE $${n} OR m.type ILIKE $${n})`);
  }
  if (query.source) where.push(`m.source = $${params.push(query.source)}`);
  if (query.urgent)
    where.push(`m.expiry_date <= now() + make_interval(days => $${params.push(urgentThresholdDays)})`);
  const fromWhere = `FROM catalog.medicines m WHERE ${where.join(' AND ')}`;
  const sort = sortColumns[query.sort];
  const direction = (query.order ?? sort.order) === 'desc' ? 'DESC' : 'ASC';
  const orderBy = `${sort.column} ${direction}, m.id ${direction === sort.order.toUpperCase() ? 'ASC' : 'DESC'}`;
  if (query.q) {
    const found = await searchedPage(db, fromWhere, sort.column, orderBy, params, query, searchCap);
    if (found) return found;
  }
  const limit = params.length + 1;
  return pageWithTotal(
    db,
    `WITH page AS (SELECT m.id ${fromWhere} ORDER BY ${orderBy} LIMIT $${limit} OFFSET $${limit + 1})
     ${selectPage} ORDER BY ${orderBy}`,
    fromWhere,
    params,
    query,
    exactTotalUpTo,
  );
}

/**
 * Up to this many matches of a search are gathered through the trigram indexes and sorted in
 * memory. A search matching few rows clusters in the sort order (all "كونكور…" names sit
 * together), so walking the sort's index and filtering read 90,000 rows to find 20 (200 ms);
 * the matches themselves cost ~6 µs each. A term matching more is common and spread out, so the
 * sort's index finds a page of it quickly. Measurements: docs/design.md, "Browse at national scale".
 */
export const searchMatchCap = 1000;

/** A searched page from the term's matches when they are few (exact total), else null. */
async function searchedPage(
  db: Db,
  fromWhere: string,
  sortColumn: string,
  orderBy: string,
  params: unknown[],
  { page, pageSize }: { page: number; pageSize: number },
  cap: number,
): Promise<({ rows: MedicineRow[] } & ListTotal) | null> {
  const limit = params.length + 1;
  const matchesOrder = orderBy.replace(sortColumn, 'k').replace('m.id', 'id');
  const { rows: found } = await db.query<{ n: number; ids: number[] }>(
    `WITH matches AS MATERIALIZED (SELECT m.id, ${sortColumn} AS k ${fromWhere} LIMIT ${Math.trunc(cap) + 1})
     SELECT (SELECT count(*) FROM matches)::int AS n,
            (SELECT COALESCE(array_agg(id ORDER BY ${matchesOrder}), '{}') FROM
               (SELECT id, k FROM matches ORDER BY ${matchesOrder} LIMIT $${limit} OFFSET $${limit + 1}) p) AS ids`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  const { n, ids } = found[0]!;
  if (n > cap) return null;
  if (ids.length === 0) return { rows: [], total: n, estimated: false };
  const { rows } = await db.query<MedicineRow>(`${selectMedicines} WHERE m.id = ANY($1)`, [ids]);
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return { rows, total: n, estimated: false };
}

/** Whole days left rounded up (spec §4), as SQL over `m.expiry_date`. */
export const daysLeftSql = `ceil(extract(epoch FROM (m.expiry_date - now())) / 86400)`;
/** Offered now: listed, units left, not expired (libs/domain `isAvailableListing`). */
const availableSql = `(m.is_available AND m.quantity > 0 AND m.expiry_date > now())`;
const expiryClassCondition = {
  expired: `${daysLeftSql} <= 0`,
  expiring: `${daysLeftSql} BETWEEN 1 AND 30`,
  fresh: `${daysLeftSql} > 30`,
} as const;

/**
 * One page of every listing matching the admin filters, with the total over all pages (capped
 * like browse). `q` searches name and type through their trigram indexes and the owner's name
 * through the users' one, as one list of ids.
 */
export async function listAllMedicines(
  db: Db,
  query: AdminMedicineQuery,
  exactTotalUpTo = defaultExactTotalUpTo,
): Promise<{ rows: MedicineRow[] } & ListTotal> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.q) {
    const n = params.push(likePattern(query.q));
    where.push(`m.id IN (SELECT id FROM catalog.medicines WHERE name ILIKE $${n}
                         UNION SELECT id FROM catalog.medicines WHERE type ILIKE $${n}
                         UNION SELECT mo.id FROM catalog.medicines mo JOIN catalog.users ou ON ou.id = mo.owner_id
                                WHERE ou.name ILIKE $${n})`);
  }
  if (query.source) where.push(`m.source = $${params.push(query.source)}`);
  if (query.available !== undefined) {
    where.push(
      query.available
        ? '(m.is_available AND m.quantity > 0 AND m.expiry_date > now())'
        : 'NOT (m.is_available AND m.quantity > 0 AND m.expiry_date > now())',
    );
  }
  if (query.expiry) where.push(expiryClassCondition[query.expiry]);
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
