import type { UserChangeHook } from '@medrelay/service-kit';
import type { NewNotification } from '../notifications/repo';
import { moveNotice } from './notices';
import { recordPlatformEnds } from './platform-ends';
import { endOpenRequestsOf, type EndedRequest } from './repo';

/** The other party's notice of a request ended by a suspension. */
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
      type: 'request-cancelled',
      titleKey: 'notifyPickupCancelledTitle',
      messageKey: 'notifyPickupCancelledSuspended',
      params: { owner: name, quantity: request.quantity, medicine },
    };
  }
  return {
    ...about,
    userId: request.owner_id,
    type: 'request-cancelled',
    titleKey: 'notifyRequestWithdrawnTitle',
    messageKey:
      request.was === 'approved' ? 'notifyApprovedWithdrawnSuspended' : 'notifyRequestWithdrawnSuspended',
    params: { requester: name, quantity: request.quantity, medicine },
  };
}

/**
 * An account suspended (identity's user event, in the read model's transaction): every open
 * request it is party to ends at once, so no owner is left with a request they may only reject,
 * no requester waits on an owner who can no longer sign in, and no one goes to a pickup with an
 * account that is no longer active (reminders stop: they go to approved requests only). Each is
 * logged in custody as the platform's move, its reservation released (the units go back on
 * offer), and the other party told.
 */
export const endOpenOnSuspension: UserChangeHook = async (client, before, after) => {
  if (after.status !== 'rejected' || before?.status !== 'approved') return;
  await recordPlatformEnds(client, await endOpenRequestsOf(client, after.id), (request, medicine) =>
    endedNotice(request, after.id, after.name, medicine),
  );
};
