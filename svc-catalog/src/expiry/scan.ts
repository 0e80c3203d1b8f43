import { createHash, randomUUID } from 'node:crypto';
import {
  expiryAlertThresholds,
  mailQueueName,
  medicineEventQueue,
  type ExpiryAlertEvent,
  type ExpiryScanResult,
  type Language,
  type MailJob,
  type MedicineChangedEvent,
} from '@medrelay/contracts';
import { addManyToOutbox, type OutboxMessage, type PoolClient } from '@medrelay/service-kit';
import { schema, type CatalogContext } from '../context';
import { toSnapshot, type MedicineRow } from '../medicines/repo';

/** The tightest threshold a medicine has reached: 5 days left → the 7-day alert. */
export function thresholdFor(daysLeft: number, thresholds: readonly number[]): number | null {
  const reached = thresholds.filter((t) => daysLeft <= t);
  return reached.length ? Math.min(...reached) : null;
}

/** Listings per batch: one short transaction each (measured in docs/design.md). */
export const defaultExpiryScanBatchSize = 10_000;

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
  /** Called after each committed batch with the last id done (tests stop a run here). */
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
 * It walks the listings by id in batches, each its own short transaction that also moves the
 * run's cursor, so a run that stops (crash, deploy) is continued by the next one from the last
 * committed batch. One run at a time (a session advisory lock: an overlapping run waits, then
 * finds nothing left to alert); alerts are rows with a primary key, so repeated runs send
 * nothing twice. The digests go out with the run's last transaction. Resolves when done.
 */
export async function runExpiryScan(
  ctx: ExpiryScanContext,
  now: Date = new Date(),
  options: ExpiryScanOptions = {},
): Promise<ExpiryScanResult> {
  const batchSize = options.batchSize ?? defaultExpiryScanBatchSize;
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
        const next = await client.query<{ hi: number | null }>(
          `SELECT max(id) AS hi FROM (SELECT id FROM catalog.medicines WHERE id > $1 ORDER BY id LIMIT $2) batch`,
          [cursor, batchSize],
        );
        const hi = next.rows[0]!.hi;
        if (hi === null) break;
        await inTransaction(client, async () => {
          const unlisted = await unlistExpired(client, cursor, hi, now);
          if (thresholds.length) await recordAlerts(client, run.id, cursor, hi, now, thresholds);
          await client.query(
            'UPDATE catalog.expiry_scan_runs SET cursor_id = $2, unlisted = unlisted + $3 WHERE id = $1',
            [run.id, hi, unlisted],
          );
        });
        cursor = hi;
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

/** Unlists the expired stock with ids in (lo, hi]; one medicine.changed event each. */
async function unlistExpired(client: PoolClient, lo: number, hi: number, now: Date): Promise<number> {
  const { rows } = await client.query<MedicineRow>(
    `UPDATE catalog.medicines SET is_available = false, version = version + 1, updated_at = now()
      WHERE id > $1 AND id <= $2 AND is_available AND expiry_date <= $3 RETURNING *`,
    [lo, hi, now],
  );
  await addManyToOutbox(
    client,
    schema,
    rows.map((row): OutboxMessage => {
      const event: MedicineChangedEvent = {
        eventId: randomUUID(),
        type: 'medicine.changed',
        occurredAt: now.toISOString(),
        medicine: toSnapshot(row),
      };
      return { queue: medicineEventQueue, name: event.type, payload: event };
    }),
  );
  return rows.length;
}

interface NewAlert {
  medicine_id: number;
  threshold: number;
  owner_id: number;
  name: string;
  expiry_date: Date;
  days_left: number;
}

/** Whole days left rounded up (spec §4) at `$1`. */
const daysLeftAt = `ceil(extract(epoch FROM (m.expiry_date - $1::timestamptz)) / 86400)::int`;

/**
 * Records the alerts due in (lo, hi] (the tightest threshold reached, if not sent before) and
 * their notification events, in one statement plus one insert of the events.
 */
async function recordAlerts(
  client: PoolClient,
  runId: number,
  lo: number,
  hi: number,
  now: Date,
  thresholds: number[],
) {
  const { rows } = await client.query<NewAlert>(
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
     SELECT i.medicine_id, i.threshold, r.owner_id, r.name, r.expiry_date, r.days_left
       FROM inserted i JOIN reached r ON r.id = i.medicine_id`,
    [now, lo, hi, Math.max(...thresholds), thresholds, runId],
  );
  await addManyToOutbox(
    client,
    schema,
    rows.map((alert): OutboxMessage => {
      const event: ExpiryAlertEvent = {
        eventId: randomUUID(),
        type: 'medicine.expiry-alert',
        occurredAt: now.toISOString(),
        ownerId: alert.owner_id,
        medicineId: alert.medicine_id,
        medicineName: alert.name,
        threshold: alert.threshold,
        daysLeft: alert.days_left,
        expiryDate: alert.expiry_date.toISOString(),
      };
      return { queue: medicineEventQueue, name: event.type, payload: event };
    }),
  );
}

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
  for (const line of rows) byOwner.set(line.owner_id, [...(byOwner.get(line.owner_id) ?? []), line]);
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
            // The calendar day in Cairo, as the owner reads it (UTC would say the day before
            // for a date picked at local midnight).
            expiryDate: new Intl.DateTimeFormat(owner.owner_language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-GB', {
              dateStyle: 'medium',
              timeZone: 'Africa/Cairo',
            }).format(m.expiry_date),
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
