// Listings at national scale, straight through SQL (one INSERT … SELECT each), in seconds.
// Only the existing columns are written; anything else (e.g. a reserved-quantity column) takes
// its default. Synthetic owners live in catalog's users read model only: nobody signs in as them.
import { availableSql } from '@medrelay/domain';
import type { Pool } from '@medrelay/service-kit';
import { cumulativeAreas, jitterDegrees } from './places';

/** Medicines sold in Egypt, as pharmacies would list them; some in Arabic. */
// prettier-ignore
export const medicineNames = [
  'Panadol Extra 500mg', 'Panadol Advance 500mg', 'Augmentin 1g', 'Augmentin 625mg', 'Concor 5mg',
  'Concor 2.5mg', 'Glucophage 500mg', 'Glucophage XR 750mg', 'Ventolin Inhaler', 'Brufen 400mg',
  'Brufen 600mg', 'Cataflam 50mg', 'Voltaren 75mg', 'Antinal 200mg', 'Flagyl 500mg', 'Amoxil 500mg',
  'Zithromax 500mg', 'Xithrone 500mg', 'Nexium 40mg', 'Controloc 40mg', 'Lipitor 20mg', 'Crestor 10mg',
  'Plavix 75mg', 'Aspocid 75mg', 'Janumet 50/1000mg', 'Galvus Met 50/850mg', 'Amaryl 2mg',
  'Diamicron MR 60mg', 'Insulatard Penfill', 'Mixtard 30 Penfill', 'Lantus SoloStar', 'Ketofan 50mg',
  'Congestal', 'Comtrex', 'Otrivin 0.1% Nasal Drops', 'Zyrtec 10mg', 'Claritine 10mg', 'Telfast 120mg',
  'Ciprobay 500mg', 'Tavanic 500mg', 'Motilium 10mg', 'Buscopan 10mg', 'Spasmo-digestin', 'Antodine 40mg',
  'Gaviscon Liquid', 'Daflon 500mg', 'Neurobion', 'Milga', 'Omega 3 Plus', 'Ferrotron', 'Folic Acid 5mg',
  'Vitacid C 1g', 'Farcolin Inhaler', 'Bronchicum Syrup', 'Cal-Mag', 'Epidrone', 'Tegretol 200mg',
  'Depakine Chrono 500mg', 'Lasix 40mg', 'Capoten 25mg', 'Norvasc 5mg', 'Insulin Glargine Pen',
  'Vitamin D3 Drops', 'Ceftriaxone 1g Vial', 'Paracetamol 500mg',
  'بانادول اكسترا', 'باراسيتامول ٥٠٠ مجم', 'أوجمنتين ١ جم', 'كونكور ٥ مجم', 'جلوكوفاج ٥٠٠ مجم',
  'فنتولين بخاخ', 'بروفين ٤٠٠ مجم', 'كتافلام ٥٠ مجم', 'أنتينال', 'فلاجيل ٥٠٠ مجم', 'نيكسيوم ٤٠ مجم',
  'كونجستال', 'أسبوسيد ٧٥ مجم', 'فيتامين د٣ نقط', 'إنسولين لانتوس',
];

// Dosage form keys (libs/domain), weighted as pharmacies list them.
// prettier-ignore
export const medicineTypes = [
  'tablets', 'tablets', 'tablets', 'tablets', 'capsules', 'capsules', 'syrup', 'injection', 'inhaler',
  'drops', 'cream', 'suppository', 'sachet', 'suspension', 'ointment', 'other',
];

/** Ids of the synthetic owners start above any real account's. */
export const syntheticOwnerBase = 10_000_000;

export interface SeedPlan {
  /** Listings by the synthetic owners. */
  listings: number;
  /** Synthetic owners (every fifth a donor, every twentieth suspended). */
  owners: number;
  /** A real pharmacy (a demo account) and how many listings it gets, for the `/my` case. */
  ownListings?: { ownerId: number; count: number };
}

/** The plan for `scale` listings: a few thousand owners, one pharmacy with ~3,300 listings. */
export function seedPlan(scale: number, pharmacyId: number): SeedPlan {
  const own = Math.min(3300, Math.floor(scale / 3));
  return {
    listings: scale - own,
    owners: Math.min(5000, Math.max(20, Math.round(scale / 30))),
    ownListings: { ownerId: pharmacyId, count: own },
  };
}

