import type { HandoverState, NeedMatch, RequestStatus } from '@medrelay/contracts';
import {
  availableSql,
  countsTowardNeedSql,
  daysLeftSql,
  greatCircleMetresSql,
  matchOrderSql,
  matchRequestQuantity,
  mayReceiveListingSql,
  needMatchThreshold,
  ownerNameBeforeApproval,
  partyNameSql,
  roundedDistanceKm,
  visibleToRoleSql,
  withinReachSql,
} from '@medrelay/domain';
import type { Pool, PoolClient } from '@medrelay/service-kit';
import { calledOffSql } from '../requests/repo';

type Db = Pool | PoolClient;

/** Which pairs a re-evaluation covers: these listings against all open needs, or the other way. */
export type MatchScope = { medicineIds: number[] } | { needIds: number[] };

/** A match stored for the first time by a re-evaluation, with what its notification says. */
export interface NewMatch {
  needId: number;
  needOwnerId: number;
  needText: string;
  medicineId: number;
  medicineName: string;
  quantity: number;
  daysLeft: number;
  /** What one tap requests: min(the need's accept-up-to or minimum, available). */
  take: number;
  /** From the needer's pickup point, rounded to 0.5 km; null when a point is unknown. */
  distanceKm: number | null;
}

const daysAt = (now: string) => daysLeftSql('m.expiry_date', now);
const days = daysAt('now()');

/**
 * A stored match of need `n` and listing `m` (owner `o`) that still holds at `now` (SQL): read
 * again when matches are shown or e-mailed, since what time alone changes (a day passing) sends no
 * event.
 */
const stillHoldsAt = (now: string) => `n.status = 'open' AND n.deleted_at IS NULL
  AND ${availableSql('m', now)} AND ${daysAt(now)} >= GREATEST(n.min_days_left, 1)
  AND coalesce(o.status = 'approved', true)`;
const stillHoldsSql = stillHoldsAt('now()');

/**
 * Metres between the needer's pickup point (`nu`, the needer in the users read model) and the
 * listing's: its own place, else its owner's (`o`); null when either is unknown.
 */
const listingPlace = (coordinate: 'lat' | 'lng') =>
  `CASE WHEN m.own_lat IS NOT NULL THEN m.own_${coordinate} ELSE o.${coordinate} END`;
/** The governorate a listing is collected in: its own place's, else its owner's. */
const collectedGovernorate = 'CASE WHEN m.own_lat IS NOT NULL THEN m.own_governorate ELSE o.governorate END';
const distanceSql = greatCircleMetresSql(['nu.lat', 'nu.lng'], [listingPlace('lat'), listingPlace('lng')]);

/**
 * Every (need, listing) pair of the scope that matches now (rules: libs/domain matching.ts):
 * names within trigram distance, dosage form when the need names one, offered to the needer's
 * role, listed with units left and not expired, enough days left and units, not the needer's own,
 * from an owner not suspended, for a needer not suspended (a user the read model does not know
 * yet counts as active, as in the catalog's browsing).
 */
