import { createHash } from 'node:crypto';
import {
  expiryAlertThresholds,
  mailQueueName,
  medicineEventQueue,
  type ExpiryScanResult,
  type Language,
  type MailJob,
} from '@medrelay/contracts';
import { addManyToOutbox, withTransaction, type OutboxMessage, type PoolClient } from '@medrelay/service-kit';
import { schema, type CatalogContext } from '../context';

/** The tightest threshold a medicine has reached: 5 days left → the 7-day alert. */
export function thresholdFor(daysLeft: number, thresholds: readonly number[]): number | null {
  const reached = thresholds.filter((t) => daysLeft <= t);
  return reached.length ? Math.min(...reached) : null;
}

/** Listings per batch: one short transaction each (measured in docs/design.md). */
export const defaultExpiryScanBatchSize = 10_000;
/** Batches in flight at once (the writes are CPU-bound in PostgreSQL: one per core here). */
export const defaultExpiryScanParallel = 2;

/**
 * What a scan needs of the service (the benchmark builds this much around a bare pool: `settings`
 * may return `defaultSettings`, `outbox.nudge` may do nothing).
 */
export type ExpiryScanContext = Pick<CatalogContext, 'pool' | 'settings' | 'logger'> & {
  outbox: Pick<CatalogContext['outbox'], 'nudge'>;
  config: Pick<CatalogContext['config'], 'PUBLIC_URL'>;
};

export interface ExpiryScanOptions {
  batchSize?: number;
  parallel?: number;
  /** Called after each committed round of batches with the last id done (tests stop a run here). */
  afterBatch?: (cursorId: number) => void | Promise<void>;
}

interface ScanRun {
  id: number;
  cursor_id: number;
}

const lockKey = 'catalog:expiry-scan';

/**
 * The expiry scan. Expired stock becomes unavailable; owners of stock inside the
 * expiry-warning window get one alert per medicine per threshold (entering the window, then 30,
 * 7 and 1 days; with the default window of 30 that is 30, 7, 1) as a notification (svc-requests
 * stores it) and one e-mail digest per owner per run.
 *
 * It walks the listings by id in batches, each its own short transaction (set-based statements
 * that also write the events), two at a time; the run's cursor moves after each round, so a run
 * that stops (crash, deploy) is continued by the next one from the last committed round. One run at a time (a session advisory lock: an overlapping run waits, then
 * finds nothing left to alert); alerts are rows with a primary key, so repeated runs send
 * nothing twice. The digests go out with the run's last transaction. Resolves when done.
 */
export async function runExpiryScan(
  ctx: ExpiryScanContext,
  now: Date = new Date(),
  options: ExpiryScanOptions = {},
): Promise<ExpiryScanResult> {
  const batchSize = options.batchSize ?? defaultExpiryScanBatchSize;
  const parallel = options.parallel ?? defaultExpiryScanParallel;
  const settings = await ctx.settings();
  // First alert on entering the warning window, then at each of 30, 7 and 1 days inside it.
  const thresholds = settings.notifyExpiry
    ? [
        ...new Set([
          settings.expiryWarningDays,
          ...expiryAlertThresholds.filter((t) => t < settings.expiryWarningDays),
        ]),
      ]
    : [];
  const client = await ctx.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    try {
      const run = await openRun(client);
      let cursor = run.cursor_id;
      for (;;) {
        // The next rounds' batches: up to `parallel` ranges of `batchSize` ids after the cursor.
        const next = await client.query<{ hi: number }>(
          `SELECT max(id) AS hi
             FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / $2::int AS part
                     FROM (SELECT id FROM catalog.medicines WHERE id > $1 ORDER BY id LIMIT $2::int * $3::int) ids) parts
            GROUP BY part ORDER BY hi`,
          [cursor, batchSize, parallel],
        );
        if (next.rows.length === 0) break;
        const bounds = [cursor, ...next.rows.map((r) => r.hi)];
        // Batches of a round run side by side, each its own transaction. Doing a batch again is
        // harmless (unlisted rows are skipped, alerts are unique), so the cursor moves past a
        // round only once all of it is committed.
        await Promise.all(
          bounds.slice(1).map((hi, i) =>
            withTransaction(ctx.pool, async (batch) => {
              const unlisted = await unlistExpired(batch, bounds[i]!, hi, now);
              if (thresholds.length) await recordAlerts(batch, run.id, bounds[i]!, hi, now, thresholds);
              await batch.query(
                'UPDATE catalog.expiry_scan_runs SET unlisted = unlisted + $2 WHERE id = $1',
                [run.id, unlisted],
              );
            }),
          ),
        );
        cursor = bounds.at(-1)!;
        await client.query('UPDATE catalog.expiry_scan_runs SET cursor_id = $2 WHERE id = $1', [
          run.id,
          cursor,
        ]);
        ctx.outbox.nudge();
        await options.afterBatch?.(cursor);
      }
      const result = await inTransaction(client, () => finishRun(ctx, client, run.id, now));
      ctx.outbox.nudge();
      ctx.logger.info({ ...result, run: run.id }, 'expiry scan done');
      return result;
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]);
    }
  } finally {
    client.release();
  }
}

