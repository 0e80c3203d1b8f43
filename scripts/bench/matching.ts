// Matching at scale: listings copied into svc-requests' read model and wanted-list
// needs seeded straight through SQL, then listings created through the gateway, timing the POST
// and the time until svc-requests has stored the listing's matches (the consumer applies the
// listing and matches it in one transaction, so the listing's row appearing there means done).
import type { Pool } from '@medrelay/service-kit';
import { request } from 'undici';
import { medicineNames, syntheticOwnerBase } from './seed';
import { summarize, type LatencySummary } from './stats';

export interface MatchingTiming {
  listings: number;
  needs: number;
  samples: number;
  /** POST /api/medicines through the gateway, a listing that matches needs / one that matches none. */
  postMatching: LatencySummary;
  postNoMatch: LatencySummary;
  /** From the POST's start until its matches are stored in svc-requests. */
  matchedAfter: LatencySummary;
  noMatchAppliedAfter: LatencySummary;
  matchesPerListing: number;
}

/** Needers live in the users read model only, above the synthetic listing owners. */
const neederBase = syntheticOwnerBase + 1_000_000;

/**
 * Copies the catalog's seeded listings and owners into svc-requests' read models (as the medicine
 * and user events would have) and adds `needs` open needs by 2,000 needers (80% NGOs) for the
 * first word of the seeded names, minimum quantities 1–20, minimum days left 0–90.
 */
export async function seedNeeds(pool: Pool, needs: number): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('SELECT setseed(0.16)');
    await client.query(
      `INSERT INTO requests.medicines (id, owner_id, source, name, type, description, quantity, original_price,
              discount_price, expiry_date, recipient_type, image_url, is_available, created_at, version)
       SELECT id, owner_id, source, name, type, description, quantity, original_price, discount_price,
              expiry_date, recipient_type, NULL, is_available, created_at, version
         FROM catalog.medicines ON CONFLICT (id) DO NOTHING`,
    );
    await client.query(
      `INSERT INTO requests.users (id, name, email, user_type, status, address, language, version)
       SELECT id, name, email, user_type, status, address, language, version FROM catalog.users
        WHERE id > ${syntheticOwnerBase} ON CONFLICT (id) DO NOTHING`,
    );
    await client.query(
      `INSERT INTO requests.users (id, name, email, user_type, status, language, version)
       SELECT ${neederBase} + g, 'Bench needer ' || g, 'needer' || g || '@bench.medrelay.invalid',
              CASE WHEN g % 5 = 0 THEN 'pharmacy' ELSE 'ngo' END, 'approved', 'en', 1
         FROM generate_series(1, 2000) g ON CONFLICT (id) DO NOTHING`,
    );
    const words = [...new Set(medicineNames.map((n) => n.split(' ')[0]!))];
    const { rowCount } = await client.query(
      `INSERT INTO requests.needs (owner_id, owner_role, medicine, min_quantity, min_days_left, urgency)
       SELECT ${neederBase} + o, CASE WHEN o % 5 = 0 THEN 'pharmacy' ELSE 'ngo' END,
              ($2::text[])[1 + floor(r1 * cardinality($2::text[]))::int], 1 + floor(r2 * 20)::int,
              floor(r3 * 90)::int, CASE WHEN r2 < 0.2 THEN 'urgent' ELSE 'routine' END
         FROM (SELECT 1 + floor(random() * 2000)::int AS o, random() AS r1, random() AS r2, random() AS r3
                 FROM generate_series(1, $1::int)) s`,
      [needs, words],
    );
    await client.query('VACUUM (ANALYZE) requests.medicines');
    await client.query('VACUUM (ANALYZE) requests.needs');
    await client.query('ANALYZE requests.users');
    return rowCount ?? 0;
  } finally {
    client.release();
  }
}

async function createAndWait(pool: Pool, gatewayUrl: string, token: string, name: string) {
  const t0 = performance.now();
  const expiry = new Date(Date.now() + 120 * 86400_000).toISOString().slice(0, 10);
  const res = await request(`${gatewayUrl}/api/medicines`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name,
      type: 'tablets',
      quantity: 50,
      originalPrice: 40,
      discountPrice: 20,
      expiryDate: expiry,
      recipientType: 'both',
    }),
  });
  const body = (await res.body.json()) as { id?: number };
  const posted = performance.now() - t0;
  if (res.statusCode !== 201 || !body.id)
    throw new Error(`Listing failed: ${res.statusCode} ${JSON.stringify(body)}`);
  for (;;) {
    const { rowCount } = await pool.query('SELECT 1 FROM requests.medicines WHERE id = $1', [body.id]);
    if (rowCount) break;
    if (performance.now() - t0 > 30_000) throw new Error(`Listing ${body.id} not matched within 30 s`);
    await new Promise((r) => setTimeout(r, 5));
  }
  const stored = performance.now() - t0;
  const { rows } = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM requests.matches WHERE medicine_id = $1',
    [body.id],
  );
  return { posted, stored, matches: rows[0]!.n };
}

/** `samples` listings of seeded names (they match needs) and as many of a name no need asks for. */
export async function timeMatching(
  pool: Pool,
  gatewayUrl: string,
  pharmacyToken: string,
  counts: { listings: number; needs: number },
  samples = 20,
): Promise<MatchingTiming> {
  const matching = [];
  const none = [];
  for (let i = 0; i < samples; i++) {
    // Alternating, so both see the same machine load.
    matching.push(await createAndWait(pool, gatewayUrl, pharmacyToken, medicineNames[(i * 7) % 60]!));
    none.push(await createAndWait(pool, gatewayUrl, pharmacyToken, `Qwxz bench ${i}`));
  }
  return {
    ...counts,
    samples,
    postMatching: summarize(matching.map((m) => m.posted)),
    postNoMatch: summarize(none.map((m) => m.posted)),
    matchedAfter: summarize(matching.map((m) => m.stored)),
    noMatchAppliedAfter: summarize(none.map((m) => m.stored)),
    matchesPerListing: Math.round(matching.reduce((n, m) => n + m.matches, 0) / samples),
  };
}