function candidatesSql(scope: MatchScope): string {
  const where = 'medicineIds' in scope ? 'm.id = ANY($1::int[])' : 'n.id = ANY($1::int[])';
  return `
    SELECT n.id AS need_id, n.owner_id AS need_owner_id, n.medicine AS need_text, n.min_quantity,
           n.accept_up_to, m.id AS medicine_id,
           m.name AS medicine_name, m.quantity, ${days} AS days_left, d.distance_m,
           word_similarity(requests.match_text(n.medicine), requests.match_text(m.name)) AS score
      FROM requests.needs n
      JOIN requests.medicines m
        ON requests.match_text(n.medicine) <% requests.match_text(m.name)
       AND m.owner_id <> n.owner_id
       AND m.recipient_type = ANY(${visibleToRoleSql('n.owner_role')})
       AND ${availableSql('m')}
       AND ${days} >= GREATEST(n.min_days_left, 1)
       AND m.quantity >= n.min_quantity
       AND (n.dosage_form IS NULL OR n.dosage_form = m.type)
      LEFT JOIN requests.users o ON o.id = m.owner_id
      LEFT JOIN requests.users nu ON nu.id = n.owner_id
      CROSS JOIN LATERAL (SELECT ${distanceSql} AS distance_m) d
     WHERE ${where} AND n.status = 'open' AND n.deleted_at IS NULL
       AND coalesce(o.status = 'approved', true)
       -- A suspended needer's wanted list rests too (no matches, no notices, no pushes).
       AND coalesce(nu.status = 'approved', true)
       -- A donor's medicine goes to a licensed pharmacist only (an NGO without one is not matched to it).
       AND ${mayReceiveListingSql('m.source', 'nu.has_pharmacist')}
       AND ${withinReachSql('d.distance_m', 'n.reach_km', 'nu.lat IS NOT NULL')}`;
}

/**
 * Re-evaluates the scope's matches in one statement: pairs that no longer match are deleted,
 * new ones stored (a pair already stored stays, so a redelivered event adds nothing). Returns the
 * pairs stored for the first time. Runs inside the caller's transaction (the threshold is set
 * for it only).
 */
/** A user's open needs and own listings: what a change of their pickup point or standing re-checks. */
export async function matchScopesOfUser(
  db: Db,
  userId: number,
): Promise<{ needIds: number[]; medicineIds: number[] }> {
  const { rows } = await db.query<{ needIds: number[]; medicineIds: number[] }>(
    `SELECT ARRAY(SELECT id FROM requests.needs WHERE owner_id = $1 AND status = 'open' AND deleted_at IS NULL) AS "needIds",
            -- Those that may match, and those that have matches to drop (expired or unlisted ones neither).
            ARRAY(SELECT m.id FROM requests.medicines m WHERE m.owner_id = $1
                     AND (${availableSql('m')} OR EXISTS (SELECT 1 FROM requests.matches x WHERE x.medicine_id = m.id))
                 ) AS "medicineIds"`,
    [userId],
  );
  return rows[0]!;
}

/**
 * Match re-checks run one at a time, each holding the lock to its transaction's end: a listing's
 * re-check and a need's running together would each miss the other's uncommitted row (a match
 * never made, or a stale one kept). The one that waits reads the other's committed result.
 */
