import type { PickupOffer, PickupPlan, PickupWindowInput } from '@medrelay/contracts';
import {
  checkWindow,
  contactVisible,
  latestStart,
  mayMove,
  requestMoves,
  windowInputOf,
} from '@medrelay/domain';
import { mailQueueName } from '@medrelay/contracts';
import {
  addToOutbox,
  AppError,
  findReadModelUser,
  httpError,
  withinDeadline,
  withTransaction,
  type Caller,
  type PoolClient,
} from '@medrelay/service-kit';
import { schema, type RequestsContext } from '../context';
import { actorOf, recordCustody } from '../custody/repo';
import { medicineExpiry } from '../medicines/repo';
import { followOffer } from '../handover/service';
import { transactionMailsOn } from '../requests/mail-settings';
import { callerShownName } from '../requests/party-names';
import { pickupChangedMail, pickupChangedOwnerMail, pickupConfirmedMail } from './mails';
import { addNotifications } from '../notifications/repo';
import { holdOf } from '../recalls/repo';
import { createNoShowSweep } from './no-shows';
import { createPickupReminders, windowParams, type ReminderOptions } from './reminders';
import {
  chooseWindow,
  findPickupRequest,
  findWindow,
  insertProposal,
  loadPlan,
  medicineName,
  noShowCounts,
  offeredWindows,
  settlementNumber,
  openProposal,
  replaceOffer,
  type PickupRequestRow,
  type WindowRow,
} from './repo';

export type PickupOptions = ReminderOptions;

/** The moves of the pickup inside an approved request (libs/domain `requestMoves`). */
type PickupMove = 'offerWindows' | 'chooseWindow' | 'proposeWindow' | 'acceptProposal';

