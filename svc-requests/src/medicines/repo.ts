import type { MedicineSnapshot } from '@medrelay/contracts';
import type { Pool, PoolClient } from '@medrelay/service-kit';

// svc-requests' copy of the catalog's medicines (the read model's SQL; read-model.ts consumes the events).

/**
 * Stores medicine snapshots, each unless a newer version is already there (events may arrive
 * late). One statement for any number of them (the expiry scan sends hundreds at once).
 */
export async function upsertMedicines(db: Pool | PoolClient, medicines: MedicineSnapshot[]): Promise<void> {
  await db.query(
    `INSERT INTO requests.medicines
       (id, owner_id, source, name, type, description, quantity, original_price, discount_price,
        expiry_date, recipient_type, image_url, is_available, created_at, version, gtin, batch, serial,
        own_area, own_governorate, own_lat, own_lng, categories)
     SELECT m."id", m."ownerId", m."source", m."name", m."type", m."description", m."quantity",
            m."originalPrice"::numeric, m."discountPrice"::numeric, m."expiryDate"::timestamptz,
            m."recipientType", m."imageUrl", m."isAvailable", m."createdAt"::timestamptz, m."version",
            m."gtin", m."batch", m."serial", m."ownPickup"->>'area', m."ownPickup"->>'governorate',
            (m."ownPickup"->>'lat')::float8, (m."ownPickup"->>'lng')::float8, m."categories"
       FROM jsonb_to_recordset($1::jsonb) AS m(
              "id" int, "ownerId" int, "source" text, "name" text, "type" text, "description" text,
              "quantity" int, "originalPrice" text, "discountPrice" text, "expiryDate" text,
              "recipientType" text, "imageUrl" text, "isAvailable" boolean, "createdAt" text, "version" int,
              "gtin" text, "batch" text, "serial" text, "ownPickup" jsonb, "categories" text[])
     ON CONFLICT (id) DO UPDATE SET
       owner_id = excluded.owner_id, source = excluded.source, name = excluded.name,
       type = excluded.type, description = excluded.description, quantity = excluded.quantity,
       original_price = excluded.original_price, discount_price = excluded.discount_price,
       expiry_date = excluded.expiry_date, recipient_type = excluded.recipient_type,
       image_url = excluded.image_url, is_available = excluded.is_available, version = excluded.version,
       gtin = excluded.gtin, batch = excluded.batch, serial = excluded.serial,
       own_area = excluded.own_area, own_governorate = excluded.own_governorate,
       own_lat = excluded.own_lat, own_lng = excluded.own_lng,
       -- A snapshot without categories (written before they were copied) keeps those known.
       categories = COALESCE(excluded.categories, requests.medicines.categories)
     WHERE requests.medicines.version < excluded.version`,
    [JSON.stringify(medicines)],
  );
}

/** An approved request on a listing, with the listing as the read model held it before a change. */
export interface ApprovedOnChangedListing {
  id: number;
  requester_id: number;
  quantity: number;
  was: ListingAsHeld;
}

/** What an approved requester is told about when it changes (listing-changes.ts). */
export interface ListingAsHeld {
  name: string;
  type: string;
  /** Null while no snapshot carrying them has arrived: unknown, so no change is claimed. */
  categories: string[] | null;
  gtin: string | null;
  batch: string | null;
  serial: string | null;
  expiryDate: Date;
}

/**
 * The approved requests on this listing whose pack (GTIN, batch, serial, expiry), name, type or
 * categories the snapshot changes, each with the listing as held before: read before the snapshot
 * is stored, so their requesters can be told what changed in what they will collect.
 */
export async function approvedWithListingChanged(
  db: PoolClient,
  m: MedicineSnapshot,
): Promise<ApprovedOnChangedListing[]> {
  const { rows } = await db.query<{ id: number; requester_id: number; quantity: number } & ListingAsHeld>(
    `SELECT r.id, r.requester_id, r.quantity, m.name, m.type, m.categories, m.gtin, m.batch, m.serial,
            m.expiry_date AS "expiryDate"
       FROM requests.requests r JOIN requests.medicines m ON m.id = r.medicine_id
      WHERE m.id = $1 AND r.status = 'approved' AND m.version < $2
        AND (m.gtin IS DISTINCT FROM $3 OR m.batch IS DISTINCT FROM $4 OR m.serial IS DISTINCT FROM $5
             OR m.expiry_date IS DISTINCT FROM $6::timestamptz OR m.name IS DISTINCT FROM $7
             OR m.type IS DISTINCT FROM $8
             OR ($9::text[] IS NOT NULL AND m.categories IS NOT NULL AND m.categories IS DISTINCT FROM $9::text[]))`,
    [
      m.id,
      m.version,
      m.gtin ?? null,
      m.batch ?? null,
      m.serial ?? null,
      m.expiryDate,
      m.name,
      m.type,
      m.categories ?? null,
    ],
  );
  return rows.map(({ id, requester_id, quantity, ...was }) => ({ id, requester_id, quantity, was }));
}

export const upsertMedicine = (db: Pool | PoolClient, m: MedicineSnapshot) => upsertMedicines(db, [m]);

/**
 * Listings the catalog unlisted, at their new versions: unavailable here too, unless a newer
 * change already arrived. One the read model never held stays absent (nothing can be requested
 * of it; a later change brings its snapshot).
 */
export async function unlistMedicines(
  db: Pool | PoolClient,
  medicines: ReadonlyArray<{ id: number; version: number }>,
): Promise<void> {
  await db.query(
    `UPDATE requests.medicines m SET is_available = false, version = u.version
       FROM unnest($1::int[], $2::int[]) AS u(id, version)
      WHERE m.id = u.id AND m.version < u.version`,
    [medicines.map((m) => m.id), medicines.map((m) => m.version)],
  );
}

/** A recall quarantined these listings (`reason`), or gave them back (null). */
export async function setQuarantine(
  db: PoolClient,
  medicineIds: number[],
  reason: string | null,
): Promise<void> {
  if (medicineIds.length === 0) return;
  await db.query('UPDATE requests.medicines SET quarantine_reason = $2 WHERE id = ANY($1::int[])', [
    medicineIds,
    reason,
  ]);
}

/** What a request's move needs of its medicine: the name (texts) and who offers it (pickup rules). */
export interface MedicineSummary {
  name: string;
  source: 'pharmacy' | 'donor';
}
/** When a listing's pack expires (the read model's), or null for a listing it does not know. */
export async function medicineExpiry(db: Pool | PoolClient, id: number): Promise<Date | null> {
  const { rows } = await db.query<{ expiry_date: Date }>(
    'SELECT expiry_date FROM requests.medicines WHERE id = $1',
    [id],
  );
  return rows[0]?.expiry_date ?? null;
}

export async function findMedicineSummary(
  db: Pool | PoolClient,
  id: number,
): Promise<MedicineSummary | null> {
  const { rows } = await db.query<MedicineSummary>(
    'SELECT name, source FROM requests.medicines WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}