async function inTransaction<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

/** The run a previous scan left unfinished, or a new one. */
async function openRun(client: PoolClient): Promise<ScanRun> {
  const open = await client.query<ScanRun>(
    'SELECT id, cursor_id FROM catalog.expiry_scan_runs WHERE finished_at IS NULL',
  );
  if (open.rows[0]) return open.rows[0];
  const created = await client.query<ScanRun>(
    'INSERT INTO catalog.expiry_scan_runs DEFAULT VALUES RETURNING id, cursor_id',
  );
  return created.rows[0]!;
}

/** A timestamp as JavaScript's `toISOString()` writes it (what the events carry). */
const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The medicine.changed snapshot (`toSnapshot` in medicines/repo.ts) built in SQL, so a batch
 * writes its events without carrying thousands of rows through Node (a test keeps the two equal).
 */
export const snapshotSql = (m: string) => `jsonb_build_object(
  'id', ${m}.id, 'ownerId', ${m}.owner_id, 'source', ${m}.source, 'name', ${m}.name, 'type', ${m}.type,
  'description', ${m}.description, 'quantity', ${m}.quantity,
  'originalPrice', ${m}.original_price::text, 'discountPrice', ${m}.discount_price::text,
  'expiryDate', ${isoSql(`${m}.expiry_date`)}, 'recipientType', ${m}.recipient_type,
  'imageUrl', CASE WHEN ${m}.image_key IS NULL THEN NULL
                   ELSE '/api/medicines/' || ${m}.id || '/image?v=' || split_part(${m}.image_key, '.', 1) END,
  'isAvailable', ${m}.is_available, 'createdAt', ${isoSql(`${m}.created_at`)}, 'version', ${m}.version)`;

/**
 * Unlists the expired stock with ids in (lo, hi] and writes one medicine.changed event each,
 * in one statement.
 */
async function unlistExpired(client: PoolClient, lo: number, hi: number, now: Date): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `WITH unlisted AS (
       UPDATE catalog.medicines SET is_available = false, version = version + 1, updated_at = now()
        WHERE id > $1 AND id <= $2 AND is_available AND expiry_date <= $3 RETURNING *
     ), events AS (
       INSERT INTO catalog.outbox (id, queue, job_name, payload)
       SELECT gen_random_uuid(), $4, 'medicine.changed',
              jsonb_build_object('eventId', gen_random_uuid(), 'type', 'medicine.changed',
                                 'occurredAt', $5::text, 'medicine', ${snapshotSql('m')})
         FROM unlisted m
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM events`,
    [lo, hi, now, medicineEventQueue, now.toISOString()],
  );
  return rows[0]!.n;
}

/** Whole days left rounded up (spec §4) at `$1`. */
const daysLeftAt = `ceil(extract(epoch FROM (m.expiry_date - $1::timestamptz)) / 86400)::int`;

/**
 * Records the alerts due in (lo, hi] (the tightest threshold reached, if not sent before) and
 * their notification events (medicine.expiry-alert), in one statement.
 */