async function oneReCheckAtATime(client: PoolClient): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('requests.matching'))`);
}

/**
 * Drops the matches of those of `medicineIds` no longer available. What `refreshMatches` does for
 * them (an unavailable listing has no candidates), without comparing them with every need: the
 * expiry scan unlists tens of thousands at a time.
 */
export async function dropMatchesOfUnavailable(client: PoolClient, medicineIds: number[]): Promise<void> {
  await oneReCheckAtATime(client);
  await client.query(
    `DELETE FROM requests.matches x USING requests.medicines m
      WHERE x.medicine_id = m.id AND m.id = ANY($1::int[]) AND NOT ${availableSql('m')}`,
    [medicineIds],
  );
}

export async function refreshMatches(client: PoolClient, scope: MatchScope): Promise<NewMatch[]> {
  const ids = 'medicineIds' in scope ? scope.medicineIds : scope.needIds;
  if (ids.length === 0) return [];
  await oneReCheckAtATime(client);
  const scopeColumn = 'medicineIds' in scope ? 'medicine_id' : 'need_id';
  await client.query(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [
    String(needMatchThreshold),
  ]);
  const { rows } = await client.query<{
    need_id: number;
    need_owner_id: number;
    need_text: string;
    medicine_id: number;
    medicine_name: string;
    quantity: number;
    days_left: number;
    min_quantity: number;
    accept_up_to: number | null;
    distance_m: number | null;
  }>(
    `WITH candidates AS (${candidatesSql(scope)}),
     gone AS (
       DELETE FROM requests.matches x
        WHERE x.${scopeColumn} = ANY($1::int[])
          AND NOT EXISTS (SELECT 1 FROM candidates c
                           WHERE c.need_id = x.need_id AND c.medicine_id = x.medicine_id)),
     added AS (
       INSERT INTO requests.matches (need_id, medicine_id, score)
       SELECT need_id, medicine_id, score FROM candidates
       ON CONFLICT (need_id, medicine_id) DO UPDATE SET score = excluded.score
       RETURNING need_id, medicine_id, (xmax = 0) AS inserted)
     SELECT c.* FROM candidates c
       JOIN added a ON a.need_id = c.need_id AND a.medicine_id = c.medicine_id AND a.inserted`,
    [ids],
  );
  return rows.map((r) => ({
    needId: r.need_id,
    needOwnerId: r.need_owner_id,
    needText: r.need_text,
    medicineId: r.medicine_id,
    medicineName: r.medicine_name,
    quantity: r.quantity,
    daysLeft: r.days_left,
    take: matchRequestQuantity({ minQuantity: r.min_quantity, acceptUpTo: r.accept_up_to }, r.quantity),
    distanceKm: r.distance_m === null ? null : roundedDistanceKm(r.distance_m / 1000),
  }));
}

interface MatchRow {
  need_id: number;
  need_text: string;
  dosage_form: NeedMatch['need']['dosageForm'];
  min_quantity: number;
  accept_up_to: number | null;
  urgency: 'routine' | 'urgent';
  medicine_id: number;
  name: string;
  type: string;
  quantity: number;
  expiry_date: Date;
  recipient_type: string;
  source: 'pharmacy' | 'donor';
  discount_price: string | null;
  image_url: string | null;
  owner_id: number;
  owner_name: string | null;
  owner_governorate: NeedMatch['owner']['governorate'];
  owner_area: NeedMatch['owner']['area'];
  distance_m: number | null;
  request_id: number | null;
  request_status: RequestStatus | null;
  request_quantity: number | null;
  request_handover: HandoverState | null;
  request_called_off: boolean | null;
  days_left: number;
  same_governorate: boolean;
  score: number;
  total: string;
}

/**
 * One page of the needer's matches (optionally of one need), best first, in one statement: the
 * stored matches of their open, undeleted needs, and the listings they requested on a need that
 * count toward it (libs/domain needs.ts), so a need met by its requests still shows them. Each
 * with the needer's own request on that listing (the open one, else the latest). Every change
 * re-evaluates the stored matches; the passing of days is checked here.
 */
export async function listMatches(
  db: Db,
  ownerId: number,
  query: { needId?: number | undefined; page: number; pageSize: number },
): Promise<{ items: NeedMatch[]; total: number }> {
  const { rows } = await db.query<MatchRow>(
    `WITH pairs AS (
       SELECT x.need_id, x.medicine_id, x.score
         FROM requests.matches x
         JOIN requests.needs n ON n.id = x.need_id
         JOIN requests.medicines m ON m.id = x.medicine_id
         LEFT JOIN requests.users o ON o.id = m.owner_id
        WHERE n.owner_id = $1 AND ($2::int IS NULL OR n.id = $2) AND ${stillHoldsSql}
       UNION ALL
       SELECT nr.need_id, r.medicine_id, nr.score
         FROM requests.need_requests nr
         JOIN requests.needs n ON n.id = nr.need_id
         JOIN requests.requests r ON r.id = nr.request_id
        WHERE n.owner_id = $1 AND n.deleted_at IS NULL AND ($2::int IS NULL OR n.id = $2)
          AND ${countsTowardNeedSql('r', 'n')}),
     best AS (
       SELECT DISTINCT ON (need_id, medicine_id) * FROM pairs ORDER BY need_id, medicine_id, score DESC)
     SELECT * FROM (SELECT n.id AS need_id, n.medicine AS need_text, n.dosage_form, n.min_quantity,
            n.accept_up_to, n.urgency, m.id AS medicine_id, m.name, m.type, m.quantity, m.expiry_date,
            m.recipient_type, m.source, m.discount_price, m.image_url, m.owner_id,
            ${partyNameSql('o')} AS owner_name,
            -- Where it is collected: its own place, else its owner's; never a street address.
            ${collectedGovernorate} AS owner_governorate,
            CASE WHEN m.own_lat IS NOT NULL THEN m.own_area ELSE o.area END AS owner_area,
            ${distanceSql.replaceAll('nu.', 'me.')} AS distance_m,
            q.id AS request_id, q.status AS request_status, q.quantity AS request_quantity,
            q.handover AS request_handover, q.called_off AS request_called_off,
            coalesce(${countsTowardNeedSql('q', 'n')}, false) AS requested,
            p.score, ${days} AS days_left,
            coalesce(${collectedGovernorate} = me.governorate, false) AS same_governorate,
            count(*) OVER () AS total
       FROM best p
       JOIN requests.needs n ON n.id = p.need_id
       JOIN requests.medicines m ON m.id = p.medicine_id
       LEFT JOIN requests.users o ON o.id = m.owner_id
       LEFT JOIN requests.users me ON me.id = n.owner_id
       LEFT JOIN LATERAL (
         SELECT r.id, r.status, r.quantity, r.handover, r.created_at, ${calledOffSql('r')} AS called_off
           FROM requests.requests r
          WHERE r.requester_id = n.owner_id AND r.medicine_id = m.id
          ORDER BY r.status IN ('pending', 'approved') DESC, r.created_at DESC, r.id DESC
          LIMIT 1) q ON true) s
      ORDER BY ${matchOrderSql}
      LIMIT $3 OFFSET $4`,
    [ownerId, query.needId ?? null, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    items: rows.map((r) => ({
      needId: r.need_id,
      need: {
        medicine: r.need_text,
        dosageForm: r.dosage_form,
        minQuantity: r.min_quantity,
        acceptUpTo: r.accept_up_to,
        urgency: r.urgency,
      },
      medicine: {
        id: r.medicine_id,
        name: r.name,
        type: r.type,
        quantity: r.quantity,
        expiryDate: r.expiry_date.toISOString(),
        recipientType: r.recipient_type,
        source: r.source,
        discountPrice: r.discount_price === null ? null : Number(r.discount_price),
        imageUrl: r.image_url,
      },
      owner: {
        id: r.owner_id,
        // A private donor's name stays theirs until an approval (the request's contact gives it).
        name: ownerNameBeforeApproval(r.source, r.owner_name),
        governorate: r.owner_governorate,
        area: r.owner_area,
      },
      distanceKm: r.distance_m === null ? null : roundedDistanceKm(r.distance_m / 1000),
      request:
        r.request_id === null
          ? null
          : {
              id: r.request_id,
              status: r.request_status!,
              quantity: r.request_quantity!,
              handover: r.request_handover,
              calledOff: r.request_called_off === true,
            },
      daysLeft: r.days_left,
      sameGovernorate: r.same_governorate,
      score: Math.round(r.score * 100) / 100,
    })),
  };
}

/** A user owed a match digest: their match notifications since the last digest. */
export interface DigestDue {
  userId: number;
  email: string;
  name: string;
  language: 'en' | 'ar';
  userType: string;
  active: boolean;
  /** The match notifications this digest covers (each is covered once). */
  ids: number[];
  /**
   * Those whose match still holds: a listing unlisted or a need closed since is not e-mailed. Their
   * units, days left, distance and what one tap requests are read as the digest is sent (the
   * notification's own figures may be hours old: units taken by others meanwhile, a day passed,
   * the needer moved).
   */
  items: Array<{ medicineId: number; params: Record<string, string | number> }>;
}

/** A covered notification whose match still holds, with the listing as it is now. */
interface DigestItemRow {
  medicineId: number;
  params: Record<string, string | number>;
  quantity: number;
  days: number;
  minQuantity: number;
  acceptUpTo: number | null;
  distanceM: number | null;
}

/**
 * Users with match notifications no digest covered yet and no digest in the past hour, locked
 * (SKIP LOCKED: two instances running the job share the users instead of doubling them).
 */
export async function digestsDue(client: PoolClient, now: Date, limit = 500): Promise<DigestDue[]> {
  const now$ = '$1::timestamptz';
  const { rows } = await client.query<Omit<DigestDue, 'items'> & { items: DigestItemRow[] }>(
    `SELECT u.id AS "userId", u.email, u.name, u.language, u.user_type AS "userType",
            u.status = 'approved' AS active, p.ids, p.items
       FROM requests.users u
       LEFT JOIN requests.match_digests d ON d.user_id = u.id
       CROSS JOIN LATERAL (
         SELECT array_agg(nt.id ORDER BY nt.id) AS ids,
                coalesce(json_agg(json_build_object('medicineId', nt.medicine_id, 'params', nt.params,
                                    'quantity', h.quantity, 'days', h.days, 'minQuantity', h.min_quantity,
                                    'acceptUpTo', h.accept_up_to, 'distanceM', h.distance_m)
                                  ORDER BY nt.id) FILTER (WHERE h.quantity IS NOT NULL),
                         '[]') AS items
           FROM requests.notifications nt
           LEFT JOIN LATERAL (
             SELECT m.quantity, ${daysAt(now$)} AS days, n.min_quantity, n.accept_up_to, far.distance_m
               FROM requests.matches x
               JOIN requests.needs n ON n.id = x.need_id
               JOIN requests.medicines m ON m.id = x.medicine_id
               LEFT JOIN requests.users o ON o.id = m.owner_id
               LEFT JOIN requests.users nu ON nu.id = n.owner_id
               CROSS JOIN LATERAL (SELECT ${distanceSql} AS distance_m) far
              WHERE x.need_id = (nt.params->>'needId')::int AND x.medicine_id = nt.medicine_id
                AND ${stillHoldsAt(now$)}) h ON true
          WHERE nt.user_id = u.id AND nt.type = 'need-match' AND nt.digested_at IS NULL
            AND nt.id > coalesce(d.covered_through, 0)) p
      WHERE p.ids IS NOT NULL
        AND (d.sent_at IS NULL OR d.sent_at <= $1::timestamptz - interval '1 hour')
        AND u.id IN (SELECT user_id FROM requests.notifications WHERE type = 'need-match' AND digested_at IS NULL)
      ORDER BY u.id
      LIMIT $2
      FOR UPDATE OF u SKIP LOCKED`,
    [now.toISOString(), limit],
  );
  return rows.map(({ items, ...due }) => ({
    ...due,
    items: items.map((item) => {
      const { distance: _then, ...params } = item.params;
      return {
        medicineId: item.medicineId,
        params: {
          ...params,
          quantity: item.quantity,
          days: item.days,
          take: matchRequestQuantity(item, item.quantity),
          ...(item.distanceM === null ? {} : { distance: roundedDistanceKm(item.distanceM / 1000) }),
        },
      };
    }),
  }));
}

/**
 * Marks a digest's notifications covered; when it was sent (or, with e-mails off, skipped) the
 * hour until the next one starts. One with nothing left to say starts no hour.
 */
export async function recordDigest(client: PoolClient, due: DigestDue, now: Date, sent: boolean) {
  await client.query('UPDATE requests.notifications SET digested_at = $2 WHERE id = ANY($1::int[])', [
    due.ids,
    now.toISOString(),
  ]);
  if (!sent) return;
  await client.query(
    `INSERT INTO requests.match_digests (user_id, sent_at, last_notification_id) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET sent_at = excluded.sent_at,
       last_notification_id = excluded.last_notification_id`,
    [due.userId, now.toISOString(), Math.max(...due.ids)],
  );
}
