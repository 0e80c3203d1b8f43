import {
  userTypes,
  type AdminRequestQuery,
  type Contact,
  type HandoverState,
  type MedicineRequest,
  type MedicineSource,
  type RecipientType,
  type RequestCreate,
  type RequestStatus,
  type RequestStatusFilter,
  type Transaction,
  type UserType,
} from '@medrelay/contracts';
import {
  availableSql,
  calledOffSql as calledOffOver,
  contactVisible,
  isCalledOff,
  mapLink,
  ownerNameBeforeApproval,
  partyName,
  requestStatusFilterSql,
  visibleRecipientTypes,
  type AreaKey,
  type Governorate,
  type UnitPrices,
} from '@medrelay/domain';
import { countsAsCollectedSql } from '@medrelay/domain/handover';
import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

export interface RequestRow {
  id: number;
  medicine_id: number;
  requester_id: number;
  owner_id: number;
  status: RequestStatus;
  quantity: number;
  notes: string | null;
  pickup_location: string | null;
  pickup_date: Date | null;
  unit_price: string | null;
  original_unit_price: string | null;
  handover: HandoverState | null;
  created_at: Date;
  updated_at: Date;
  /** Null until completed, and for requests completed before migration 072 (their updated_at then). */
  completed_at: Date | null;
  /** The listing's prices when the request was made (migration 075); null for older requests. */
  asked_prices: UnitPrices | null;
  asked_quantity: number | null;
}

interface ListRow extends RequestRow {
  m_id: number | null;
  m_name: string;
  m_type: string;
  m_description: string | null;
  m_quantity: number;
  m_original_price: string | null;
  m_discount_price: string | null;
  m_expiry_date: Date;
  m_recipient_type: RecipientType;
  m_image_url: string | null;
  m_is_available: boolean;
  m_source: MedicineSource;
  m_owner_id: number;
  requester_name: string | null;
  requester_type: UserType | null;
  requester_phone: string | null;
  requester_organization: string | null;
  requester_email: string | null;
  provider_phone: string | null;
  provider_organization: string | null;
  provider_name: string | null;
  provider_type: UserType | null;
  provider_email: string | null;
  provider_address: string | null;
  closed_reason: string | null;
  ended_by_platform: boolean | null;
  left_approval: boolean | null;
  /** The pickup window the parties agreed on (chosen, or a proposal accepted), if any. */
  agreed_starts_at: Date | null;
  agreed_ends_at: Date | null;
  /** Whether pickup windows were ever offered (a request approved before them has a date only). */
  has_windows: boolean;
  pickup_area: AreaKey | null;
  pickup_governorate: Governorate | null;
  pickup_lat: number | null;
  pickup_lng: number | null;
  recall_hold: string | null;
  recall_quarantine: { recallId: number; reason: string; acknowledgedAt: string | null } | null;
}

/**
 * Whether a request's end left an approval (a pickup called off: the request's `calledOff`); for
 * an end older than the custody log (migration 013), whether agreed prices were recorded: only
 * approvals do. Null before any end.
 */
const leftApprovalSql = (alias: string) => `
  coalesce((SELECT c.from_status = 'approved' FROM requests.custody_log c
             WHERE c.request_id = ${alias}.id AND c.status IN ('rejected', 'cancelled')
             ORDER BY c.id DESC LIMIT 1),
           ${alias}.unit_price IS NOT NULL OR ${alias}.original_unit_price IS NOT NULL)`;

/** A rejected or cancelled request that ended an approval: a pickup called off, figured apart. */
export const calledOffSql = (alias: string) => calledOffOver(alias, leftApprovalSql(alias));

/** Rows the status filters select, as their badges read (a pickup called off apart). */
const statusFilterSql = (filters: readonly RequestStatusFilter[], alias: string) =>
  requestStatusFilterSql(filters, alias, leftApprovalSql(alias));

