import type { UserChangeHook } from '@medrelay/service-kit';
import type { RequestsContext } from '../context';
import { findMedicineSummary } from '../medicines/repo';
import type { NewNotification } from '../notifications/repo';
import { queueCalledOffMails } from '../pickup/called-off';
import { moveNotice } from './notices';
import { shownNameOf } from './party-names';
import { recordPlatformEnds } from './platform-ends';
import { endOpenRequestsOf, type EndedRequest } from './repo';

/**
 * The other party's notice of a request ended by a suspension (or a deletion). An agreed pickup's
 * is pushed (`pickup-update`): the other party may be about to travel to it or wait for it. Like
 * the called-off e-mail, it says why (the pickup is called off because that account is no longer
 * active on MedRelay, nothing more) and what to do. A pending request's waits in the bell.
 */
function endedNotice(
  request: EndedRequest,
  suspended: number,
  name: string,
  medicine: string,
): NewNotification {
  const about = {
    requestId: request.id,
    medicineId: request.medicine_id,
    sourceKey: `request:${request.id}:suspended`,
  };
  // Their listing is gone: the requester reads the usual rejection ("may no longer be available").
  if (request.status === 'rejected') return moveNotice(request, 'reject', name, medicine)!;
  // A pickup agreed with an owner suspended since: the requester must not go.
  if (request.owner_id === suspended) {
    return {
      ...about,
      userId: request.requester_id,
      type: 'pickup-update',
      titleKey: 'notifyPickupCancelledTitle',
      messageKey: 'notifyPickupCancelledSuspended',
      params: { owner: name, quantity: request.quantity, medicine },
    };
  }
  const agreed = request.was === 'approved';
  return {
    ...about,
    userId: request.owner_id,
    type: agreed ? 'pickup-update' : 'request-cancelled',
    titleKey: agreed ? 'notifyPickupCancelledTitle' : 'notifyRequestWithdrawnTitle',
    messageKey: agreed ? 'notifyApprovedWithdrawnSuspended' : 'notifyRequestWithdrawnSuspended',
    params: { requester: name, quantity: request.quantity, medicine },
  };
}

/**
 * An account suspended (identity's user event, in the read model's transaction): every open
 * request it is party to ends at once, so no owner is left with a request they may only reject,
 * no requester waits on an owner who can no longer sign in, and no one goes to a pickup with an
 * account that is no longer active (reminders stop: they go to approved requests only). Each is
 * logged in custody as the platform's move, its reservation released (the units go back on
 * offer), and the other party told; of an agreed pickup also by the called-off e-mail, whose
 * calendar file takes it out of their calendar, as when a party calls a pickup off.
 */
export const endOpenOnSuspension =
  (ctx: Pick<RequestsContext, 'settings' | 'config'>): UserChangeHook =>
  async (client, before, after) => {
    if (after.status !== 'rejected' || before?.status !== 'approved') return;
    const ended = await endOpenRequestsOf(client, after.id);
    await recordPlatformEnds(client, ended, (request, medicine) =>
      endedNotice(request, after.id, shownNameOf(after), medicine),
    );
    for (const request of ended.filter((r) => r.was === 'approved')) {
      const suspended = request.owner_id === after.id ? 'owner' : 'requester';
      const medicine = await findMedicineSummary(client, request.medicine_id);
      await queueCalledOffMails(ctx, client, request, { platformFor: suspended }, medicine);
    }
  };
