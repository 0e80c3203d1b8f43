import type { CustodyEntry, HandoverState, RequestStatus } from '@medrelay/contracts';
import { cairoTimeZone } from '@medrelay/domain';
import type { Pool, PoolClient } from '@medrelay/service-kit';
import Cursor from 'pg-cursor';

type Db = Pool | PoolClient;

/** Who made a move: a user (id, role, name as their token says) or the platform itself. */
export interface CustodyActor {
  id: number | null;
  role: string;
  name: string;
}

/** Who a custody entry names for a move made by this caller. */
export const actorOf = (caller: { id: number; role: string; name: string }): CustodyActor => ({
  id: caller.id,
  role: caller.role,
  name: caller.name,
});

/** The platform itself, for the moves it makes (a no-show released, a recall's cancellations). */
export const systemActor: CustodyActor = { id: null, role: 'system', name: 'MedRelay' };

/**
 * Appends the request's move to its custody log, in the caller's transaction, after the request
 * row was changed: status, quantity, parties, the listing and its pack codes are read as they
 * stand at that moment, so the entry says what was handed over even if the listing changes later.
 */
export async function recordCustody(
  db: PoolClient,
  entry: {
    requestId: number;
    fromStatus: RequestStatus | null;
    actor: CustodyActor;
  },
): Promise<void> {
  // The handover state is the row's own, as the move left it.
  await db.query(
    `INSERT INTO requests.custody_log
       (request_id, status, from_status, actor_id, actor_role, actor_name, medicine_id, medicine_name,
        owner_id, requester_id, gtin, batch, serial, quantity, confirmed_by_code, handover,
        window_starts_at, window_ends_at)
     SELECT r.id, r.status, $2, $3, $4, $5, r.medicine_id, m.name, r.owner_id, r.requester_id,
            m.gtin, m.batch, m.serial, r.quantity, r.handover IS NOT DISTINCT FROM 'code', r.handover,
            w.starts_at, w.ends_at
       FROM requests.requests r
       LEFT JOIN requests.medicines m ON m.id = r.medicine_id
       LEFT JOIN requests.pickup_windows w ON w.id = r.chosen_window_id
      WHERE r.id = $1`,
    [entry.requestId, entry.fromStatus, entry.actor.id, entry.actor.role, entry.actor.name],
  );
}

interface CustodyRow {
  id: string;
  request_id: number;
  at: Date;
  status: string;
  from_status: string | null;
  actor_id: number | null;
  actor_role: string;
  actor_name: string;
  medicine_id: number;
  medicine_name: string | null;
  owner_id: number;
  requester_id: number;
  gtin: string | null;
  batch: string | null;
  serial: string | null;
  quantity: number;
  confirmed_by_code: boolean;
  handover: HandoverState | null;
  window_starts_at: Date | null;
  window_ends_at: Date | null;
}

function toEntry(row: CustodyRow): CustodyEntry {
  return {
    id: Number(row.id),
    requestId: row.request_id,
    at: row.at.toISOString(),
    status: row.status,
    fromStatus: row.from_status,
    actorId: row.actor_id,
    actorRole: row.actor_role,
    actorName: row.actor_name,
    medicineId: row.medicine_id,
    medicineName: row.medicine_name,
    ownerId: row.owner_id,
    requesterId: row.requester_id,
    gtin: row.gtin,
    batch: row.batch,
    serial: row.serial,
    quantity: row.quantity,
    confirmedByCode: row.confirmed_by_code,
    handover: row.handover,
    pickupWindow:
      row.window_starts_at && row.window_ends_at
        ? { startsAt: row.window_starts_at.toISOString(), endsAt: row.window_ends_at.toISOString() }
        : null,
  };
}

