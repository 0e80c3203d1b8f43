import {
  medicineEventBatchSize,
  medicineEventQueue,
  unlistedEventBatchSize,
  type Language,
} from '@medrelay/contracts';
import { availableSql, daysLeftSql } from '@medrelay/domain';
import type { PoolClient } from '@medrelay/service-kit';

// The expiry scan's SQL (the use case is scan.ts).

export interface ScanRun {
  id: number;
  cursor_id: number;
}

const lockKey = 'catalog:expiry-scan';

/** One scan at a time across instances (a session lock: an overlapping run waits). */
export async function lockScans(client: PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
}

export async function unlockScans(client: PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]);
}

/** The run a previous scan left unfinished, or a new one. */
export async function openRun(client: PoolClient): Promise<ScanRun> {
  const open = await client.query<ScanRun>(
    'SELECT id, cursor_id FROM catalog.expiry_scan_runs WHERE finished_at IS NULL',
  );
  if (open.rows[0]) return open.rows[0];
  const created = await client.query<ScanRun>(
    'INSERT INTO catalog.expiry_scan_runs DEFAULT VALUES RETURNING id, cursor_id',
  );
  return created.rows[0]!;
}

/**
 * The ids after `cursor` the scan has work on, in id order: available listings expiring by
 * `horizon` (expired ones to unlist, the rest inside the alert window), found through the
 * `(expiry_date, id) WHERE is_available` index instead of reading every listing (migration 012).
 */
export async function scanCandidates(client: PoolClient, cursor: number, horizon: Date): Promise<number[]> {
  const { rows } = await client.query<{ ids: number[] | null }>(
    `SELECT array_agg(id ORDER BY id) AS ids FROM catalog.medicines
      WHERE is_available AND expiry_date <= $2 AND id > $1`,
    [cursor, horizon],
  );
  return rows[0]!.ids ?? [];
}

export async function addUnlisted(client: PoolClient, runId: number, unlisted: number): Promise<void> {
  await client.query('UPDATE catalog.expiry_scan_runs SET unlisted = unlisted + $2 WHERE id = $1', [
    runId,
    unlisted,
  ]);
}

export async function moveCursor(client: PoolClient, runId: number, cursor: number): Promise<void> {
  await client.query('UPDATE catalog.expiry_scan_runs SET cursor_id = $2 WHERE id = $1', [runId, cursor]);
}

/** A timestamp as JavaScript's `toISOString()` writes it (what the events carry). */
const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The rows of `source` (a CTE with an `id` column and a jsonb `entry`) as bulk events of type
 * `type`, up to `batchSize` entries each, in id order, written to the outbox.
 * `$3` is the queue and `$4` the time of the events in every statement using it.
 */
const bulkEventsSql = (source: string, type: string, listKey: string, batchSize = medicineEventBatchSize) => `
  INSERT INTO catalog.outbox (id, queue, job_name, payload)
  SELECT gen_random_uuid(), $3, '${type}',
         jsonb_build_object('eventId', gen_random_uuid(), 'type', '${type}', 'occurredAt', $4::text,
                            '${listKey}', jsonb_agg(entry ORDER BY id))
    FROM (SELECT id, entry, (row_number() OVER (ORDER BY id) - 1) / ${batchSize} AS part
            FROM ${source}) numbered
   GROUP BY part`;

/**
 * Unlists the expired stock among `ids` and writes their ids and new versions as
 * medicines.unlisted events, in one statement.
 */
export async function unlistExpired(client: PoolClient, ids: number[], now: Date): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `WITH unlisted AS (
       UPDATE catalog.medicines m SET is_available = false, version = version + 1, updated_at = now()
        WHERE id = ANY($1::int[]) AND is_available AND expiry_date <= $2
       RETURNING m.id, jsonb_build_object('id', m.id, 'version', m.version) AS entry
     ), events AS (${bulkEventsSql('unlisted', 'medicines.unlisted', 'medicines', unlistedEventBatchSize)})
     SELECT count(*)::int AS n FROM unlisted`,
    [ids, now, medicineEventQueue, now.toISOString()],
  );
  return rows[0]!.n;
}

/** Days left at `$1` (Cairo calendar days, libs/domain `daysLeft`): the alerts and e-mails say what screens say. */
const daysLeftAt = `${daysLeftSql('m.expiry_date', '$1::timestamptz')}::int`;

/**
 * Records the alerts due among `ids` (the tightest threshold reached, if not sent before) and
 * their notification requests (medicine.expiry-alerts events), in one statement.
 */
export async function recordAlerts(
  client: PoolClient,
  runId: number,
  ids: number[],
  now: Date,
  thresholds: number[],
) {
  await client.query(
    `WITH due AS (
       SELECT m.id, m.owner_id, m.name, m.expiry_date, ${daysLeftAt} AS days_left
         FROM catalog.medicines m
        WHERE m.id = ANY($2::int[]) AND ${availableSql('m', '$1')}
          AND m.expiry_date <= $1::timestamptz + make_interval(days => $5 + 1)
     ), reached AS (
       SELECT due.*, (SELECT min(t) FROM unnest($6::int[]) t WHERE t >= due.days_left) AS threshold FROM due
     ), inserted AS (
       INSERT INTO catalog.expiry_alerts (medicine_id, threshold, run_id)
       SELECT id, threshold, $7 FROM reached WHERE threshold IS NOT NULL
       ON CONFLICT DO NOTHING RETURNING medicine_id, threshold
     ), alerts AS (
       SELECT r.id, jsonb_build_object('ownerId', r.owner_id, 'medicineId', r.id, 'medicineName', r.name,
                                       'threshold', i.threshold, 'daysLeft', r.days_left,
                                       'expiryDate', ${isoSql('r.expiry_date')}) AS entry
         FROM inserted i JOIN reached r ON r.id = i.medicine_id
     )
     ${bulkEventsSql('alerts', 'medicine.expiry-alerts', 'alerts')}`,
    [now, ids, medicineEventQueue, now.toISOString(), Math.max(...thresholds), thresholds, runId],
  );
}

export interface DigestLine {
  id: number;
  threshold: number;
  owner_id: number;
  name: string;
  quantity: number;
  expiry_date: Date;
  days_left: number;
  owner_email: string | null;
  owner_name: string | null;
  owner_language: Language | null;
  owner_type: string | null;
}

/** The run's alerts with their listing and owner, per owner, soonest first (the digests). */
export async function digestLines(client: PoolClient, runId: number, now: Date): Promise<DigestLine[]> {
  const { rows } = await client.query<DigestLine>(
    `SELECT m.id, a.threshold, m.owner_id, m.name, m.quantity, m.expiry_date, ${daysLeftAt} AS days_left,
            u.email AS owner_email, u.name AS owner_name, u.language AS owner_language,
            u.user_type AS owner_type
       FROM catalog.expiry_alerts a
       JOIN catalog.medicines m ON m.id = a.medicine_id
       LEFT JOIN catalog.users u ON u.id = m.owner_id
      WHERE a.run_id = $2
      ORDER BY m.owner_id, m.expiry_date, m.id`,
    [now, runId],
  );
  return rows;
}

/** Marks the run finished; its count of unlisted listings. */
export async function closeRun(client: PoolClient, runId: number): Promise<number> {
  const { rows } = await client.query<{ unlisted: number }>(
    'UPDATE catalog.expiry_scan_runs SET finished_at = now() WHERE id = $1 RETURNING unlisted',
    [runId],
  );
  return rows[0]!.unlisted;
}
