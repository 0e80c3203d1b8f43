import { mayMove } from '@medrelay/domain';
import { addToOutbox, withTransaction } from '@medrelay/service-kit';
import { releaseQueueName, schema, type RequestsContext } from '../context';
import { recordCustody, systemActor } from '../custody/repo';
import { addNotifications, type NewNotification } from '../notifications/repo';
import { queueCalledOffMails } from './called-off';
import type { Clock } from './clock';
import { windowParams, type PickupReminders } from './reminders';
import { sweepEveryMs } from './worker';
import {
  closeMaintenance,
  markMissed,
  markUnsettled,
  medicineName,
  openMaintenance,
  recentlySettled,
  releaseNoShows,
  type PickupRequestRow,
} from './repo';

/** Windows that passed with no handover: flagged, then released after the grace period. */
export function createNoShowSweep(ctx: RequestsContext, clock: Clock, reminders: PickupReminders) {
  return {
    /**
     * The no-show sweep: flags approved requests whose chosen window has ended, or whose pickup
     * was never settled by the time their code expired (both parties told), and cancels those whose grace period is over, giving the reservation back (both
     * told; by e-mail too where their calendars may hold the pickup, the e-mail cancelling it there). Safe to run from several instances at once: both steps are conditional UPDATEs.
     *
     * In maintenance mode it does nothing but note when maintenance began (nobody can hand over
     * or mark a collection then): the first sweep after it ends stands the pickup clock still
     * through it (`closeMaintenance`) before anything is marked or released.
     */
    async sweep(): Promise<{ missed: number; released: number }> {
      // releaseNoShows moves approved → cancelled: a move the transition table gives the system.
      if (!mayMove('releaseNoShow', { status: 'approved' }, 'system')) {
        throw new Error('no-show release is not a system move');
      }
      const now = clock.now();
      // Read now, not from the cache: a sweep a second late would close a period just opened.
      const { noShowGraceHours: grace, maintenanceMode } = await ctx.settings.fresh();
      if (maintenanceMode) {
        // It may have begun at any moment since the last sweep, a minute ago.
        await openMaintenance(ctx.pool, new Date(now.getTime() - sweepEveryMs));
        return { missed: 0, released: 0 };
      }
      const result = await withTransaction(ctx.pool, async (client) => {
        const notices: NewNotification[] = [];
        /** One notice to each party of the request (the medicine named in it). */
        const tellBoth = async (
          r: PickupRequestRow,
          notice: Pick<NewNotification, 'type' | 'titleKey' | 'messageKey' | 'params'>,
          key: string,
        ) => {
          const medicine = await medicineName(client, r.medicine_id);
          for (const userId of [r.requester_id, r.owner_id])
            notices.push({
              ...notice,
              params: { medicine, ...notice.params },
              userId,
              requestId: r.id,
              medicineId: r.medicine_id,
              sourceKey: `${key}:${userId}`,
            });
        };
        for (const r of await closeMaintenance(client, now)) {
          // The platform withdrew the agreed time: the custody log says so (an entry without a window).
          await recordCustody(client, { requestId: r.id, fromStatus: 'approved', actor: systemActor });
          await tellBoth(
            r,
            {
              type: 'pickup-update',
              titleKey: 'notifyPickupMaintenanceTitle',
              messageKey: 'notifyPickupMaintenance',
              params: windowParams(r),
            },
            `pickup-maintenance:${r.id}:${r.chosen_window_id}`,
          );
        }
        const missed = await markMissed(client, now);
        for (const r of missed)
          await tellBoth(
            r,
            {
              type: 'pickup-missed',
              titleKey: 'notifyPickupMissedTitle',
              messageKey: 'notifyPickupMissed',
              params: { ...windowParams(r), hours: grace },
            },
            `pickup-missed:${r.id}:${r.chosen_window_id}`,
          );
        const unsettled = await markUnsettled(client, now);
        for (const r of unsettled)
          await tellBoth(
            r,
            {
              type: 'pickup-missed',
              titleKey: 'notifyPickupUnsettledTitle',
              messageKey: 'notifyPickupUnsettled',
              params: { hours: grace },
            },
            `pickup-unsettled:${r.id}:${r.missed_at!.toISOString()}`,
          );
        const released = await releaseNoShows(client, now, grace);
        for (const r of released) {
          await tellBoth(
            r,
            {
              type: 'pickup-released',
              titleKey: 'notifyPickupReleasedTitle',
              messageKey: 'notifyPickupReleased',
              params: { quantity: r.quantity },
            },
            `pickup-released:${r.id}`,
          );
          // The custody log records the platform's own move.
          await recordCustody(client, { requestId: r.id, fromStatus: 'approved', actor: systemActor });
          // Calendars that hold the pickup have it cancelled (the missed time, or one agreed before
          // a new offer, maintenance or a recall withdrew it).
          await queueCalledOffMails(
            ctx,
            client,
            r,
            { released: r.chosen_window_id === null ? 'unsettled' : 'missed' },
            { name: await medicineName(client, r.medicine_id) },
          );
          // Same path as a cancellation: retried from the outbox until the catalog has done it.
          await addToOutbox(client, schema, {
            queue: releaseQueueName,
            name: 'release',
            payload: { requestId: r.id },
          });
        }
        await addNotifications(client, notices);
        return { missed: [...missed, ...unsettled], released };
      });
      for (const r of result.released) await reminders.cancelReminders(r.id);
      // Reminders a store blink kept from being queued after a choice (queued ones are left as they are).
      for (const id of await recentlySettled(ctx.pool, now)) await reminders.queueReminders(id);
      if (result.released.length) ctx.outbox.nudge();
      return { missed: result.missed.length, released: result.released.length };
    },
  };
}