/** Requests with the medicine and both parties from the read models (null until their events arrive). */
const selectRequests = `
  SELECT r.*,
         m.id AS m_id, m.name AS m_name, m.type AS m_type, m.description AS m_description,
         m.quantity AS m_quantity, m.original_price AS m_original_price,
         m.discount_price AS m_discount_price, m.expiry_date AS m_expiry_date,
         m.recipient_type AS m_recipient_type, m.image_url AS m_image_url,
         m.is_available AS m_is_available, m.source AS m_source, m.owner_id AS m_owner_id,
         ru.name AS requester_name, ru.user_type AS requester_type,
         ru.phone AS requester_phone, ru.organization_name AS requester_organization,
         ru.email AS requester_email,
         ou.name AS provider_name, ou.user_type AS provider_type,
         ou.email AS provider_email, ou.address AS provider_address,
         ou.phone AS provider_phone, ou.organization_name AS provider_organization,
         -- Where it is collected: the listing's own place, else its owner's; the point the owner's
         -- pickup offer gave, once there is one. The owner's own point is theirs as libs/domain
         -- pickupPointOf has it (their pin, else their area's centre): a donor's shared point
         -- (ou.lat) is only its area's centre, while the pin she set is what an approval promises.
         CASE WHEN m.own_lat IS NOT NULL THEN m.own_area ELSE ou.area END AS pickup_area,
         CASE WHEN m.own_lat IS NOT NULL THEN m.own_governorate ELSE ou.governorate END AS pickup_governorate,
         CASE WHEN r.pickup_lat IS NOT NULL THEN r.pickup_lat WHEN m.own_lat IS NOT NULL THEN m.own_lat
              WHEN ou.pin_lat IS NOT NULL AND ou.pin_lng IS NOT NULL THEN ou.pin_lat ELSE ou.lat END AS pickup_lat,
         CASE WHEN r.pickup_lat IS NOT NULL THEN r.pickup_lng WHEN m.own_lat IS NOT NULL THEN m.own_lng
              WHEN ou.pin_lat IS NOT NULL AND ou.pin_lng IS NOT NULL THEN ou.pin_lng ELSE ou.lng END AS pickup_lng,
         (SELECT h.reason FROM requests.recall_holds h WHERE h.request_id = r.id
           ORDER BY h.created_at DESC, h.recall_id DESC LIMIT 1) AS recall_hold,
         -- Who made the last move: the platform's own ends (custody actor 'system').
         (SELECT c.actor_role = 'system' FROM requests.custody_log c WHERE c.request_id = r.id
           ORDER BY c.id DESC LIMIT 1) AS ended_by_platform,
         -- Whether its end left an approval (a pickup called off).
         ${leftApprovalSql('r')} AS left_approval,
         -- The pickup time agreed (its window), and whether windows were offered at all.
         aw.starts_at AS agreed_starts_at, aw.ends_at AS agreed_ends_at,
         EXISTS (SELECT 1 FROM requests.pickup_windows pw WHERE pw.request_id = r.id) AS has_windows,
         -- Units collected from a batch under a recall in force (recalls/reach-repo.ts).
         (SELECT jsonb_build_object('recallId', q.recall_id, 'reason', rc.reason,
                                    'acknowledgedAt', p.acknowledged_at)
            FROM requests.recall_holdings q
            JOIN requests.recalls rc ON rc.recall_id = q.recall_id
            JOIN requests.recall_parties p ON p.recall_id = q.recall_id AND p.user_id = q.user_id
           WHERE q.request_id = r.id AND q.holding = 'collected'
             AND NOT EXISTS (SELECT 1 FROM requests.lifted_recalls l WHERE l.recall_id = q.recall_id)
           ORDER BY q.recall_id DESC LIMIT 1) AS recall_quarantine
    FROM requests.requests r
    LEFT JOIN requests.medicines m ON m.id = r.medicine_id
    LEFT JOIN requests.users ru ON ru.id = r.requester_id
    LEFT JOIN requests.users ou ON ou.id = r.owner_id
    LEFT JOIN requests.pickup_windows aw ON aw.id = r.chosen_window_id`;

/**
 * The other party's contact for a party of an approved or collected request; null for anyone
 * else (admins read without a viewer) and before approval.
 */
function contactFor(row: ListRow, viewerId?: number): Contact | null {
  if (viewerId === undefined || !contactVisible(row.status)) return null;
  const side = viewerId === row.requester_id ? 'provider' : viewerId === row.owner_id ? 'requester' : null;
  if (!side) return null;
  const name = side === 'provider' ? row.provider_name : row.requester_name;
  const userType = side === 'provider' ? row.provider_type : row.requester_type;
  if (name === null || userType === null) return null;
  const organization = side === 'provider' ? row.provider_organization : row.requester_organization;
  return {
    userId: side === 'provider' ? row.owner_id : row.requester_id,
    userType,
    name,
    organizationName: userType === 'pharmacy' ? name : userType === 'ngo' ? organization : null,
    phone: (side === 'provider' ? row.provider_phone : row.requester_phone) || null,
  };
}

