import type { RequestStatus } from '@medrelay/contracts';
import type { RequestParty } from '@medrelay/domain';
import type { NewNotification } from '../notifications/repo';
import type { RequestRow } from './repo';

/** Who is notified of each move, with which texts (keys rendered in the reader's language). */
const notices: Partial<
  Record<RequestStatus, Pick<NewNotification, 'type' | 'titleKey' | 'messageKey'> & { to: RequestParty }>
> = {
  approved: {
    to: 'requester',
    type: 'request-approved',
    titleKey: 'notifyRequestApprovedTitle',
    messageKey: 'notifyRequestApproved',
  },
  rejected: {
    to: 'requester',
    type: 'request-rejected',
    titleKey: 'notifyRequestRejectedTitle',
    messageKey: 'notifyRequestRejected',
  },
  cancelled: {
    to: 'owner',
    type: 'request-cancelled',
    titleKey: 'notifyRequestCancelledTitle',
    messageKey: 'notifyRequestCancelled',
  },
  completed: {
    to: 'owner',
    type: 'request-completed',
    titleKey: 'notifyRequestCompletedTitle',
    messageKey: 'notifyRequestCompleted',
  },
};

/** The notification a move of `request` to `to` sends the other party, or null when none is due. */
export function moveNotice(
  request: RequestRow,
  to: RequestStatus,
  actorName: string,
  medicineName: string,
): NewNotification | null {
  const notice = notices[to];
  if (!notice) return null;
  return {
    userId: notice.to === 'owner' ? request.owner_id : request.requester_id,
    type: notice.type,
    titleKey: notice.titleKey,
    messageKey: notice.messageKey,
    params: { requester: actorName, quantity: request.quantity, medicine: medicineName },
    requestId: request.id,
    medicineId: request.medicine_id,
    sourceKey: `request:${request.id}:${to}`,
  };
}
