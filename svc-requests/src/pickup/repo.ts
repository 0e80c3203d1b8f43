import type { NoShowCount, PickupPlan, PickupWindow, RequestStatus } from '@medrelay/contracts';
import { mapLink, windowInputOf } from '@medrelay/domain';
import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

export interface PickupRequestRow {
  id: number;
  status: RequestStatus;
  owner_id: number;
  requester_id: number;
  medicine_id: number;
  quantity: number;
  /** The units first asked for when fewer were approved; null when all were. */
  asked_quantity: number | null;
  pickup_location: string | null;
  pickup_lat: number | null;
  pickup_lng: number | null;
  chosen_window_id: number | null;
  missed_at: Date | null;
  no_show_released_at: Date | null;
  /** The discount price agreed per unit on approval (numeric as text); null = free or not approved yet. */
  unit_price: string | null;
}

export interface WindowRow {
  id: number;
  request_id: number;
  starts_at: Date;
  ends_at: Date;
  proposed_by: 'owner' | 'requester';
  withdrawn: boolean;
}

const requestColumns = `id, status, owner_id, requester_id, medicine_id, quantity, asked_quantity, pickup_location,
  pickup_lat, pickup_lng, chosen_window_id, missed_at, no_show_released_at, unit_price`;

/** The request's pickup columns; `lock` holds the row until the transaction ends. */
export async function findPickupRequest(db: Db, id: number, lock = false): Promise<PickupRequestRow | null> {
  const { rows } = await db.query<PickupRequestRow>(
    `SELECT ${requestColumns} FROM requests.requests WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findWindow(db: Db, requestId: number, windowId: number): Promise<WindowRow | null> {
  const { rows } = await db.query<WindowRow>(
    'SELECT * FROM requests.pickup_windows WHERE id = $1 AND request_id = $2',
    [windowId, requestId],
  );
  return rows[0] ?? null;
}

/** Every window id ever offered or proposed on the request (reminder job ids derive from them). */
export async function windowIdsOf(db: Db, requestId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM requests.pickup_windows WHERE request_id = $1',
    [requestId],
  );
  return rows.map((r) => r.id);
}

/**
 * Replaces the owner's offer: earlier windows and any proposal are withdrawn, the choice and
 * the missed flag cleared; pickupLocation/pickupDate (spec fields) follow the earliest window.
 */
export async function replaceOffer(
  client: PoolClient,
  requestId: number,
  offer: {
    windows: { startsAt: Date; endsAt: Date }[];
    location: string;
    lat: number | null;
    lng: number | null;
  },
): Promise<void> {
  await client.query(
    'UPDATE requests.pickup_windows SET withdrawn = true WHERE request_id = $1 AND NOT withdrawn',
    [requestId],
  );
  await client.query(
    `INSERT INTO requests.pickup_windows (request_id, starts_at, ends_at, proposed_by)
     SELECT $1, w.s, w.e, 'owner' FROM unnest($2::timestamptz[], $3::timestamptz[]) AS w(s, e)`,
    [requestId, offer.windows.map((w) => w.startsAt), offer.windows.map((w) => w.endsAt)],
  );
  const earliest = offer.windows.reduce(
    (a, w) => (w.startsAt < a ? w.startsAt : a),
    offer.windows[0]!.startsAt,
  );
  await client.query(
    `UPDATE requests.requests
        SET pickup_location = $2, pickup_lat = $3, pickup_lng = $4, pickup_date = $5,
            chosen_window_id = NULL, missed_at = NULL, updated_at = now()
      WHERE id = $1`,
    [requestId, offer.location, offer.lat, offer.lng, earliest],
  );
}

/** The requester's proposal, replacing an earlier one still waiting. */
export async function insertProposal(
  client: PoolClient,
  requestId: number,
  w: { startsAt: Date; endsAt: Date },
): Promise<void> {
  await client.query(
    `UPDATE requests.pickup_windows p SET withdrawn = true
       FROM requests.requests r
      WHERE p.request_id = $1 AND r.id = p.request_id AND p.proposed_by = 'requester'
        AND NOT p.withdrawn AND p.id IS DISTINCT FROM r.chosen_window_id`,
    [requestId],
  );
  await client.query(
    `INSERT INTO requests.pickup_windows (request_id, starts_at, ends_at, proposed_by) VALUES ($1, $2, $3, 'requester')`,
    [requestId, w.startsAt, w.endsAt],
  );
}

/**
 * The chosen window: pickupDate becomes its start (compatibility), a missed flag is cleared. The
 * requester's other proposals are settled by it (one chosen before would else wait again).
 */
export async function chooseWindow(client: PoolClient, requestId: number, window: WindowRow): Promise<void> {
  await client.query(
    `UPDATE requests.pickup_windows SET withdrawn = true
      WHERE request_id = $1 AND proposed_by = 'requester' AND id <> $2 AND NOT withdrawn`,
    [requestId, window.id],
  );
  await client.query(
    `UPDATE requests.requests
        SET chosen_window_id = $2, pickup_date = $3, missed_at = NULL, updated_at = now()
      WHERE id = $1`,
    [requestId, window.id, window.starts_at],
  );
}

/** The requester's proposal still waiting for the owner, if any. */
export async function openProposal(db: Db, request: PickupRequestRow): Promise<WindowRow | null> {
  const { rows } = await db.query<WindowRow>(
    `SELECT * FROM requests.pickup_windows
      WHERE request_id = $1 AND proposed_by = 'requester' AND NOT withdrawn AND id IS DISTINCT FROM $2
      ORDER BY id DESC LIMIT 1`,
    [request.id, request.chosen_window_id],
  );
  return rows[0] ?? null;
}

/** A window's day and times as typed, with the day its `to` is on (its own, or the next). */
const typedWindow = (startsAt: Date, endsAt: Date) => {
  const typed = windowInputOf(startsAt, endsAt);
  return { date: typed.date, from: typed.from, to: typed.to, toDate: typed.toDate ?? typed.date };
};

const toWindow = (w: WindowRow): PickupWindow => ({
  id: w.id,
  startsAt: w.starts_at.toISOString(),
  endsAt: w.ends_at.toISOString(),
  ...typedWindow(w.starts_at, w.ends_at),
  proposedBy: w.proposed_by,
});

/** The owner's current offer (windows not withdrawn), earliest first. */
export async function offeredWindows(db: Db, requestId: number): Promise<WindowRow[]> {
  const { rows } = await db.query<WindowRow>(
    `SELECT * FROM requests.pickup_windows
      WHERE request_id = $1 AND proposed_by = 'owner' AND NOT withdrawn ORDER BY starts_at, id`,
    [requestId],
  );
  return rows;
}

/** Every window the request has had (withdrawn too), as calendars may hold them. */
export async function everyWindow(db: Db, requestId: number): Promise<WindowRow[]> {
  const { rows } = await db.query<WindowRow>(
    'SELECT * FROM requests.pickup_windows WHERE request_id = $1 ORDER BY starts_at, id',
    [requestId],
  );
  return rows;
}

/**
 * How many moves the request has had (its custody log, to which each settlement, withdrawal and
 * call-off adds an entry before its e-mails are queued) and the calendar messages a recall's hold
 * and lift sent (`countRecallCalendarMessage`, counted before theirs): the sequence of the
 * pickup's calendar event, so each later calendar message outranks the earlier ones, as calendars
 * ignore an update whose sequence is not higher.
 */
export async function settlementNumber(db: Db, requestId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM requests.custody_log WHERE request_id = $1)::int
          + coalesce((SELECT sent FROM requests.recall_calendar_messages WHERE request_id = $1), 0) AS n`,
    [requestId],
  );
  return Math.max(1, rows[0]!.n);
}