/** The exact pickup point, for the two parties of an approved or collected request only. */
function pickupPointFor(row: ListRow, viewerId?: number): MedicineRequest['pickupPoint'] {
  const party = viewerId === row.requester_id || viewerId === row.owner_id;
  if (!party || !contactVisible(row.status) || row.pickup_lat === null || row.pickup_lng === null)
    return null;
  return { lat: row.pickup_lat, lng: row.pickup_lng, mapUrl: mapLink(row.pickup_lat, row.pickup_lng) };
}

function toRequest(row: ListRow, viewerId?: number): MedicineRequest {
  const direction =
    viewerId === undefined ? undefined : row.requester_id === viewerId ? 'outgoing' : ('incoming' as const);
  return {
    id: row.id,
    medicineId: row.medicine_id,
    requesterId: row.requester_id,
    providerId: row.owner_id,
    status: row.status,
    quantity: row.quantity,
    notes: row.notes,
    // The street the owner's offer named: the requester's while approved or collected only, as
    // the pickup point is (a donor's home once she has called it off).
    pickupLocation: viewerId === row.requester_id && !contactVisible(row.status) ? null : row.pickup_location,
    pickupDate: row.pickup_date?.toISOString() ?? null,
    unitPrice: row.unit_price,
    originalUnitPrice: row.original_unit_price,
    askedPrices: row.asked_prices,
    askedQuantity: row.asked_quantity ?? row.quantity,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    completedAt: row.status === 'completed' ? (row.completed_at ?? row.updated_at).toISOString() : null,
    ...(direction ? { direction } : {}),
    medicine:
      row.m_id === null
        ? null
        : {
            id: row.m_id,
            name: row.m_name,
            type: row.m_type,
            description: row.m_description,
            quantity: row.m_quantity,
            originalPrice: row.m_original_price,
            discountPrice: row.m_discount_price,
            expiryDate: row.m_expiry_date.toISOString(),
            recipientType: row.m_recipient_type,
            imageUrl: row.m_image_url,
            isAvailable: row.m_is_available,
            source: row.m_source,
            pharmacyId: row.m_source === 'pharmacy' ? row.m_owner_id : null,
            donorId: row.m_source === 'donor' ? row.m_owner_id : null,
          },
    // Each party by the name it goes by for others, as notices and e-mails name it (libs/domain
    // `partyName`): an NGO's organisation; the contact also names the person.
    requester:
      row.requester_name === null
        ? null
        : {
            id: row.requester_id,
            name: partyName(row.requester_name, row.requester_organization),
            userType: row.requester_type!,
          },
    provider:
      row.provider_name === null
        ? null
        : {
            id: row.owner_id,
            // A private donor's name reaches the requester with an approval, as her contact does.
            name:
              viewerId === row.requester_id && !contactVisible(row.status)
                ? ownerNameBeforeApproval(
                    row.provider_type === 'donor' ? 'donor' : 'pharmacy',
                    partyName(row.provider_name, row.provider_organization),
                  )
                : partyName(row.provider_name, row.provider_organization),
            userType: row.provider_type!,
          },
    contact: contactFor(row, viewerId),
    pickupPlace: { area: row.pickup_area, governorate: row.pickup_governorate },
    pickupPoint: pickupPointFor(row, viewerId),
    recallHold: row.recall_hold,
    recallQuarantine: row.recall_quarantine && {
      ...row.recall_quarantine,
      // jsonb writes PostgreSQL's timestamp text: the API's is ISO.
      acknowledgedAt:
        row.recall_quarantine.acknowledgedAt && new Date(row.recall_quarantine.acknowledgedAt).toISOString(),
    },
    closedReason: row.closed_reason,
    endedByPlatform:
      (row.status === 'rejected' || row.status === 'cancelled') && row.ended_by_platform === true,
    calledOff: isCalledOff(row.status, row.left_approval),
    handover: row.handover,
  };
}