export function createPickupService(ctx: RequestsContext, options: PickupOptions) {
  const { clock } = options;
  const handoverCodeFor = options.handoverCodeFor ?? (async () => null);
  const reminders = createPickupReminders(ctx, options);
  const noShows = createNoShowSweep(ctx, clock, reminders);

  /**
   * Locks the request and checks the move against the transition table (libs/domain): the
   * caller's side first (403), then that the request is approved (409).
   */
  async function lockFor(client: PoolClient, caller: Caller, id: number, move: PickupMove) {
    const request = await findPickupRequest(client, id, true);
    if (!request) throw httpError.notFound('requestNotFound');
    if (request.owner_id !== caller.id && request.requester_id !== caller.id) {
      throw httpError.forbidden('notYourRequest');
    }
    const side = request.owner_id === caller.id ? 'owner' : 'requester';
    if (requestMoves[move].by !== side) {
      throw new AppError(403, 'FORBIDDEN', side === 'requester' ? 'pickupOwnerOnly' : 'pickupRequesterOnly');
    }
    if (!mayMove(move, request, side)) {
      throw new AppError(409, 'INVALID_TRANSITION', 'pickupNotApproved', {
        details: { status: request.status },
      });
    }
    return request;
  }

  /**
   * Reminder queue work after a commit. The change stands whatever happens here, and the answer
   * does not wait for it longer than `requestQueueDeadlineMs`: the queue's Redis connection waits
   * out an outage, so a choice saved when Redis went away was answered only when it came back
   * (26 s for a 25 s outage; a 504 at the gateway for a saved change, and a 409 on retry).
   * What is skipped is logged, and nothing is lost: the sweep queues a chosen window's missing
   * reminders within a minute (`recentlySettled`); a reminder whose removal was skipped re-reads
   * the request when due and sends nothing unless it is still approved with that window chosen
   * (`sendReminder`); and the skipped commands still run on their connection if Redis returns.
   */
  async function afterCommit(requestId: number, what: string, work: () => Promise<void>): Promise<void> {
    await withinDeadline(`pickup reminders ${what}`, work()).catch((err: Error) =>
      ctx.logger.warn(
        { requestId, err: err.message },
        `pickup reminders not ${what}; the sweep queues missing ones and a stale one is not sent`,
      ),
    );
  }

  /** The chosen window's reminders, after the commit that chose it. */
  async function scheduleAfterCommit(requestId: number): Promise<void> {
    await afterCommit(requestId, 'queued', () => reminders.scheduleReminders(requestId));
  }

  /**
   * The window rule for one listing: a window's instants, refused when already over by the
   * service's clock or starting once the pack has expired.
   */
  async function windowRuleFor(client: PoolClient, medicineId: number) {
    const expiresAt = await medicineExpiry(client, medicineId);
    return (w: PickupWindowInput, path: string) => {
      const checked = checkWindow(w, clock.now(), expiresAt);
      if ('problem' in checked) {
        throw new AppError(400, 'VALIDATION_FAILED', checked.problem, {
          details: [{ path, rule: checked.problem }],
        });
      }
      return checked;
    };
  }
  /** A stored window (an offer to choose, a proposal to accept) as the rule reads it. */
  const asInput = (w: { starts_at: Date; ends_at: Date }): PickupWindowInput =>
    windowInputOf(w.starts_at, w.ends_at);

  /** The offer, written in the caller's transaction; its windows' instants. */
  async function writeOffer(client: PoolClient, request: PickupRequestRow, offer: PickupOffer) {
    const instantsOf = await windowRuleFor(client, request.medicine_id);
    const windows = offer.windows.map((w, i) => instantsOf(w, `windows.${i}`));
    await replaceOffer(client, request.id, {
      windows,
      location: offer.location,
      lat: offer.lat ?? null,
      lng: offer.lng ?? null,
    });
    return windows;
  }

  /**
   * A new offer on an approved request, and the requester's notice and e-mail of it. A time agreed
   * before is withdrawn by it: a step of the custody log, as agreeing on it was (its entry names no
   * window), so the log does not read as if the agreed time stood until the request ended.
   */
  async function offerAgain(client: PoolClient, request: PickupRequestRow, offer: PickupOffer, by: Caller) {
    const windows = await writeOffer(client, request, offer);
    if (request.chosen_window_id !== null)
      await recordCustody(client, { requestId: request.id, fromStatus: request.status, actor: actorOf(by) });
    await followOffer(client, request.id, latestStart(windows));
    const name = await medicineName(client, request.medicine_id);
    // Both parties' calendars hold the time agreed before (pickup-confirmed): cleared.
    const agreed =
      request.chosen_window_id === null
        ? null
        : await findWindow(client, request.id, request.chosen_window_id);
    await queueChangedMail(client, request.id, name, agreed);
    if (agreed) await queueChangedOwnerMail(client, request.id, name, agreed);
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

  /** The pickup-changed e-mail to the requester (with the calendar file that cancels a time agreed before). */
  async function queueChangedMail(
    client: PoolClient,
    requestId: number,
    name: string,
    agreed: WindowRow | null,
  ) {
    const settings = await ctx.settings();
    if (!transactionMailsOn(settings)) return;
    const request = (await findPickupRequest(client, requestId))!;
    const [requester, provider] = await Promise.all([
      findReadModelUser(client, schema, request.requester_id),
      findReadModelUser(client, schema, request.owner_id),
    ]);
    if (!requester) return;
    const job = pickupChangedMail({
      request,
      windows: await offeredWindows(client, requestId),
      agreed,
      medicineName: name,
      requester,
      provider,
      sequence: await settlementNumber(client, requestId),
      settings,
      publicUrl: ctx.config.PUBLIC_URL,
    });
    await addToOutbox(client, schema, { queue: mailQueueName, name: job.template, payload: job });
  }

  /** The owner's pickup-changed e-mail: the calendar file that clears the time agreed before. */
  async function queueChangedOwnerMail(
    client: PoolClient,
    requestId: number,
    name: string,
    agreed: WindowRow,
  ) {
    const settings = await ctx.settings();
    if (!transactionMailsOn(settings)) return;
    const request = (await findPickupRequest(client, requestId))!;
    const [owner, requester] = await Promise.all([
      findReadModelUser(client, schema, request.owner_id),
      findReadModelUser(client, schema, request.requester_id),
    ]);
    if (!owner) return;
    const job = pickupChangedOwnerMail({
      request,
      windows: await offeredWindows(client, requestId),
      agreed,
      medicineName: name,
      owner,
      requester,
      sequence: await settlementNumber(client, requestId),
      settings,
      publicUrl: ctx.config.PUBLIC_URL,
    });
    await addToOutbox(client, schema, { queue: mailQueueName, name: job.template, payload: job });
  }

  /**
   * The pickup-confirmed e-mails to both parties once a window is settled, in the transaction
   * that settles it: the window the app shows, and the calendar file that confirms it. Not while
   * a recall holds the pickup: nobody may collect then, so the time goes to calendars at the lift
   * (recalls/held-pickups.ts), not before.
   */
  async function queueConfirmedMails(client: PoolClient, request: PickupRequestRow, chosen: WindowRow) {
    const settings = await ctx.settings();
    if (!transactionMailsOn(settings) || (await holdOf(client, request.id)) !== null) return;
    const [owner, requester] = await Promise.all([
      findReadModelUser(client, schema, request.owner_id),
      findReadModelUser(client, schema, request.requester_id),
    ]);
    const common = {
      request,
      chosen,
      settlement: await settlementNumber(client, request.id),
      medicineName: await medicineName(client, request.medicine_id),
      settings,
      publicUrl: ctx.config.PUBLIC_URL,
      secrets: ctx.mailSecrets,
    };
    const code = await handoverCodeFor(request.id);
    for (const [reader, other, handoverCode] of [
      [requester, owner, code],
      [owner, requester, null],
    ] as const) {
      if (!reader) continue;
      const job = pickupConfirmedMail({ ...common, reader, other, handoverCode });
      await addToOutbox(client, schema, { queue: mailQueueName, name: job.template, payload: job });
    }
  }

  async function planOf(id: number): Promise<PickupPlan> {
    return (await loadPlan(ctx.pool, id))!;
  }

  const service = {
    clock,
    plan: async (caller: Caller, id: number): Promise<PickupPlan> => {
      const request = await findPickupRequest(ctx.pool, id);
      if (!request) throw httpError.notFound('requestNotFound');
      if (caller.role !== 'admin' && request.owner_id !== caller.id && request.requester_id !== caller.id) {
        throw httpError.forbidden('notYourRequest');
      }
      const plan = await planOf(id);
      // Where to collect (the street and the pin) is the requester's while the request is approved
      // or collected only, as its pickup point and contact are (libs/domain contactVisible): once
      // rejected or cancelled they are the owner's again (a donor's home).
      if (request.requester_id === caller.id && !contactVisible(request.status))
        return { ...plan, location: null, lat: null, lng: null, mapUrl: null };
      return plan;
    },

    /** The owner offers (or re-offers) windows; a choice made before is cleared and its reminders removed. */
    async offer(caller: Caller, id: number, offer: PickupOffer): Promise<PickupPlan> {
      await withTransaction(ctx.pool, async (client) => {
        const request = await lockFor(client, caller, id, 'offerWindows');
        await offerAgain(client, request, offer, caller);
      });
      ctx.outbox.nudge();
      await afterCommit(id, 'removed', () => reminders.cancelReminders(id));
      return planOf(id);
    },

    async checkOffer(
      client: PoolClient,
      medicineId: number,
      offer: PickupOffer,
      /** Where a refusal points: the window's place in the body, or the field it was made from. */
      pathOf: (index: number) => string = (i) => `windows.${i}`,
    ): Promise<void> {
      const instantsOf = await windowRuleFor(client, medicineId);
      offer.windows.forEach((w, i) => instantsOf(w, pathOf(i)));
    },

    /** Hook for the approval (requests/service.ts): windows given with the approval, same transaction. */
    async offerOnApproval(client: PoolClient, requestId: number, offer: PickupOffer) {
      const request = (await findPickupRequest(client, requestId))!;
      return writeOffer(client, request, offer);
    },

    async choose(caller: Caller, id: number, windowId: number): Promise<PickupPlan> {
      await withTransaction(ctx.pool, async (client) => {
        const request = await lockFor(client, caller, id, 'chooseWindow');
        const window = await findWindow(client, id, windowId);
        if (!window || window.withdrawn || window.proposed_by !== 'owner') {
          throw new AppError(404, 'NOT_FOUND', 'pickupWindowNotFound');
        }
        (await windowRuleFor(client, request.medicine_id))(asInput(window), 'windowId');
        await chooseWindow(client, id, window);
        // The time already agreed, chosen again (a second click, a retry): it settles a proposal
        // still waiting, but nothing is agreed anew, so no step, e-mail or notice.
        if (request.chosen_window_id === window.id) return;
        await recordCustody(client, { requestId: id, fromStatus: request.status, actor: actorOf(caller) });
        await queueConfirmedMails(client, request, window);
        await addNotifications(client, [
          {
            userId: request.owner_id,
            type: 'pickup-update',
            titleKey: 'notifyPickupChosenTitle',
            messageKey: 'notifyPickupChosen',
            params: {
              requester: await callerShownName(client, caller),
              medicine: await medicineName(client, request.medicine_id),
              ...windowParams(window),
            },
            requestId: id,
            medicineId: request.medicine_id,
            // One per time agreed: the same window chosen again after another is news again.
            sourceKey: `pickup-chosen:${id}:${window.id}:${await settlementNumber(client, id)}`,
          },
        ]);
      });
      ctx.outbox.nudge();
      await scheduleAfterCommit(id);
      return planOf(id);
    },

    async propose(caller: Caller, id: number, input: PickupWindowInput): Promise<PickupPlan> {
      await withTransaction(ctx.pool, async (client) => {
        const request = await lockFor(client, caller, id, 'proposeWindow');
        const w = (await windowRuleFor(client, request.medicine_id))(input, 'date');
        await insertProposal(client, id, w);
        await addNotifications(client, [
          {
            userId: request.owner_id,
            type: 'pickup-update',
            titleKey: 'notifyPickupProposedTitle',
            messageKey: 'notifyPickupProposed',
            params: {
              requester: await callerShownName(client, caller),
              medicine: await medicineName(client, request.medicine_id),
              ...windowParams({ starts_at: w.startsAt, ends_at: w.endsAt }),
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
        const request = await lockFor(client, caller, id, 'acceptProposal');
        const proposal = await openProposal(client, request);
        if (!proposal) throw new AppError(404, 'NOT_FOUND', 'pickupNoProposal');
        (await windowRuleFor(client, request.medicine_id))(asInput(proposal), 'proposal');
        await chooseWindow(client, id, proposal);
        await recordCustody(client, { requestId: id, fromStatus: request.status, actor: actorOf(caller) });
        await queueConfirmedMails(client, request, proposal);
        await addNotifications(client, [
          {
            userId: request.requester_id,
            type: 'pickup-update',
            titleKey: 'notifyPickupAcceptedTitle',
            messageKey: 'notifyPickupAccepted',
            params: {
              medicine: await medicineName(client, request.medicine_id),
              ...windowParams(proposal),
            },
            requestId: id,
            medicineId: request.medicine_id,
            sourceKey: `pickup-accepted:${id}:${proposal.id}`,
          },
        ]);
      });
      ctx.outbox.nudge();
      await scheduleAfterCommit(id);
      return planOf(id);
    },

    /** Hook for requests/service.ts after any status move: a request no longer approved has no reminders. */
    async onRequestMoved(requestId: number, to: string): Promise<void> {
      if (to !== 'approved')
        await afterCommit(requestId, 'removed', () => reminders.cancelReminders(requestId));
    },

    /** Missed windows of the accounts asked (a page of the users list). */
    noShowCounts: (userIds: readonly number[]) => noShowCounts(ctx.pool, userIds),

    sendReminder: reminders.sendReminder,
    promoteDueReminders: reminders.promoteDueReminders,
    sweep: noShows.sweep,
  };
  return service;
}

export type PickupService = ReturnType<typeof createPickupService>;
