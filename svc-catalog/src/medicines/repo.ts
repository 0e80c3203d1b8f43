import {
  medicinePhotoPath,
  photoKeyPattern,
  type Medicine,
  type MedicineCreate,
  type MedicineSnapshot,
  type MedicineSource,
  type MedicineUpdate,
  type PhotoSize,
  type RecipientType,
} from '@medrelay/contracts';
import {
  availableSql as availableSqlOf,
  daysLeftSql as daysLeftSqlOf,
  mayReceiveDonations,
  urgentThresholdDays,
  type DosageForm,
  type ListingForViewer,
  type MedicineCategory,
} from '@medrelay/domain';
import { areaOf, type AreaKey, type Governorate } from '@medrelay/domain/governorates';
import { pickupPointOf, roundedDistanceKm, type LatLng } from '@medrelay/domain/pickup-points';
import type { Pool, PoolClient } from '@medrelay/service-kit';
import type { BrowsingCaller } from './kept-browsing-callers';

export type Db = Pool | PoolClient;

export interface MedicineRow {
  id: number;
  owner_id: number;
  source: MedicineSource;
  name: string;
  /** A dosage form key (a CHECK constraint keeps it one, migration 006). */
  type: DosageForm;
  description: string | null;
  quantity: number;
  original_price: string | null;
  discount_price: string | null;
  expiry_date: Date;
  recipient_type: RecipientType;
  image_key: string | null;
  is_available: boolean;
  gtin: string | null;
  batch: string | null;
  serial: string | null;
  /** Set while an active recall quarantines the listing (migration 013). */
  quarantine_reason: string | null;
  categories: MedicineCategory[];
  version: number;
  created_at: Date;
  updated_at: Date;
  /** The listing's own pickup place, null when it is collected at its owner's point. */
  own_area: AreaKey | null;
  own_governorate: Governorate | null;
  own_lat: number | null;
  own_lng: number | null;
  /** Where it is collected (its own place, else its owner's), kept by triggers (migration 017). */
  pickup_area: AreaKey | null;
  pickup_governorate: Governorate | null;
  lat: number | null;
  lng: number | null;
  /** Metres from the caller's point, on browse pages read nearest first. */
  distance_m?: number | null;
  owner_name: string | null;
  /** False once the owner is suspended or rejected; true for an owner not yet in the read model. */
  owner_active: boolean;
  reserved_quantity: number;
}

/**
 * Medicines with their owner from the users read model (null until identity's event arrives).
 * `reserved_quantity` is a column kept by reserve/release, not a sum per row.
 */
export const selectMedicines = `
  SELECT m.*, u.name AS owner_name, coalesce(u.status = 'approved', true) AS owner_active
    FROM catalog.medicines m
    LEFT JOIN catalog.users u ON u.id = m.owner_id`;

/**
 * A photo's address: its random key (new with every upload) and size, never the listing's id.
 * A photo stored before re-encoding existed has none until it is converted (images/legacy.ts).
 */
export function imageUrlOf(row: Pick<MedicineRow, 'image_key'>, size: PhotoSize = 'large'): string | null {
  return row.image_key && photoKeyPattern.test(row.image_key) ? medicinePhotoPath(row.image_key, size) : null;
}

/** What the availability rule (libs/domain `isAvailableListing`) reads of a row. */
export const stockOf = (row: MedicineRow) => ({
  isAvailable: row.is_available,
  quantity: row.quantity,
  expiryDate: row.expiry_date,
  quarantined: row.quarantine_reason !== null,
});

/** What deciding who may see a listing (libs/domain `mayViewListing`) reads of a row. */
export const listingForViewer = (row: MedicineRow): ListingForViewer => ({
  ownerId: row.owner_id,
  recipientType: row.recipient_type,
  isAvailable: row.is_available,
  quantity: row.quantity,
  expiryDate: row.expiry_date.toISOString(),
  quarantined: row.quarantine_reason !== null,
  ownerActive: row.owner_active,
});

/**
 * A listing as the API answers it. `donorName`: whether a donor's name is shown — to the donor
 * and administrators; others (browsing NGOs and pharmacies) see only "Donor" and the area until
 * an approval gives the requester the donor's contact, as the pickup point is kept till then.
 */
export function toMedicine(row: MedicineRow, donorName = true): Medicine {
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
    thumbnailUrl: imageUrlOf(row, 'thumb'),
    isAvailable: row.is_available,
    gtin: row.gtin,
    batch: row.batch,
    serial: row.serial,
    quarantined: row.quarantine_reason !== null,
    quarantineReason: row.quarantine_reason,
    categories: row.categories,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    // Never the owner's street address, e-mail or phone: those come with an approval.
    pharmacy: isPharmacy && row.owner_name !== null ? { user: { name: row.owner_name } } : null,
    donor: !isPharmacy && donorName && row.owner_name !== null ? { name: row.owner_name } : null,
    pickupPlace: { area: row.pickup_area, governorate: row.pickup_governorate },
    ...(row.distance_m != null ? { distanceKm: roundedDistanceKm(row.distance_m / 1000) } : {}),
  };
}

/** Donor listings with their own pickup area and the point stored for it (migrating off pins). */
export async function donorListingPoints(
  db: Db,
): Promise<Array<{ id: number; own_area: AreaKey; own_lat: number; own_lng: number }>> {
  const { rows } = await db.query(
    `SELECT id, own_area, own_lat, own_lng FROM catalog.medicines
      WHERE source = 'donor' AND own_area IS NOT NULL AND own_lat IS NOT NULL`,
  );
  return rows;
}

