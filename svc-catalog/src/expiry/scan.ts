import { createHash } from 'node:crypto';
import { mailQueueName, type ExpiryScanResult, type MailJob } from '@medrelay/contracts';
import { cairoTimeZone, expiryAlertThresholds } from '@medrelay/domain';
import {
  addManyToOutbox,
  inTransaction,
  withTransaction,
  type OutboxMessage,
  type PoolClient,
} from '@medrelay/service-kit';
import { schema, type CatalogContext } from '../context';
import {
  addUnlisted,
  closeRun,
  type DigestLine,
  digestLines,
  lockScans,
  moveCursor,
  openRun,
  recordAlerts,
  scanCandidates,
  unlistExpired,
  unlockScans,
} from './repo';

/** The tightest threshold a medicine has reached: 5 days left → the 7-day alert. */
export function thresholdFor(daysLeft: number, thresholds: readonly number[]): number | null {
  const reached = thresholds.filter((t) => daysLeft <= t);
  return reached.length ? Math.min(...reached) : null;
}

/** Listings per batch: one short transaction each (measured in docs/expiry-and-recalls.md). */
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

/**
 * The expiry scan. Expired stock becomes unavailable; owners of stock inside the
 * expiry-warning window get one alert per medicine per threshold (entering the window, then 30,
 * 7 and 1 days; with the default window of 30 that is 30, 7, 1) as a notification (svc-requests
 * stores it) and one e-mail digest per owner per run.
 *
 * It walks the listings with work (expired or in the window, through the expiry index) by id in
 * batches, each its own short transaction (set-based statements that also write the events), two at a time; the run's cursor moves after each round, so a run
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
  // Fresh: an admin who changes the warning window and runs the scan right away expects it used.
  const settings = await ctx.settings.fresh();
  // First alert on entering the warning window, then at each of 30, 7 and 1 days inside it.
  const thresholds = settings.notifyExpiry ? expiryAlertThresholds(settings.expiryWarningDays) : [];
  const client = await ctx.pool.connect();
  try {
    await lockScans(client);
    try {
      const run = await openRun(client);
      // Work only where there is some: available stock expired or inside the alert window
      // (a day wider, as recordAlerts counts Cairo days), found through the expiry index.
      const horizon = new Date(now.getTime() + (Math.max(0, ...thresholds) + 1) * 86_400_000);
      const candidates = await scanCandidates(client, run.cursor_id, horizon);
      for (let start = 0; start < candidates.length; start += batchSize * parallel) {
        const round = candidates.slice(start, start + batchSize * parallel);
        const batches = Array.from({ length: Math.ceil(round.length / batchSize) }, (_, i) =>
          round.slice(i * batchSize, (i + 1) * batchSize),
        );
        // Batches of a round run side by side, each its own transaction. Doing a batch again is
        // harmless (unlisted rows are skipped, alerts are unique), so the cursor moves past a
        // round only once all of it is committed.
        await Promise.all(
          batches.map((ids) =>
            withTransaction(ctx.pool, async (batch) => {
              const unlisted = await unlistExpired(batch, ids, now);
              if (thresholds.length) await recordAlerts(batch, run.id, ids, now, thresholds);
              await addUnlisted(batch, run.id, unlisted);
            }),
          ),
        );
        const cursor = round.at(-1)!;
        await moveCursor(client, run.id, cursor);
        ctx.outbox.nudge();
        await options.afterBatch?.(cursor);
      }
      const result = await inTransaction(client, () => finishRun(ctx, client, run.id, now));
      ctx.outbox.nudge();
      ctx.logger.info({ ...result, run: run.id }, 'expiry scan done');
      return result;
    } finally {
      await unlockScans(client);
    }
  } finally {
    client.release();
  }
}

// The calendar day in Cairo, as the owner reads it (UTC would say the day before for a date
// picked at local midnight). Made once: a formatter costs more than thousands of dates.
const dayFormats = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: cairoTimeZone }),
  ar: new Intl.DateTimeFormat('ar-EG-u-nu-latn', { dateStyle: 'medium', timeZone: cairoTimeZone }),
};

/** Closes the run: one e-mail digest per owner listing the run's alerts; the run's totals. */
async function finishRun(
  ctx: ExpiryScanContext,
  client: PoolClient,
  runId: number,
  now: Date,
): Promise<ExpiryScanResult> {
  const settings = await ctx.settings();
  const rows = await digestLines(client, runId, now);
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
        items: medicines.map((m) => ({
          name: m.name,
          quantity: m.quantity,
          expiryDate: dayFormats[owner.owner_language === 'ar' ? 'ar' : 'en'].format(m.expiry_date),
          daysLeft: m.days_left,
        })),
        listingsUrl: `${ctx.config.PUBLIC_URL}${owner.owner_type === 'donor' ? '/donor/donations' : '/pharmacy/medicines'}`,
      },
    };
    digests.push({ queue: mailQueueName, name: job.template, payload: job });
  }
  await addManyToOutbox(client, schema, digests);
  const unlisted = await closeRun(client, runId);
  return { unlisted, alerts: rows.length, digests: digests.length };
}