// Per row: owner, then independent draws for each field. Expiry spread over −30..+400 days;
// recipients 42% NGOs, 22% pharmacies, 36% both; 3% out of stock, 3% unlisted; donors give free.
// With 5% of owners suspended, about 2/3 of the listings are browsable by one NGO.
const insertListings = `
  WITH pick AS MATERIALIZED (
    SELECT COALESCE($3::int, ${syntheticOwnerBase} + 1 + floor(random() * $2)::int) AS owner_id,
           random() AS r_name, random() AS r_type, random() AS r_qty, random() AS r_price,
           random() AS r_disc, random() AS r_exp, random() AS r_rec, random() AS r_avail, random() AS r_new
      FROM generate_series(1, $1::int))
  INSERT INTO catalog.medicines
    (owner_id, source, name, type, description, quantity, original_price, discount_price,
     expiry_date, recipient_type, is_available, created_at)
  SELECT owner_id, src, ($4::text[])[1 + floor(r_name * cardinality($4::text[]))::int],
         ($5::text[])[1 + floor(r_type * cardinality($5::text[]))::int],
         CASE WHEN r_disc > 0.8 THEN 'Sealed boxes, stored below 25°C' END,
         CASE WHEN r_qty < 0.03 THEN 0 ELSE 1 + floor(r_qty * 200)::int END,
         CASE WHEN src = 'pharmacy' THEN round((10 + r_price * 490)::numeric, 2) END,
         CASE WHEN src = 'pharmacy' AND r_disc >= 0.3 THEN round(((10 + r_price * 490) * (0.2 + r_disc * 0.5))::numeric, 2) END,
         now() + make_interval(secs => (r_exp * 430 - 30) * 86400),
         CASE WHEN r_rec < 0.42 THEN 'ngos' WHEN r_rec < 0.64 THEN 'pharmacies' ELSE 'both' END,
         r_avail >= 0.03,
         now() - make_interval(secs => r_new * 180 * 86400)
    FROM (SELECT *, CASE WHEN $3::int IS NULL AND (owner_id - ${syntheticOwnerBase}) % 5 = 0
                         THEN 'donor' ELSE 'pharmacy' END AS src
            FROM pick) p`;

/** Inserts the plan's owners and listings, then VACUUM ANALYZE. Returns the rows inserted. */
export async function seedListings(pool: Pool, plan: SeedPlan, seed = 0.42): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('SELECT setseed($1)', [seed]);
    // Each owner at a real place, by population (bench/places.ts), pinned near its area's centre;
    // its listings take that point (the catalog's trigger, migration 017).
    const table = cumulativeAreas();
    await client.query(
      `INSERT INTO catalog.users (id, name, email, user_type, status, address, language, version,
                                  area, governorate, pin_lat, pin_lng, lat, lng)
       SELECT ${syntheticOwnerBase} + g,
              CASE WHEN g % 5 = 0 THEN 'Bench donor ' ELSE 'Bench pharmacy ' END || g,
              'owner' || g || '@bench.medrelay.invalid',
              CASE WHEN g % 5 = 0 THEN 'donor' ELSE 'pharmacy' END,
              CASE WHEN g % 20 = 7 THEN 'suspended' ELSE 'approved' END,
              g || ' El Tahrir St', CASE WHEN g % 3 = 0 THEN 'ar' ELSE 'en' END, 1,
              a.key, a.gov, a.lat + j.dlat, a.lng + j.dlng, a.lat + j.dlat, a.lng + j.dlng
         FROM generate_series(1, $1::int) g
        CROSS JOIN LATERAL (SELECT random() + 0 * g AS r, (random() - 0.5) * $7 AS dlat,
                                   (random() - 0.5) * $7 AS dlng) j
        CROSS JOIN LATERAL (
          SELECT * FROM unnest($2::text[], $3::text[], $4::float8[], $5::float8[], $6::float8[])
                   AS t(key, gov, lat, lng, up_to)
           WHERE t.up_to >= j.r ORDER BY t.up_to LIMIT 1) a
       ON CONFLICT (id) DO NOTHING`,
      [
        plan.owners,
        table.map((a) => a.key),
        table.map((a) => a.governorate),
        table.map((a) => a.lat),
        table.map((a) => a.lng),
        table.map((a) => a.upTo),
        jitterDegrees,
      ],
    );
    let inserted = 0;
    const insert = async (count: number, ownerId: number | null) => {
      if (count <= 0) return;
      const res = await client.query(insertListings, [
        count,
        plan.owners,
        ownerId,
        medicineNames,
        medicineTypes,
      ]);
      inserted += res.rowCount ?? 0;
    };
    await insert(plan.listings, null);
    if (plan.ownListings) await insert(plan.ownListings.count, plan.ownListings.ownerId);
    // VACUUM also merges the trigram indexes' pending lists (GIN fast update), as autovacuum
    // would on a live catalogue; before it every search scanned ~100,000 pending entries.
    await client.query('VACUUM (ANALYZE) catalog.medicines');
    await client.query('ANALYZE catalog.users');
    return inserted;
  } finally {
    client.release();
  }
}

/** How many listings `callerId` may browse, by the browse rules (for the report). */
export async function browsableBy(pool: Pool, callerId: number, visible: readonly string[]): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM catalog.medicines m LEFT JOIN catalog.users u ON u.id = m.owner_id
      WHERE ${availableSql()} AND m.owner_id <> $1
        AND m.recipient_type = ANY($2) AND (u.status IS NULL OR u.status = 'approved')`,
    [callerId, visible],
  );
  return rows[0]!.n;
}