/** Moves a listing's own point (its event follows from the caller). */
export async function setOwnPoint(db: PoolClient, id: number, point: LatLng): Promise<void> {
  await db.query(
    `UPDATE catalog.medicines SET own_lat = $2, own_lng = $3, version = version + 1, updated_at = now()
      WHERE id = $1`,
    [id, point.lat, point.lng],
  );
}

/** The own-place columns of a listing for its pickup area and pin (all null: its owner's point). */
export function ownPickupColumns(area: AreaKey | null | undefined, pin: LatLng | null | undefined) {
  if (!area) return { own_area: null, own_governorate: null, own_lat: null, own_lng: null };
  const point = pickupPointOf({ area, pin });
  return {
    own_area: area,
    own_governorate: areaOf(area).governorate,
    own_lat: point!.lat,
    own_lng: point!.lng,
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
    gtin: row.gtin,
    batch: row.batch,
    serial: row.serial,
    quarantined: row.quarantine_reason !== null,
    categories: row.categories,
    createdAt: row.created_at.toISOString(),
    version: row.version,
    ownPickup:
      row.own_area && row.own_governorate && row.own_lat !== null && row.own_lng !== null
        ? { area: row.own_area, governorate: row.own_governorate, lat: row.own_lat, lng: row.own_lng }
        : null,
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
  const own = ownPickupColumns(input.pickupArea, input.pickupPin);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO catalog.medicines
       (owner_id, source, name, type, description, quantity, original_price, discount_price, expiry_date,
        recipient_type, gtin, batch, serial, categories, own_area, own_governorate, own_lat, own_lng)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
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
      input.gtin ?? null,
      input.batch ?? null,
      input.serial ?? null,
      input.categories ?? [],
      own.own_area,
      own.own_governorate,
      own.own_lat,
      own.own_lng,
    ],
  );
  return rows[0]!.id;
}

/** The fields an edit writes (the quantity it saw is checked by the service, not stored). */
type WrittenChanges = Omit<MedicineUpdate, 'quantitySeen'>;

const updatableColumns: Record<Exclude<keyof WrittenChanges, 'pickupArea' | 'pickupPin'>, string> = {
  name: 'name',
  type: 'type',
  description: 'description',
  quantity: 'quantity',
  originalPrice: 'original_price',
  discountPrice: 'discount_price',
  expiryDate: 'expiry_date',
  recipientType: 'recipient_type',
  isAvailable: 'is_available',
  gtin: 'gtin',
  batch: 'batch',
  serial: 'serial',
  categories: 'categories',
};

/** Whether a write failed on `medicines_open_pack` (migration 008): the pack is already listed. */
export function isOpenPackConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && e.constraint === 'medicines_open_pack';
}

/** Applies the given fields and bumps the version (the medicine event carries it). */
export async function updateMedicine(db: PoolClient, id: number, patch: WrittenChanges): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  const { pickupArea, pickupPin, ...fields } = patch;
  for (const [field, value] of Object.entries(fields) as [keyof typeof updatableColumns, unknown][]) {
    if (value === undefined) continue;
    sets.push(`${updatableColumns[field]} = $${params.push(value)}`);
  }
  if (pickupArea !== undefined) {
    for (const [column, value] of Object.entries(ownPickupColumns(pickupArea, pickupPin)))
      sets.push(`${column} = $${params.push(value)}`);
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

/** The listing a photo key belongs to, with its owner (who may see it depends on both). */
export async function findListingByImageKey(db: Db, key: string): Promise<MedicineRow | null> {
  const { rows } = await db.query<MedicineRow>(`${selectMedicines} WHERE m.image_key = $1`, [key]);
  return rows[0] ?? null;
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
  /** libs/domain `listedUnits`, summed here. */
  listedUnits: number;
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
            COALESCE(sum(m.quantity) FILTER (WHERE ${availableSql}), 0)::int AS "listedUnits",
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
  // The interval (one day wider) keeps the index range; days left decides, as the bell counts.
  const where = `m.owner_id = $1 AND ${availableSql}
        AND m.expiry_date <= now() + make_interval(days => $2 + 1)
        AND ${daysLeftSql} <= $2`;
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

/** Days left (Cairo calendar days, libs/domain `daysLeft`), as SQL over `m.expiry_date`. */
export const daysLeftSql = daysLeftSqlOf('m.expiry_date');
/** Offered now: listed, units left, not expired (libs/domain `isAvailableListing`). */
export const availableSql = availableSqlOf('m');

/** Listings still holding a photo stored as uploaded (a file name with an extension), oldest first. */
export async function listingsWithLegacyPhotos(db: Db, limit: number) {
  const { rows } = await db.query<{ id: number; image_key: string }>(
    `SELECT id, image_key FROM catalog.medicines WHERE image_key LIKE '%.%' ORDER BY id LIMIT $1`,
    [limit],
  );
  return rows;
}

/**
 * What browse reads of a caller in the read model: their pickup point (null when they named no
 * place, or are not known yet) and whether donations may go to them.
 */
export async function browsingCallerOfUser(db: Db, userId: number): Promise<BrowsingCaller> {
  const { rows } = await db.query<{ lat: number | null; lng: number | null; has_pharmacist: boolean | null }>(
    {
      name: 'browsing-caller-of-user',
      text: 'SELECT lat, lng, has_pharmacist FROM catalog.users WHERE id = $1',
      values: [userId],
    },
  );
  const row = rows[0];
  return {
    point: row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    receivesDonations: mayReceiveDonations(row?.has_pharmacist),
  };
}