/**
 * Counts a calendar message a recall sends about the pickup (no custody entry records it), and
 * whether it is a hold's cancel (`cleared`: the lift is to put the time back) or the lift's invitation.
 */
export async function countRecallCalendarMessage(db: Db, requestId: number, cleared: boolean): Promise<void> {
  await db.query(
    `INSERT INTO requests.recall_calendar_messages (request_id, sent, cleared) VALUES ($1, 1, $2)
     ON CONFLICT (request_id) DO UPDATE SET sent = recall_calendar_messages.sent + 1, cleared = $2`,
    [requestId, cleared],
  );
}

/**
 * Of these approved requests, those whose chosen window has not ended: the time agreed that the
 * parties' calendars hold, still to come. With `newlyHeldBy`, only those no other recall held
 * already (their calendars were cleared by that one). `cleared`: a hold's cancel was the last
 * recall message about it (`countRecallCalendarMessage`).
 */
export async function agreedPickupsAhead(
  db: Db,
  requestIds: number[],
  newlyHeldBy: number | null,
): Promise<
  Array<{ requestId: number; cleared: boolean; window: Pick<WindowRow, 'id' | 'starts_at' | 'ends_at'> }>
> {
  const { rows } = await db.query<{
    request_id: number;
    cleared: boolean;
    id: number;
    starts_at: Date;
    ends_at: Date;
  }>(
    `SELECT r.id AS request_id, coalesce(m.cleared, false) AS cleared, w.id, w.starts_at, w.ends_at
       FROM requests.requests r JOIN requests.pickup_windows w ON w.id = r.chosen_window_id
       LEFT JOIN requests.recall_calendar_messages m ON m.request_id = r.id
      WHERE r.id = ANY($1::int[]) AND r.status = 'approved' AND w.ends_at > now()
        AND ($2::int IS NULL OR NOT EXISTS (
              SELECT 1 FROM requests.recall_holds h WHERE h.request_id = r.id AND h.recall_id <> $2))
      ORDER BY r.id`,
    [requestIds, newlyHeldBy],
  );
  return rows.map(({ request_id, cleared, ...window }) => ({ requestId: request_id, cleared, window }));
}

