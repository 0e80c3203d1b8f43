import { type Language, mailQueueName, type MailJob } from '@medrelay/contracts';
import {
  formatPickupWindow,
  leftToRight,
  mapLink,
  reminderKinds,
  reminderMoments,
  reminderStillTrue,
  whatsAppNumber,
  type ReminderKind,
} from '@medrelay/domain';
import {
  addToOutbox,
  findReadModelUser,
  withTransaction,
  type PoolClient,
  type ReadModelUser,
} from '@medrelay/service-kit';
import type { Queue } from 'bullmq';
import { schema, type RequestsContext } from '../context';
import { addNotifications } from '../notifications/repo';
import { transactionMailsOn } from '../requests/mail-settings';
import { shownNameOf } from '../requests/party-names';
import type { Clock } from './clock';
import { reminderTarget, windowIdsOf } from './repo';

export const pickupQueueName = 'pickup';

export interface ReminderJob {
  requestId: number;
  windowId: number;
  kind: ReminderKind;
  /** When it is due (ISO); the test hook promotes jobs whose moment the moved clock has reached. */
  dueAt: string;
}

/** Deterministic: adding the same reminder twice keeps one job (BullMQ ignores a known id). */
export const reminderJobId = (requestId: number, windowId: number, kind: ReminderKind) =>
  `pickup-reminder-${requestId}-${windowId}-${kind}`;

/**
 * A window as a notice's parameters: its instants, which the bell and the push render in the
 * reader's language as the e-mails and the screens do (`noticeParams` in notifications/repo.ts).
 */
export const windowParams = (w: { starts_at: Date; ends_at: Date }) => ({
  whenStartsAt: new Date(w.starts_at).toISOString(),
  whenEndsAt: new Date(w.ends_at).toISOString(),
});

export interface ReminderOptions {
  clock: Clock;
  queue: Queue;
  /** The requester's handover code, printed in their reminder. */
  handoverCodeFor?: (requestId: number) => Promise<string | null>;
}

/**
 * The reminders of a request's chosen window: delayed jobs scheduled after the choice, removed
 * when the request changes, sent to both parties in their language when due.
 */