async function recordAlerts(
  client: PoolClient,
  runId: number,
  lo: number,
  hi: number,
  now: Date,
  thresholds: number[],
) {
  await client.query(
    `WITH due AS (
       SELECT m.id, m.owner_id, m.name, m.expiry_date, ${daysLeftAt} AS days_left
         FROM catalog.medicines m
        WHERE m.id > $2 AND m.id <= $3 AND m.is_available AND m.quantity > 0
          AND m.expiry_date > $1 AND m.expiry_date <= $1::timestamptz + make_interval(days => $4)
     ), reached AS (
       SELECT due.*, (SELECT min(t) FROM unnest($5::int[]) t WHERE t >= due.days_left) AS threshold FROM due
     ), inserted AS (
       INSERT INTO catalog.expiry_alerts (medicine_id, threshold, run_id)
       SELECT id, threshold, $6 FROM reached WHERE threshold IS NOT NULL
       ON CONFLICT DO NOTHING RETURNING medicine_id, threshold
     )
     INSERT INTO catalog.outbox (id, queue, job_name, payload)
     SELECT gen_random_uuid(), $7, 'medicine.expiry-alert',
            jsonb_build_object('eventId', gen_random_uuid(), 'type', 'medicine.expiry-alert',
                               'occurredAt', $8::text, 'ownerId', r.owner_id, 'medicineId', r.id,
                               'medicineName', r.name, 'threshold', i.threshold, 'daysLeft', r.days_left,
                               'expiryDate', ${isoSql('r.expiry_date')})
       FROM inserted i JOIN reached r ON r.id = i.medicine_id`,
    [now, lo, hi, Math.max(...thresholds), thresholds, runId, medicineEventQueue, now.toISOString()],
  );
}

// The calendar day in Cairo, as the owner reads it (UTC would say the day before for a date
// picked at local midnight). Made once: a formatter costs more than thousands of dates.
const dayFormats = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Africa/Cairo' }),
  ar: new Intl.DateTimeFormat('ar-EG-u-nu-latn', { dateStyle: 'medium', timeZone: 'Africa/Cairo' }),
};

interface DigestLine {
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

/** Closes the run: one e-mail digest per owner listing the run's alerts; the run's totals. */
async function finishRun(
  ctx: ExpiryScanContext,
  client: PoolClient,
  runId: number,
  now: Date,
): Promise<ExpiryScanResult> {
  const settings = await ctx.settings();
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
  const byOwner = new Map<number, DigestLine[]>();
  for (const line of rows) {
    const lines = byOwner.get(line.owner_id);
    if (lines) lines.push(line);
    else byOwner.set(line.owner_id, [line]);
  }
  const digests: OutboxMessage[] = [];
  for (const [ownerId, medicines] of byOwner) {
    const owner = medicines[0]!;
    // No address yet (identity's event not arrived): the notification still went out.
    if (!settings.emailNotifications || !owner.owner_email) continue;
    const job: MailJob = {
      // The alerts it reports, hashed: the same alerts never mail twice, whatever their number.
      idempotencyKey: `expiry-digest:${ownerId}:${createHash('sha256')
        .update(medicines.map((m) => `${m.id}@${m.threshold}`).join(','))
        .digest('hex')}`,
      template: 'expiry-digest',
      to: owner.owner_email,
      language: owner.owner_language ?? 'en',
      data: {
        systemName: settings.systemName,
        adminEmail: settings.adminEmail,
        name: owner.owner_name ?? '',
        count: String(medicines.length),
        // One entry per medicine; the template lays them out in the recipient's language.
        items: JSON.stringify(
          medicines.map((m) => ({
            name: m.name,
            quantity: m.quantity,
            expiryDate: dayFormats[owner.owner_language === 'ar' ? 'ar' : 'en'].format(m.expiry_date),
            daysLeft: m.days_left,
          })),
        ),
        listingsUrl: `${ctx.config.PUBLIC_URL}${owner.owner_type === 'donor' ? '/donor/donations' : '/pharmacy/medicines'}`,
      },
    };
    digests.push({ queue: mailQueueName, name: job.template, payload: job });
  }
  await addManyToOutbox(client, schema, digests);
  const finished = await client.query<{ unlisted: number }>(
    'UPDATE catalog.expiry_scan_runs SET finished_at = now() WHERE id = $1 RETURNING unlisted',
    [runId],
  );
  return { unlisted: finished.rows[0]!.unlisted, alerts: rows.length, digests: digests.length };
}