/**
 * The last time agreed for the request (chosen, or a proposal accepted), which the parties'
 * calendars may hold, or null when none ever was: the custody log names the window in force on
 * every entry, the choice's own included, so this holds also after a new offer or maintenance
 * cleared the choice.
 */
export async function lastAgreedWindow(
  db: Db,
  requestId: number,
): Promise<{ starts_at: Date; ends_at: Date } | null> {
  const { rows } = await db.query<{ starts_at: Date; ends_at: Date }>(
    `SELECT window_starts_at AS starts_at, window_ends_at AS ends_at FROM requests.custody_log
      WHERE request_id = $1 AND window_starts_at IS NOT NULL
      ORDER BY at DESC, id DESC LIMIT 1`,
    [requestId],
  );
  return rows[0] ?? null;
}

/** The pickup plan as both parties see it. */
export async function loadPlan(db: Db, requestId: number): Promise<PickupPlan | null> {
  const request = await findPickupRequest(db, requestId);
  if (!request) return null;
  const { rows } = await db.query<WindowRow>(
    `SELECT * FROM requests.pickup_windows WHERE request_id = $1 AND (NOT withdrawn OR id = $2) ORDER BY starts_at, id`,
    [requestId, request.chosen_window_id],
  );
  const chosen = rows.find((w) => w.id === request.chosen_window_id) ?? null;
  const proposal = rows.find(
    (w) => w.proposed_by === 'requester' && !w.withdrawn && w.id !== request.chosen_window_id,
  );
  const hasPin = request.pickup_lat != null && request.pickup_lng != null;
  return {
    requestId,
    location: request.pickup_location,
    lat: request.pickup_lat,
    lng: request.pickup_lng,
    mapUrl: hasPin ? mapLink(request.pickup_lat!, request.pickup_lng!) : null,
    windows: rows.filter((w) => w.proposed_by === 'owner' && !w.withdrawn).map(toWindow),
    chosenWindowId: request.chosen_window_id,
    chosen: chosen ? toWindow(chosen) : null,
    proposal: proposal ? toWindow(proposal) : null,
    missedAt: request.missed_at?.toISOString() ?? null,
    releasedAt: request.no_show_released_at?.toISOString() ?? null,
  };
}

/**
 * The end of the request's chosen pickup window, or null when none is chosen. For the handover
 * slice: a handover code expires with the window.
 */
export async function chosenWindowEnd(db: Db, requestId: number): Promise<Date | null> {
  const { rows } = await db.query<{ ends_at: Date }>(
    `SELECT w.ends_at FROM requests.requests r JOIN requests.pickup_windows w ON w.id = r.chosen_window_id
      WHERE r.id = $1`,
    [requestId],
  );
  return rows[0]?.ends_at ?? null;
}

export interface MissedRow extends PickupRequestRow {
  starts_at: Date;
  ends_at: Date;
}

/** A request a recall holds: nobody may collect it, so it is neither missed nor reminded of. */
const notHeld = 'NOT EXISTS (SELECT 1 FROM requests.recall_holds h WHERE h.request_id = r.id)';

/**
 * Flags approved requests whose chosen window ended by `now` (once: only unflagged rows change,
 * so two sweeps at once flag each request once) and records the no-show per window. A request a
 * recall holds is not missed: the platform stopped the pickup, not the parties.
 */