/** The parties of a request (who may read its log), or null when there is no such request. */
export async function requestParties(
  db: Db,
  requestId: number,
): Promise<{ ownerId: number; requesterId: number } | null> {
  const { rows } = await db.query<{ owner_id: number; requester_id: number }>(
    'SELECT owner_id, requester_id FROM requests.requests WHERE id = $1',
    [requestId],
  );
  return rows[0] ? { ownerId: rows[0].owner_id, requesterId: rows[0].requester_id } : null;
}

export async function custodyOf(db: Db, requestId: number): Promise<CustodyEntry[]> {
  const { rows } = await db.query<CustodyRow>(
    'SELECT * FROM requests.custody_log WHERE request_id = $1 ORDER BY id',
    [requestId],
  );
  return rows.map(toEntry);
}

/**
 * One page of the whole log, oldest first. Export Data's pages come `after` an id: the next
 * entries through the primary key, with no count and no OFFSET, so the last page costs what the
 * first does.
 */
export async function custodyPage(
  db: Db,
  page: { page: number; pageSize: number; after?: number },
): Promise<{ items: CustodyEntry[]; total?: number }> {
  if (page.after !== undefined) {
    const { rows } = await db.query<CustodyRow>(
      'SELECT * FROM requests.custody_log WHERE id > $1 ORDER BY id LIMIT $2',
      [page.after, page.pageSize],
    );
    return { items: rows.map(toEntry) };
  }
  const [{ rows }, count] = await Promise.all([
    db.query<CustodyRow>('SELECT * FROM requests.custody_log ORDER BY id LIMIT $1 OFFSET $2', [
      page.pageSize,
      (page.page - 1) * page.pageSize,
    ]),
    db.query<{ n: string }>('SELECT count(*) AS n FROM requests.custody_log'),
  ]);
  return { items: rows.map(toEntry), total: Number(count.rows[0]!.n) };
}

/** The CSV's columns, in order: header → the cursor's column (already text, Cairo local time). */
export const custodyCsvColumns = [
  ['time_cairo', 'at_cairo'],
  ['request_id', 'request_id'],
  ['status', 'status'],
  ['from_status', 'from_status'],
  ['actor_id', 'actor_id'],
  ['actor_role', 'actor_role'],
  ['actor_name', 'actor_name'],
  ['listing_id', 'medicine_id'],
  ['medicine', 'medicine_name'],
  ['gtin', 'gtin'],
  ['batch', 'batch'],
  ['serial', 'serial'],
  ['quantity', 'quantity'],
  ['owner_id', 'owner_id'],
  ['requester_id', 'requester_id'],
  ['confirmed_by_code', 'confirmed_by_code'],
  ['handover', 'handover'],
  ['pickup_window_cairo', 'pickup_window'],
] as const;

export type CustodyCsvRow = Record<(typeof custodyCsvColumns)[number][1], string | number | boolean | null>;

/**
 * A server-side cursor over the entries of Cairo days `from`..`to` (both included), oldest first,
 * read a batch at a time by the caller: the range is never held in memory. Times come as Cairo
 * wall-clock text.
 */
export function custodyCursor(client: PoolClient, from: string, to: string): Cursor<CustodyCsvRow> {
  return client.query(
    new Cursor<CustodyCsvRow>(
      `SELECT to_char(at AT TIME ZONE $3, 'YYYY-MM-DD HH24:MI:SS') AS at_cairo, request_id, status,
              from_status, actor_id, actor_role, actor_name, medicine_id, medicine_name, gtin, batch,
              serial, quantity, owner_id, requester_id, confirmed_by_code, handover,
              CASE WHEN window_starts_at IS NULL THEN NULL ELSE
                to_char(window_starts_at AT TIME ZONE $3, 'YYYY-MM-DD HH24:MI') || '–' ||
                to_char(window_ends_at AT TIME ZONE $3, 'HH24:MI') END AS pickup_window
         FROM requests.custody_log
        WHERE at >= ($1::date::timestamp AT TIME ZONE $3)
          AND at < (($2::date + 1)::timestamp AT TIME ZONE $3)
        ORDER BY at, id`,
      [from, to, cairoTimeZone],
    ),
  );
}
