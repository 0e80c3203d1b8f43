import { createHash, randomUUID } from 'node:crypto';
import {
  expiryAlertThresholds,
  mailQueueName,
  medicineEventQueue,
  type ExpiryAlertEvent,
  type ExpiryScanResult,
  type Language,
  type MailJob,
} from '@medrelay/contracts';
import { addToOutbox, withTransaction, type PoolClient } from '@medrelay/service-kit';
import { schema, type CatalogContext } from '../context';
import { recordMedicineChanged } from '../medicines/events';

interface Candidate {
  id: number;
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

/** The tightest threshold a medicine has reached: 5 days left → the 7-day alert. */
export function thresholdFor(daysLeft: number, thresholds: readonly number[]): number | null {
  const reached = thresholds.filter((t) => daysLeft <= t);
  return reached.length ? Math.min(...reached) : null;
}

/**
 * The daily expiry scan. Expired stock becomes unavailable; owners of stock inside the
 * expiry-warning window get one alert per medicine per threshold (entering the window, then 30,
 * 7 and 1 days; with the default window of 30 that is 30, 7, 1) as a
 * notification (svc-requests stores it) and one e-mail digest per owner per run. Runs under an
 * advisory lock, and alerts already sent are recorded, so overlapping or repeated runs send
 * nothing twice.
 */
export async function runExpiryScan(ctx: CatalogContext, now: Date = new Date()): Promise<ExpiryScanResult> {
  const settings = await ctx.settings();
  const result = await withTransaction(ctx.pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['catalog:expiry-scan']);
    const unlisted = await unlistExpired(client, now);
    if (!settings.notifyExpiry) return { unlisted, alerts: 0, digests: 0 };

    // First alert on entering the warning window, then at each of 30, 7 and 1 days inside it.
    const thresholds = [
      ...new Set([
        settings.expiryWarningDays,
        ...expiryAlertThresholds.filter((t) => t < settings.expiryWarningDays),
      ]),
    ];
    const { rows } = await client.query<Candidate>(
      `SELECT m.id, m.owner_id, m.name, m.quantity, m.expiry_date,
              ceil(extract(epoch FROM (m.expiry_date - $1::timestamptz)) / 86400)::int AS days_left,
              u.email AS owner_email, u.name AS owner_name, u.language AS owner_language,
              u.user_type AS owner_type
         FROM catalog.medicines m LEFT JOIN catalog.users u ON u.id = m.owner_id
        WHERE m.is_available AND m.quantity > 0
          AND m.expiry_date > $1 AND m.expiry_date <= $1::timestamptz + make_interval(days => $2)
        ORDER BY m.owner_id, m.expiry_date`,
      [now, settings.expiryWarningDays],
    );
    const byOwner = new Map<number, Array<Candidate & { threshold: number }>>();
    for (const medicine of rows) {
      const threshold = thresholdFor(medicine.days_left, thresholds);
      if (threshold === null) continue;
      const inserted = await client.query(
        'INSERT INTO catalog.expiry_alerts (medicine_id, threshold) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [medicine.id, threshold],
      );
      if (inserted.rowCount !== 1) continue;
      await recordAlert(client, medicine, threshold, now);
      byOwner.set(medicine.owner_id, [...(byOwner.get(medicine.owner_id) ?? []), { ...medicine, threshold }]);
    }

    let digests = 0;
    let alerts = 0;
    for (const [ownerId, medicines] of byOwner) {
      alerts += medicines.length;
      const owner = medicines[0]!;
      // No address yet (identity's event not arrived): the notification still goes out.
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
              expiryDate: new Intl.DateTimeFormat(
                owner.owner_language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-GB',
                {
                  dateStyle: 'medium',
                  timeZone: 'Africa/Cairo',
                },
              ).format(m.expiry_date),
              daysLeft: m.days_left,
            })),
          ),
          listingsUrl: `${ctx.config.PUBLIC_URL}${owner.owner_type === 'donor' ? '/donor/donations' : '/pharmacy/medicines'}`,
        },
      };
      await addToOutbox(client, schema, { queue: mailQueueName, name: job.template, payload: job });
      digests += 1;
    }
    return { unlisted, alerts, digests };
  });
  ctx.outbox.nudge();
  ctx.logger.info(result, 'expiry scan done');
  return result;
}

async function unlistExpired(client: PoolClient, now: Date): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `UPDATE catalog.medicines SET is_available = false, version = version + 1, updated_at = now()
      WHERE is_available AND expiry_date <= $1 RETURNING id`,
    [now],
  );
  for (const { id } of rows) await recordMedicineChanged(client, id);
  return rows.length;
}

async function recordAlert(client: PoolClient, medicine: Candidate, threshold: number, now: Date) {
  const event: ExpiryAlertEvent = {
    eventId: randomUUID(),
    type: 'medicine.expiry-alert',
    occurredAt: now.toISOString(),
    ownerId: medicine.owner_id,
    medicineId: medicine.id,
    medicineName: medicine.name,
    threshold,
    daysLeft: medicine.days_left,
    expiryDate: medicine.expiry_date.toISOString(),
  };
  await addToOutbox(client, schema, { queue: medicineEventQueue, name: event.type, payload: event });
}