export async function markMissed(client: PoolClient, now: Date): Promise<MissedRow[]> {
  const { rows } = await client.query<MissedRow>(
    `UPDATE requests.requests r
        SET missed_at = w.ends_at, updated_at = now()
       FROM requests.pickup_windows w
      WHERE w.id = r.chosen_window_id AND r.status = 'approved' AND r.missed_at IS NULL AND w.ends_at <= $1
        AND ${notHeld}
      RETURNING r.id, r.status, r.owner_id, r.requester_id, r.medicine_id, r.quantity, r.pickup_location,
                r.pickup_lat, r.pickup_lng, r.chosen_window_id, r.missed_at, r.no_show_released_at,
                w.starts_at, w.ends_at`,
    [now],
  );
  if (rows.length > 0) {
    await client.query(
      `INSERT INTO requests.no_shows (window_id, request_id, requester_id, owner_id, missed_at)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::timestamptz[])
       ON CONFLICT (window_id) DO NOTHING`,
      [
        rows.map((r) => r.chosen_window_id),
        rows.map((r) => r.id),
        rows.map((r) => r.requester_id),
        rows.map((r) => r.owner_id),
        rows.map((r) => r.missed_at),
      ],
    );
  }
  return rows;
}

/**
 * Flags approved requests whose pickup was never settled (no window chosen) once their handover
 * code's expiry passed, from now (the grace period starts when the parties are told, also for a
 * request long overdue when this rule came) (the end of the day of the last window offered, or 7 days after approval
 * without one): otherwise nothing ever released their units. No no-show is recorded: nobody
 * missed a time, none was agreed. Held requests wait, as in `markMissed`.
 */
export async function markUnsettled(client: PoolClient, now: Date): Promise<PickupRequestRow[]> {
  const { rows } = await client.query<PickupRequestRow>(
    `UPDATE requests.requests r
        SET missed_at = $1, updated_at = now()
       FROM requests.handover_codes c
      WHERE c.request_id = r.id AND r.status = 'approved' AND r.chosen_window_id IS NULL
        AND r.missed_at IS NULL AND c.used_at IS NULL AND c.expires_at <= $1 AND ${notHeld}
      RETURNING ${requestColumns}`,
    [now],
  );
  return rows;
}

/**
 * Cancels missed requests whose grace period is over (the system move of libs/domain), but none
 * a recall holds (its stock stays reserved until the recall is lifted or the parties cancel). The
 * conditional UPDATE is the exactly-once guard: the row lock makes a second sweep (another
 * instance) wait, then find the status no longer approved and change nothing.
 */
export async function releaseNoShows(
  client: PoolClient,
  now: Date,
  graceHours: number,
): Promise<PickupRequestRow[]> {
  const { rows } = await client.query<PickupRequestRow>(
    `UPDATE requests.requests r
        SET status = 'cancelled', no_show_released_at = $1, updated_at = now()
      WHERE status = 'approved' AND missed_at IS NOT NULL
        AND missed_at + make_interval(hours => $2) <= $1 AND ${notHeld}
      RETURNING ${requestColumns}`,
    [now, graceHours],
  );
  return rows;
}

/**
 * Notes that maintenance is on, from `since` (or the end of the last period, if later: periods do
 * not overlap). Once: a period already open is kept (the unique index on the open one).
 */
export async function openMaintenance(db: Db, since: Date): Promise<void> {
  await db.query(
    `INSERT INTO requests.maintenance_periods (started_at)
     SELECT greatest($1::timestamptz, max(ended_at)) FROM requests.maintenance_periods
     ON CONFLICT DO NOTHING`,
    [since],
  );
}

/** A chosen window that ended during maintenance: no longer chosen, not missed. */
export interface WindowFreed extends PickupRequestRow {
  starts_at: Date;
  ends_at: Date;
}

/**
 * Closes the open maintenance period at `now` (once: the row lock makes a second sweep wait, then
 * find it closed) and stands the pickup clock still through it, as a recall's lift does for its
 * hold (recalls/repo.ts `releaseHolds`) on approved requests no recall holds (a hold covers its
 * own time): a grace period already running (`missed_at`) and a handover code's expiry still
 * ahead at the start move on by the period's length, and a chosen window that ended during it is
 * no longer chosen, not missed (nobody could hand over); the parties agree on another. Returns
 * the requests whose window was freed (empty when no period was open).
 */
