import {
  type Language,
  mailQueueName,
  type MailJob,
  type PickupOffer,
  type PickupPlan,
  type PickupWindowInput,
} from '@medrelay/contracts';
import {
  cairoDay,
  cairoTime,
  checkWindow,
  formatCairoDateTime,
  mapLink,
  reminderMoments,
  systemMayMove,
  whatsAppNumber,
  type ReminderKind,
} from '@medrelay/domain';
import {
  addToOutbox,
  AppError,
  findReadModelUser,
  httpError,
  withTransaction,
  type Caller,
  type PoolClient,
  type ReadModelUser,
} from '@medrelay/service-kit';
import type { Queue } from 'bullmq';
import { releaseQueueName, schema, type RequestsContext } from '../context';
import { recordCustody, systemActor } from '../custody/repo';
import { addNotifications, type NewNotification } from '../notifications/repo';
import { transactionMailsOn } from '../requests/approval-mail';
import type { Clock } from './clock';
import {
  chooseWindow,
  findPickupRequest,
  findWindow,
  insertProposal,
  loadPlan,
  markMissed,
  medicineName,
  noShowCounts,
  openProposal,
  reminderTarget,
  releaseNoShows,
  replaceOffer,
  windowIdsOf,
  type PickupRequestRow,
} from './repo';

export const pickupQueueName = 'pickup';

export interface ReminderJob {
  requestId: number;
  windowId: number;
  kind: ReminderKind;
  /** When it is due (ISO); the test hook promotes jobs whose moment the moved clock has reached. */
  dueAt: string;
}

const reminderKinds: readonly ReminderKind[] = ['evening', 'hour'];
/** Deterministic: adding the same reminder twice keeps one job (BullMQ ignores a known id). */
export const reminderJobId = (requestId: number, windowId: number, kind: ReminderKind) =>
  `pickup-reminder-${requestId}-${windowId}-${kind}`;

/** A window as both languages read it in a notification (Cairo day and times, Latin digits). */
const windowLabel = (w: { starts_at: Date; ends_at: Date }) =>
  `${cairoDay(w.starts_at)} ${cairoTime(w.starts_at)}–${cairoTime(w.ends_at)}`;

export interface PickupOptions {
  clock: Clock;
  queue: Queue;
  /**
   * Hook for the handover slice (issue 18 #3): the requester's handover code, printed in their
   * reminder. Until that slice lands no code exists and reminders carry none.
   */
  handoverCodeFor?: (requestId: number) => Promise<string | null>;
}

