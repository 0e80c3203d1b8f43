import type { UserChangeHook } from '@medrelay/service-kit';
import type { NewNotification } from '../notifications/repo';
import { moveNotice } from './notices';
import { recordPlatformEnds } from './platform-ends';
import { endPendingRequestsOf, type RequestRow } from './repo';

/** The other party's notice of a pending request ended by a suspension. */
function endedNotice(request: RequestRow, suspendedName: string, medicineName: string): NewNotification {
  // Their listing is gone: the requester reads the usual rejection ("may no longer be available").
  if (request.status === 'rejected') return moveNotice(request, 'reject', suspendedName, medicineName)!;
  return {
    userId: request.owner_id,
    type: 'request-cancelled',
    titleKey: 'notifyRequestWithdrawnTitle',
    messageKey: 'notifyRequestWithdrawnSuspended',
    params: { requester: suspendedName, quantity: request.quantity, medicine: medicineName },
    requestId: request.id,
    medicineId: request.medicine_id,
    sourceKey: `request:${request.id}:suspended`,
  };
}

/**
 * An account suspended (identity's user event, in the read model's transaction): the pending
 * requests it is party to end at once, so no owner is left with a request they may only reject
 * and no requester waits on an owner who can no longer sign in. Each is logged in custody as the
 * platform's move, any reservation released, and the other party told. Approved requests stay:
 * their units are promised to a pickup, which the no-show sweep releases if it never happens.
 */
export const endPendingOnSuspension: UserChangeHook = async (client, before, after) => {
  if (after.status !== 'rejected' || before?.status !== 'approved') return;
  await recordPlatformEnds(client, await endPendingRequestsOf(client, after.id), (request, name) =>
    endedNotice(request, after.name, name),
  );
};