export async function closeMaintenance(client: PoolClient, now: Date): Promise<WindowFreed[]> {
  const { rows: closed } = await client.query<{ started_at: Date; ended_at: Date }>(
    `UPDATE requests.maintenance_periods SET ended_at = greatest($1, started_at)
      WHERE ended_at IS NULL RETURNING started_at, ended_at`,
    [now],
  );
  const period = closed[0];
  if (!period) return [];
  const during = [period.started_at, period.ended_at];
  await client.query(
    `UPDATE requests.requests r SET missed_at = r.missed_at + ($2::timestamptz - $1::timestamptz), updated_at = now()
      WHERE r.status = 'approved' AND r.missed_at IS NOT NULL AND ${notHeld}`,
    during,
  );
  await client.query(
    `UPDATE requests.handover_codes c SET expires_at = c.expires_at + ($2::timestamptz - $1::timestamptz)
       FROM requests.requests r
      WHERE r.id = c.request_id AND r.status = 'approved' AND c.used_at IS NULL AND c.expires_at > $1
        AND ${notHeld}`,
    during,
  );
  const { rows } = await client.query<WindowFreed>(
    `WITH freed AS (
       UPDATE requests.requests r SET chosen_window_id = NULL, updated_at = now()
         FROM requests.pickup_windows w
        WHERE w.id = r.chosen_window_id AND r.status = 'approved' AND r.missed_at IS NULL
          AND w.ends_at > $1 AND w.ends_at <= $2 AND ${notHeld}
        RETURNING r.id, r.status, r.owner_id, r.requester_id, r.medicine_id, r.quantity, r.pickup_location,
                  r.pickup_lat, r.pickup_lng, w.id AS chosen_window_id, r.missed_at, r.no_show_released_at,
                  r.unit_price, w.starts_at, w.ends_at),
     withdrawn AS (
       UPDATE requests.pickup_windows SET withdrawn = true WHERE id IN (SELECT chosen_window_id FROM freed))
     SELECT * FROM freed`,
    during,
  );
  return rows;
}

/**
 * Missed windows of the accounts asked (a page of the admin's users list), those with any
 * (most missed first); each side is read through its index (migration 085), never the whole
 * history. A window missed but collected late, in the grace period, is not counted: the parties
 * met after all (an earlier window missed before a new offer still is).
 */
export async function noShowCounts(db: Db, userIds: readonly number[]): Promise<NoShowCount[]> {
  // The window a late pickup completed is the one still chosen when the request completed.
  const missed = `requests.no_shows s JOIN requests.requests q ON q.id = s.request_id
                   AND NOT (q.status = 'completed' AND q.chosen_window_id IS NOT DISTINCT FROM s.window_id)`;
  const { rows } = await db.query<NoShowCount>(
    `SELECT "userId", sum(r)::int AS "asRequester", sum(o)::int AS "asOwner" FROM (
       SELECT s.requester_id AS "userId", 1 AS r, 0 AS o FROM ${missed} WHERE s.requester_id = ANY($1::int[])
       UNION ALL SELECT s.owner_id, 0, 1 FROM ${missed} WHERE s.owner_id = ANY($1::int[])) n
     GROUP BY "userId" ORDER BY sum(r) + sum(o) DESC, "userId"`,
    [userIds],
  );
  return rows;
}

/**
 * Approved requests whose window was settled in the past hour and lies ahead: the sweep makes
 * sure their reminders are queued (scheduling them after the commit can fail on a Redis or
 * PostgreSQL blink; adding a queued reminder again changes nothing).
 */
export async function recentlySettled(db: Db, now: Date): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT r.id FROM requests.requests r JOIN requests.pickup_windows w ON w.id = r.chosen_window_id
      WHERE r.status = 'approved' AND w.starts_at > $1 AND r.updated_at > $1::timestamptz - interval '1 hour'
        AND ${notHeld}`,
    [now],
  );
  return rows.map((r) => r.id);
}

/** What a reminder needs: the chosen window and the medicine's name. */
export async function reminderTarget(db: Db, requestId: number) {
  const { rows } = await db.query<
    PickupRequestRow & {
      starts_at: Date | null;
      ends_at: Date | null;
      medicine_name: string | null;
      held: boolean;
    }
  >(
    `SELECT r.id, r.status, r.owner_id, r.requester_id, r.medicine_id, r.quantity, r.pickup_location,
            r.pickup_lat, r.pickup_lng, r.chosen_window_id, r.missed_at, r.no_show_released_at,
            w.starts_at, w.ends_at, m.name AS medicine_name, NOT ${notHeld} AS held
       FROM requests.requests r
       LEFT JOIN requests.pickup_windows w ON w.id = r.chosen_window_id
       LEFT JOIN requests.medicines m ON m.id = r.medicine_id
      WHERE r.id = $1`,
    [requestId],
  );
  return rows[0] ?? null;
}

export async function medicineName(db: Db, medicineId: number): Promise<string> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM requests.medicines WHERE id = $1', [
    medicineId,
  ]);
  return rows[0]?.name ?? '';
}