/** A request with where and how to collect it, once approved (spec §2 history). */
function toTransaction(row: ListRow, viewerId?: number): Transaction {
  const collectable = row.status === 'approved' || row.status === 'completed';
  const fromPharmacy = row.m_source === 'pharmacy' || row.provider_type === 'pharmacy';
  return {
    ...toRequest(row, viewerId),
    pickup: collectable
      ? {
          pharmacyName:
            fromPharmacy && row.provider_name !== null
              ? partyName(row.provider_name, row.provider_organization)
              : null,
          address: fromPharmacy ? row.provider_address : null,
          // The other party's: the owner reads the requester's (its own was given before), anyone
          // else the pharmacy's, for pharmacy stock.
          contactEmail:
            viewerId !== undefined && viewerId === row.owner_id
              ? row.requester_email
              : fromPharmacy
                ? row.provider_email
                : null,
          location: row.pickup_location,
          // The time agreed, never an offered one the requester has yet to pick (pickupDate follows
          // the earliest offered window until then); a request approved before windows has its date.
          date: row.agreed_starts_at
            ? row.agreed_starts_at.toISOString()
            : row.has_windows
              ? null
              : (row.pickup_date?.toISOString() ?? null),
          window:
            row.agreed_starts_at && row.agreed_ends_at
              ? { startsAt: row.agreed_starts_at.toISOString(), endsAt: row.agreed_ends_at.toISOString() }
              : null,
        }
      : null,
  };
}

export async function insertRequest(
  db: PoolClient,
  requesterId: number,
  ownerId: number,
  input: RequestCreate,
  askedPrices: UnitPrices,
): Promise<RequestRow> {
  const { rows } = await db.query<RequestRow>(
    `INSERT INTO requests.requests (medicine_id, requester_id, owner_id, quantity, notes, asked_prices)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [
      input.medicineId,
      requesterId,
      ownerId,
      input.quantity,
      input.notes,
      { discountPrice: askedPrices.discountPrice, originalPrice: askedPrices.originalPrice },
    ],
  );
  return rows[0]!;
}

/** The name of the partial unique index of migration 006 (one open request per requester and medicine). */
export const oneOpenRequestIndex = 'requests_one_open';

/** The caller's open (pending or approved) request for a medicine, if any. */
export async function findOpenRequestId(
  db: Db,
  requesterId: number,
  medicineId: number,
): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM requests.requests
      WHERE requester_id = $1 AND medicine_id = $2 AND status IN ('pending', 'approved')`,
    [requesterId, medicineId],
  );
  return rows[0]?.id ?? null;
}