export function createPickupReminders(ctx: RequestsContext, options: ReminderOptions) {
  const { clock, queue } = options;
  const handoverCodeFor = options.handoverCodeFor ?? (async () => null);

  /** Removes every reminder job of the request (any window, any kind): the request changed. */
  async function cancelReminders(requestId: number): Promise<void> {
    const ids = await windowIdsOf(ctx.pool, requestId);
    await Promise.all(
      ids.flatMap((w) => reminderKinds.map((k) => queue.remove(reminderJobId(requestId, w, k)))),
    );
  }

  /** Schedules the reminders of the request's chosen window (after the commit that chose it). */
  async function scheduleReminders(requestId: number): Promise<void> {
    await cancelReminders(requestId);
    await queueReminders(requestId);
  }

  /** Queues the chosen window's reminders still ahead; one already queued is left as it is (same job id). */
  async function queueReminders(requestId: number): Promise<void> {
    const target = await reminderTarget(ctx.pool, requestId);
    if (!target?.starts_at || target.status !== 'approved') return;
    const now = clock.now();
    for (const moment of reminderMoments(target.starts_at, now)) {
      const job: ReminderJob = {
        requestId,
        windowId: target.chosen_window_id!,
        kind: moment.kind,
        dueAt: moment.at.toISOString(),
      };
      await queue.add('reminder', job, {
        jobId: reminderJobId(requestId, job.windowId, moment.kind),
        delay: moment.at.getTime() - now.getTime(),
        attempts: 10,
      });
    }
  }

  /** The in-app reminder and the e-mail to one party, in their language, with the other's contact. */
  async function remindOne(
    client: PoolClient,
    target: NonNullable<Awaited<ReturnType<typeof reminderTarget>>>,
    job: ReminderJob,
    reader: ReadModelUser,
    other: ReadModelUser | null,
    code: string | null,
    mailsOn: boolean,
    settings: Awaited<ReturnType<RequestsContext['settings']>>,
  ) {
    const key = `pickup-reminder:${job.requestId}:${job.windowId}:${job.kind}:${reader.id}`;
    const window = { starts_at: target.starts_at!, ends_at: target.ends_at! };
    const digits = other?.phone ? whatsAppNumber(other.phone) : null;
    await addNotifications(client, [
      {
        userId: reader.id,
        type: 'pickup-reminder',
        titleKey: 'notifyPickupReminderTitle',
        messageKey: 'notifyPickupReminder',
        params: {
          medicine: target.medicine_name ?? '',
          ...windowParams(window),
          location: target.pickup_location ?? '',
          // A phone reads left to right inside Arabic text too.
          phone: other?.phone ? leftToRight(other.phone) : '—',
        },
        requestId: target.id,
        medicineId: target.medicine_id,
        sourceKey: key,
      },
    ]);
    if (!mailsOn) return;
    const language: Language = reader.language;
    const mail: MailJob = {
      idempotencyKey: key,
      template: 'pickup-reminder',
      to: reader.email,
      language,
      data: {
        systemName: settings.systemName,
        kind: job.kind,
        name: reader.name,
        medicineName: target.medicine_name ?? '',
        quantity: String(target.quantity),
        when: formatPickupWindow(window.starts_at, window.ends_at, language),
        location: target.pickup_location ?? '',
        mapUrl:
          target.pickup_lat != null && target.pickup_lng != null
            ? mapLink(target.pickup_lat, target.pickup_lng)
            : '',
        otherName: other ? shownNameOf(other) : '',
        otherPhone: other?.phone ?? '',
        whatsappUrl: digits ? `https://wa.me/${digits}` : '',
        requestsUrl: `${ctx.config.PUBLIC_URL}/${reader.user_type}/requests`,
      },
      ...(code ? { sealed: ctx.mailSecrets.seal(reader.email, { handoverCode: code }) } : {}),
    };
    await addToOutbox(client, schema, { queue: mailQueueName, name: mail.template, payload: mail });
  }

  return {
    cancelReminders,
    scheduleReminders,
    queueReminders,

    /**
     * Sends one reminder to both parties, after re-checking the request: still approved, the
     * same window chosen, not missed and not held by a recall (a job left behind by a change
     * does nothing; a recall's notice said not to collect), and the reminder still true (not
     * sent once its window is under way: `reminderStillTrue`). Idempotent
     * by the notification source key and the e-mail's idempotency key. In maintenance mode
     * nothing is sent ('paused': the worker holds the job back and tries it again later).
     */
    async sendReminder(job: ReminderJob): Promise<'sent' | 'stale' | 'paused'> {
      if ((await ctx.settings()).maintenanceMode) return 'paused';
      const sent = await withTransaction(ctx.pool, async (client) => {
        const target = await reminderTarget(client, job.requestId);
        if (
          !target ||
          target.status !== 'approved' ||
          target.chosen_window_id !== job.windowId ||
          target.missed_at ||
          target.held ||
          !reminderStillTrue(job.kind, target.starts_at!, clock.now())
        ) {
          return false;
        }
        const [owner, requester] = await Promise.all([
          findReadModelUser(client, schema, target.owner_id),
          findReadModelUser(client, schema, target.requester_id),
        ]);
        const settings = await ctx.settings();
        const mailsOn = transactionMailsOn(settings);
        const code = await handoverCodeFor(target.id);
        if (requester) await remindOne(client, target, job, requester, owner, code, mailsOn, settings);
        if (owner) await remindOne(client, target, job, owner, requester, null, mailsOn, settings);
        return true;
      });
      if (sent) ctx.outbox.nudge();
      return sent ? 'sent' : 'stale';
    },

    /**
     * Promotes the delayed reminders whose moment the clock has reached. In production BullMQ's
     * own timer does this; tests and the e2e call it after moving the clock.
     */
    async promoteDueReminders(): Promise<number> {
      const now = clock.now().getTime();
      const delayed = await queue.getDelayed();
      const due = delayed.filter(
        (j) => j.name === 'reminder' && Date.parse((j.data as ReminderJob).dueAt) <= now,
      );
      await Promise.all(due.map((j) => j.promote()));
      return due.length;
    },
  };
}

export type PickupReminders = ReturnType<typeof createPickupReminders>;