export function createPickupService(ctx: RequestsContext, options: PickupOptions) {
  const { clock, queue } = options;
  const handoverCodeFor = options.handoverCodeFor ?? (async () => null);

  /** Locks the request and checks the caller's side and that it is approved. */
  async function lockFor(client: PoolClient, caller: Caller, id: number, side: 'owner' | 'requester') {
    const request = await findPickupRequest(client, id, true);
    if (!request) throw httpError.notFound('requestNotFound');
    if (request.owner_id !== caller.id && request.requester_id !== caller.id) {
      throw httpError.forbidden('notYourRequest');
    }
    const callerSide = request.owner_id === caller.id ? 'owner' : 'requester';
    if (callerSide !== side) {
      throw new AppError(403, 'FORBIDDEN', side === 'owner' ? 'pickupOwnerOnly' : 'pickupRequesterOnly');
    }
    if (request.status !== 'approved') {
      throw new AppError(409, 'INVALID_TRANSITION', 'pickupNotApproved', {
        details: { status: request.status },
      });
    }
    return request;
  }

  /** A window's instants, refused when already over by the service's clock. */
  function instantsOf(w: PickupWindowInput, path: string) {
    const checked = checkWindow(w, clock.now());
    if ('problem' in checked) {
      throw new AppError(400, 'VALIDATION_FAILED', checked.problem, {
        details: [{ path, rule: checked.problem }],
      });
    }
    return checked;
  }

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

  /** The offer, written in the caller's transaction (also the approval's hook). */
  async function writeOffer(client: PoolClient, request: PickupRequestRow, offer: PickupOffer) {
    const windows = offer.windows.map((w, i) => instantsOf(w, `windows.${i}`));
    await replaceOffer(client, request.id, {
      windows,
      location: offer.location,
      lat: offer.lat ?? null,
      lng: offer.lng ?? null,
    });
    const name = await medicineName(client, request.medicine_id);
    await addNotifications(client, [
      {
        userId: request.requester_id,
        type: 'pickup-update',
        titleKey: 'notifyPickupOfferedTitle',
        messageKey: 'notifyPickupOffered',
        params: { medicine: name },
        requestId: request.id,
        medicineId: request.medicine_id,
        sourceKey: `pickup-offer:${request.id}:${clock.now().getTime()}`,
      },
    ]);
  }

  async function planOf(id: number): Promise<PickupPlan> {
    return (await loadPlan(ctx.pool, id))!;
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
          when: windowLabel(window),
          location: target.pickup_location ?? '',
          phone: other?.phone ?? '—',
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
        when: `${formatCairoDateTime(window.starts_at, language)} – ${cairoTime(window.ends_at)}`,
        location: target.pickup_location ?? '',
        mapUrl:
          target.pickup_lat != null && target.pickup_lng != null
            ? mapLink(target.pickup_lat, target.pickup_lng)
            : '',
        otherName: other?.organization_name || other?.name || '',
        otherPhone: other?.phone ?? '',
        whatsappUrl: digits ? `https://wa.me/${digits}` : '',
        handoverCode: code ?? '',
        requestsUrl: `${ctx.config.PUBLIC_URL}/${reader.user_type}/requests`,
      },
    };
    await addToOutbox(client, schema, { queue: mailQueueName, name: mail.template, payload: mail });
  }

  const service = {
    clock,
    plan: async (caller: Caller, id: number): Promise<PickupPlan> => {
      const request = await findPickupRequest(ctx.pool, id);
      if (!request) throw httpError.notFound('requestNotFound');
      if (caller.role !== 'admin' && request.owner_id !== caller.id && request.requester_id !== caller.id) {
        throw httpError.forbidden('notYourRequest');
      }
      return planOf(id);
    },

    /** The owner offers (or re-offers) windows; a choice made before is cleared and its reminders removed. */
    async offer(caller: Caller, id: number, offer: PickupOffer): Promise<PickupPlan> {
      await withTransaction(ctx.pool, async (client) => {
        const request = await lockFor(client, caller, id, 'owner');
        await writeOffer(client, request, offer);
      });
      await cancelReminders(id);
      return planOf(id);
    },

    checkOffer(offer: PickupOffer): void {
      offer.windows.forEach((w, i) => instantsOf(w, `windows.${i}`));
    },

    /** Hook for the approval (requests/service.ts): windows given with the approval, same transaction. */
    async offerOnApproval(client: PoolClient, requestId: number, offer: PickupOffer): Promise<void> {
      const request = (await findPickupRequest(client, requestId))!;
      await writeOffer(client, request, offer);
    },

    async choose(caller: Caller, id: number, windowId: number): Promise<PickupPlan> {
      await withTransaction(ctx.pool, async (client) => {
        const request = await lockFor(client, caller, id, 'requester');
        const window = await findWindow(client, id, windowId);
        if (!window || window.withdrawn || window.proposed_by !== 'owner') {
          throw new AppError(404, 'NOT_FOUND', 'pickupWindowNotFound');
        }
        instantsOf(
          {
            date: cairoDay(window.starts_at),
            from: cairoTime(window.starts_at),
            to: cairoTime(window.ends_at),
          },
          'windowId',
        );
        await chooseWindow(client, id, window);
        await addNotifications(client, [
          {
            userId: request.owner_id,
            type: 'pickup-update',
            titleKey: 'notifyPickupChosenTitle',
            messageKey: 'notifyPickupChosen',
            params: {
              requester: caller.name,
              medicine: await medicineName(client, request.medicine_id),
              when: windowLabel(window),
            },
            requestId: id,
            medicineId: request.medicine_id,
            sourceKey: `pickup-chosen:${id}:${window.id}`,
          },
        ]);
      });
      await scheduleReminders(id);
      return planOf(id);
    },

    async propose(caller: Caller, id: number, input: PickupWindowInput): Promise<PickupPlan> {
      await withTransaction(ctx.pool, async (client) => {
        const request = await lockFor(client, caller, id, 'requester');
        const w = instantsOf(input, 'date');
        await insertProposal(client, id, w);
        await addNotifications(client, [
          {
            userId: request.owner_id,
            type: 'pickup-update',
            titleKey: 'notifyPickupProposedTitle',
            messageKey: 'notifyPickupProposed',
            params: {
              requester: caller.name,
              medicine: await medicineName(client, request.medicine_id),
              when: windowLabel({ starts_at: w.startsAt, ends_at: w.endsAt }),
            },
            requestId: id,
            medicineId: request.medicine_id,
            sourceKey: `pickup-proposed:${id}:${w.startsAt.toISOString()}:${clock.now().getTime()}`,
          },
        ]);
      });
      return planOf(id);
    },

    async acceptProposal(caller: Caller, id: number): Promise<PickupPlan> {
      await withTransaction(ctx.pool, async (client) => {
        const request = await lockFor(client, caller, id, 'owner');
        const proposal = await openProposal(client, request);
        if (!proposal) throw new AppError(404, 'NOT_FOUND', 'pickupNoProposal');
        instantsOf(
          {
            date: cairoDay(proposal.starts_at),
            from: cairoTime(proposal.starts_at),
            to: cairoTime(proposal.ends_at),
          },
          'proposal',
        );
        await chooseWindow(client, id, proposal);
        await addNotifications(client, [
          {
            userId: request.requester_id,
            type: 'pickup-update',
            titleKey: 'notifyPickupAcceptedTitle',
            messageKey: 'notifyPickupAccepted',
            params: {
              medicine: await medicineName(client, request.medicine_id),
              when: windowLabel(proposal),
            },
            requestId: id,
            medicineId: request.medicine_id,
            sourceKey: `pickup-accepted:${id}:${proposal.id}`,
          },
        ]);
      });
      await scheduleReminders(id);
      return planOf(id);
    },

    /** Hook for requests/service.ts after any status move: a request no longer approved has no reminders. */
    async onRequestMoved(requestId: number, to: string): Promise<void> {
      if (to !== 'approved') await cancelReminders(requestId);
    },

    noShowCounts: () => noShowCounts(ctx.pool),

    /**
     * Sends one reminder to both parties, after re-checking the request: still approved, the
     * same window chosen and not missed (a job left behind by a change does nothing). Idempotent
     * by the notification source key and the e-mail's idempotency key.
     */
    async sendReminder(job: ReminderJob): Promise<'sent' | 'stale'> {
      const sent = await withTransaction(ctx.pool, async (client) => {
        const target = await reminderTarget(client, job.requestId);
        if (
          !target ||
          target.status !== 'approved' ||
          target.chosen_window_id !== job.windowId ||
          target.missed_at
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

    /**
     * The no-show sweep: flags approved requests whose chosen window has ended (both parties
     * told), and cancels those whose grace period is over, giving the reservation back (both
     * told). Safe to run from several instances at once: both steps are conditional UPDATEs.
     */
    async sweep(): Promise<{ missed: number; released: number }> {
      // releaseNoShows moves approved → cancelled: a move the transition table gives the system.
      if (!systemMayMove('approved', 'cancelled')) throw new Error('no-show release is not a system move');
      const now = clock.now();
      const { noShowGraceHours: grace } = await ctx.settings();
      const result = await withTransaction(ctx.pool, async (client) => {
        const missed = await markMissed(client, now);
        const notices: NewNotification[] = [];
        for (const r of missed) {
          const name = await medicineName(client, r.medicine_id);
          for (const userId of [r.requester_id, r.owner_id]) {
            notices.push({
              userId,
              type: 'pickup-missed',
              titleKey: 'notifyPickupMissedTitle',
              messageKey: 'notifyPickupMissed',
              params: { medicine: name, when: windowLabel(r), hours: grace },
              requestId: r.id,
              medicineId: r.medicine_id,
              sourceKey: `pickup-missed:${r.id}:${r.chosen_window_id}:${userId}`,
            });
          }
        }
        const released = await releaseNoShows(client, now, grace);
        for (const r of released) {
          const name = await medicineName(client, r.medicine_id);
          for (const userId of [r.requester_id, r.owner_id]) {
            notices.push({
              userId,
              type: 'pickup-released',
              titleKey: 'notifyPickupReleasedTitle',
              messageKey: 'notifyPickupReleased',
              params: { medicine: name, quantity: r.quantity },
              requestId: r.id,
              medicineId: r.medicine_id,
              sourceKey: `pickup-released:${r.id}:${userId}`,
            });
          }
          // The custody log records the platform's own move (issue 18 item 5).
          await recordCustody(client, { requestId: r.id, fromStatus: 'approved', actor: systemActor });
          // Same path as a cancellation: retried from the outbox until the catalog has done it.
          await addToOutbox(client, schema, {
            queue: releaseQueueName,
            name: 'release',
            payload: { requestId: r.id },
          });
        }
        await addNotifications(client, notices);
        return { missed, released };
      });
      for (const r of result.released) await cancelReminders(r.id);
      if (result.released.length) ctx.outbox.nudge();
      return { missed: result.missed.length, released: result.released.length };
    },
  };
  return service;
}

export type PickupService = ReturnType<typeof createPickupService>;