export async function findRequest(db: Db, id: number, forUpdate = false): Promise<RequestRow | null> {
  const { rows } = await db.query<RequestRow>(
    `SELECT * FROM requests.requests WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** A request the platform ended, with the status it had (its custody entry's "from"). */
export type EndedRequest = RequestRow & { was: RequestStatus };

/**
 * Ends the open requests a suspended user is party to: pending ones on their listings rejected
 * (spec §4: the requester is told the medicine may no longer be available), every other one
 * (their own, and pickups already agreed either way) cancelled.
 */
export async function endOpenRequestsOf(db: PoolClient, userId: number): Promise<EndedRequest[]> {
  const { rows } = await db.query<EndedRequest>(
    `WITH open AS (
       SELECT id, status AS was FROM requests.requests
        WHERE status IN ('pending', 'approved') AND (requester_id = $1 OR owner_id = $1)
          FOR UPDATE)
     UPDATE requests.requests r
        SET status = CASE WHEN open.was = 'pending' AND r.owner_id = $1 THEN 'rejected' ELSE 'cancelled' END,
            updated_at = now()
       FROM open WHERE r.id = open.id
     RETURNING r.*, open.was`,
    [userId],
  );
  return rows;
}

/**
 * Rejects the pending requests on these listings that are no longer offered to their requester
 * (the read model's state): the listing unlisted or expired, or its owner now offering it to
 * other roles only (libs/domain `visibleRecipientTypes`, passed per role).
 */
export async function rejectPendingNotOffered(
  db: PoolClient,
  medicineIds: number[],
): Promise<EndedRequest[]> {
  const offeredTo = Object.fromEntries(userTypes.map((role) => [role, visibleRecipientTypes(role)]));
  const { rows } = await db.query<EndedRequest>(
    `UPDATE requests.requests r SET status = 'rejected', updated_at = now()
       FROM requests.medicines m, requests.users u
      WHERE m.id = r.medicine_id AND u.id = r.requester_id AND m.id = ANY($1::int[]) AND r.status = 'pending'
        AND (NOT m.is_available OR NOT (($2::jsonb -> u.user_type) ? m.recipient_type))
     RETURNING r.*, 'pending' AS was`,
    [medicineIds, JSON.stringify(offeredTo)],
  );
  return rows;
}

/** A move's outcome: the request's status and how it was handed over (null until completed). */
/** An approval of fewer units than asked: the request is for those from now on. */
/** The request is for fewer units than asked from now on; the first quantity asked is kept. */
export async function setRequestQuantity(db: PoolClient, id: number, quantity: number): Promise<void> {
  await db.query(
    'UPDATE requests.requests SET asked_quantity = coalesce(asked_quantity, quantity), quantity = $2 WHERE id = $1',
    [id, quantity],
  );
}

export async function updateRequestStatus(
  db: PoolClient,
  id: number,
  status: RequestStatus,
  handover: HandoverState | null,
): Promise<void> {
  await db.query(
    `UPDATE requests.requests
        SET status = $2, handover = $3, updated_at = now(),
            -- The collection's moment: the move to completed (a later confirmation keeps it).
            completed_at = CASE WHEN $2 = 'completed' AND status <> 'completed' THEN now() ELSE completed_at END
      WHERE id = $1`,
    [id, status, handover],
  );
}

/** The administrators the read model knows (told of a disputed handover). */
export async function adminIds(db: Db): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    "SELECT id FROM requests.users WHERE user_type = 'admin' AND status = 'approved' ORDER BY id",
  );
  return rows.map((r) => r.id);
}

/** Fixes the prices of an approved transfer: the listing's prices at the moment of approval. */
export async function recordAgreedPrices(
  db: PoolClient,
  id: number,
  prices: { discountPrice: string | null; originalPrice: string | null },
): Promise<void> {
  await db.query(`UPDATE requests.requests SET unit_price = $2, original_unit_price = $3 WHERE id = $1`, [
    id,
    prices.discountPrice,
    prices.originalPrice,
  ]);
}

export async function loadRequest(db: Db, id: number, viewerId?: number): Promise<MedicineRequest | null> {
  const { rows } = await db.query<ListRow>(`${selectRequests} WHERE r.id = $1`, [id]);
  return rows[0] ? toRequest(rows[0], viewerId) : null;
}

/** The filters of an owner's list (`RequestListQuery` without the paging). */
export interface RequestFilter {
  status?: RequestStatusFilter[] | undefined;
  direction?: 'incoming' | 'outgoing' | undefined;
  sort?: 'created' | 'updated';
}

const partyColumn = { outgoing: 'requester_id', incoming: 'owner_id' } as const;

/** WHERE clause of one side of the user's requests; `$1` is the user id. */
function sideWhere(direction: 'incoming' | 'outgoing', filter: RequestFilter): string {
  let where = `r.${partyColumn[direction]} = $1`;
  if (filter.status) where += ` AND ${statusFilterSql(filter.status, 'r')}`;
  return where;
}

/**
 * One page of the user's requests (made, and on own medicines), newest first, id breaking ties,
 * and the total. Each side walks its own (party, created_at, id) index and stops at the page's
 * end, so a page costs the rows up to it, not the user's whole history; details are joined
 * only for the page. The two sides never overlap (nobody requests their own medicine).
 */
async function pageForUser(
  db: Db,
  userId: number,
  filter: RequestFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: ListRow[]; total: number }> {
  const sides = filter.direction ? [filter.direction] : (['outgoing', 'incoming'] as const);
  const params: unknown[] = [userId];
  const wheres = sides.map((side) => sideWhere(side, filter));
  const reach = params.push(page.page * page.pageSize);
  const limit = params.push(page.pageSize);
  const offset = params.push((page.page - 1) * page.pageSize);
  const at = filter.sort === 'updated' ? 'updated_at' : 'created_at';
  const order = `ORDER BY at DESC, id DESC`;
  const side = (where: string) =>
    `(SELECT r.id, r.${at} AS at FROM requests.requests r WHERE ${where} ${order} LIMIT $${reach})`;
  const { rows } = await db.query<ListRow>(
    `WITH page AS (
       SELECT id, at FROM (${wheres.map(side).join(' UNION ALL ')}) s
        ${order} LIMIT $${limit} OFFSET $${offset})
     ${selectRequests} JOIN page ON page.id = r.id ORDER BY page.at DESC, r.id DESC`,
    params,
  );
  // A full first page needs no count; otherwise the total is counted on the same indexes.
  let total = (page.page - 1) * page.pageSize + rows.length;
  if (rows.length === page.pageSize || (!rows.length && page.page > 1)) {
    const counted = sides.map(
      (s) => `(SELECT count(*) FROM requests.requests r WHERE ${sideWhere(s, filter)})`,
    );
    const count = await db.query<{ n: string }>(`SELECT ${counted.join(' + ')} AS n`, [userId]);
    total = Number(count.rows[0]!.n);
  }
  return { rows, total };
}

export async function listForUser(
  db: Db,
  userId: number,
  filter: RequestFilter,
  page: { page: number; pageSize: number },
): Promise<{ items: MedicineRequest[]; total: number }> {
  const { rows, total } = await pageForUser(db, userId, filter, page);
  return { items: rows.map((row) => toRequest(row, userId)), total };
}

export async function transactionsForUser(
  db: Db,
  userId: number,
  filter: RequestFilter,
  page: { page: number; pageSize: number },
): Promise<{ items: Transaction[]; total: number }> {
  const { rows, total } = await pageForUser(db, userId, filter, page);
  return { items: rows.map((row) => toTransaction(row, userId)), total };
}

/** The user's requests grouped by what the summary figures tell apart (see requestSummary). */
export interface SummaryGroup {
  direction: 'incoming' | 'outgoing';
  /**
   * `disputed`: collections their owner disputed; `calledOff`: pickups called off after approval
   * (not in `rejected` or `cancelled`); `held`: approved pickups a recall holds (also in `approved`).
   */
  status: RequestStatus | 'disputed' | 'calledOff' | 'held';
  source: MedicineSource | null;
  unit_price: string | null;
  original_unit_price: string | null;
  /** Latest change in the group; for completed groups (one Cairo month each) the latest collection. */
  updated_at: Date;
  requests: number;
  units: string;
}

/**
 * Counts in SQL: one row per direction × status, and for completed requests (the only ones
 * the value and monthly figures read) one per source, agreed prices and month of collection;
 * never one row per request. Three small hash aggregates: one sort over all the user's
 * requests with these keys spilled to disk at 52k requests (503 ms, docs/performance.md).
 */
export async function summaryGroups(db: Db, userId: number, timeZone: string): Promise<SummaryGroup[]> {
  // When it was collected, not when its status last changed (a confirmation days later). A
  // collection its owner disputed is in no figure until an administrator sorts it out.
  const collectedAt = 'coalesce(r.completed_at, r.updated_at)';
  const open = (direction: 'incoming' | 'outgoing') =>
    `SELECT '${direction}' AS direction,
            CASE WHEN ${calledOffSql('r')} THEN 'calledOff' ELSE r.status END AS status,
            NULL AS source, NULL::numeric AS unit_price,
            NULL::numeric AS original_unit_price, max(r.updated_at) AS updated_at,
            count(*)::int AS requests, sum(r.quantity)::bigint AS units
       FROM requests.requests r WHERE r.${partyColumn[direction]} = $1 AND r.status <> 'completed'
      GROUP BY 2`;
  const direction = `CASE WHEN r.requester_id = $1 THEN 'outgoing' ELSE 'incoming' END`;
  /** Requests of the caller counted, with no prices or source, as the `status` of the group. */
  const apart = (status: 'disputed' | 'held', where: string) =>
    `SELECT ${direction}, '${status}', NULL, NULL::numeric, NULL::numeric, max(r.updated_at), count(*)::int,
            sum(r.quantity)::bigint
       FROM requests.requests r WHERE (r.requester_id = $1 OR r.owner_id = $1) AND ${where}
      GROUP BY 1`;
  const { rows } = await db.query<SummaryGroup>(
    `${open('outgoing')}
     UNION ALL ${open('incoming')}
     UNION ALL ${apart('disputed', `r.status = 'completed' AND NOT ${countsAsCollectedSql('r')}`)}
     UNION ALL ${apart('held', `r.status = 'approved' AND EXISTS (SELECT 1 FROM requests.recall_holds h WHERE h.request_id = r.id)`)}
     UNION ALL
     SELECT ${direction}, 'completed', m.source,
            r.unit_price, r.original_unit_price, max(${collectedAt}), count(*)::int, sum(r.quantity)::bigint
       FROM requests.requests r
       LEFT JOIN requests.medicines m ON m.id = r.medicine_id
      WHERE (r.requester_id = $1 OR r.owner_id = $1) AND ${countsAsCollectedSql('r')}
      GROUP BY 1, 3, 4, 5, date_trunc('month', ${collectedAt} AT TIME ZONE $2)`,
    [userId, timeZone],
  );
  return rows;
}

/**
 * Distinct medicines: own ones by the state of their requests (the donation badge of spec §4:
 * completed once one request is collected, else scheduled while one is pending or approved),
 * and the medicines the user received.
 */
export async function medicineCounts(
  db: Db,
  userId: number,
): Promise<{ completed: number; scheduled: number; available: number; received: number }> {
  const { rows } = await db.query<{
    completed: number;
    scheduled: number;
    available: number;
    received: number;
  }>(
    `SELECT count(*) FILTER (WHERE done)::int AS completed,
            count(*) FILTER (WHERE NOT done AND busy)::int AS scheduled,
            -- On offer now and Available by its badge: no request collected, pending or approved.
            (SELECT count(*)::int FROM requests.medicines m
              WHERE m.owner_id = $1 AND ${availableSql('m')}
                AND NOT EXISTS (SELECT 1 FROM requests.requests q WHERE q.medicine_id = m.id
                                 AND (q.status IN ('pending', 'approved') OR ${countsAsCollectedSql('q')}))) AS available,
            (SELECT count(DISTINCT medicine_id)::int FROM requests.requests r
              WHERE requester_id = $1 AND ${countsAsCollectedSql('r')}) AS received
       FROM (SELECT bool_or(${countsAsCollectedSql('r')}) AS done,
                    bool_or(r.status IN ('pending', 'approved')) AS busy
               FROM requests.requests r WHERE owner_id = $1 GROUP BY medicine_id) own`,
    [userId],
  );
  return rows[0]!;
}

/**
 * One page of every request (optionally of one status), with the total over all pages. Export
 * Data's pages come `after` an id: the next requests in id order, with no count and no OFFSET.
 */
export async function listAll(
  db: Db,
  query: AdminRequestQuery,
): Promise<{ items: Transaction[]; total?: number }> {
  const params: unknown[] = [];
  // A called-off pickup is filtered apart from the rejected and cancelled, as its badge shows it.
  const filter = query.status ? `WHERE ${statusFilterSql([query.status], 'r')}` : '';
  if (query.after !== undefined) {
    const after = `r.id > $${params.push(query.after)}`;
    const { rows } = await db.query<ListRow>(
      `${selectRequests} ${filter ? `${filter} AND ${after}` : `WHERE ${after}`}
        ORDER BY r.id LIMIT $${params.push(query.pageSize)}`,
      params,
    );
    return { items: rows.map((row) => toTransaction(row)) };
  }
  const count = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM requests.requests r ${filter}`,
    params,
  );
  const limit = params.push(query.pageSize);
  const offset = params.push((query.page - 1) * query.pageSize);
  // The page's ids first, from the (created_at, id) index: PostgreSQL computes a SELECT list
  // for every row it skips with OFFSET, and selectRequests' subqueries made deep pages slow.
  const { rows } = await db.query<ListRow>(
    `WITH page AS (
       SELECT r.id, r.created_at AS at FROM requests.requests r ${filter}
        ORDER BY r.created_at DESC, r.id DESC LIMIT $${limit} OFFSET $${offset})
     ${selectRequests} JOIN page ON page.id = r.id ORDER BY page.at DESC, r.id DESC`,
    params,
  );
  return { items: rows.map((row) => toTransaction(row)), total: Number(count.rows[0]!.n) };
}

/**
 * Requests on some of the owner's medicines counted by status (ids of others count nothing); a
 * collection the owner disputed counts in none (its units are back on offer).
 */
export async function statusCountsOf(
  db: Db,
  ownerId: number,
  medicineIds: number[],
): Promise<Array<{ medicine_id: number; status: RequestStatus; n: number }>> {
  const { rows } = await db.query<{ medicine_id: number; status: RequestStatus; n: number }>(
    `SELECT r.medicine_id, r.status, count(*)::int AS n FROM requests.requests r
      WHERE r.owner_id = $1 AND r.medicine_id = ANY($2::int[])
        AND (r.status <> 'completed' OR ${countsAsCollectedSql('r')})
      GROUP BY r.medicine_id, r.status`,
    [ownerId, medicineIds],
  );
  return rows;
}
