import type { RequestMoveName, RequestParty } from '@medrelay/domain';
import type { NewNotification } from '../notifications/repo';
import type { RequestRow } from './repo';

/** Who is notified of each move, with which texts (keys rendered in the reader's language). */
const notices: Partial<
  Record<RequestMoveName, Pick<NewNotification, 'type' | 'titleKey' | 'messageKey'> & { to: RequestParty }>
> = {
  approve: {
    to: 'requester',
    type: 'request-approved',
    titleKey: 'notifyRequestApprovedTitle',
    messageKey: 'notifyRequestApproved',
  },
  reject: {
    to: 'requester',
    type: 'request-rejected',
    titleKey: 'notifyRequestRejectedTitle',
    messageKey: 'notifyRequestRejected',
  },
  cancel: {
    to: 'owner',
    type: 'request-cancelled',
    titleKey: 'notifyRequestCancelledTitle',
    messageKey: 'notifyRequestCancelled',
  },
  collect: {
    to: 'owner',
    type: 'request-completed',
    titleKey: 'notifyCollectedUnconfirmedTitle',
    messageKey: 'notifyCollectedUnconfirmed',
  },
  confirmCollection: {
    to: 'requester',
    type: 'request-completed',
    titleKey: 'notifyCollectionConfirmedTitle',
    messageKey: 'notifyCollectionConfirmed',
  },
  disputeCollection: {
    to: 'requester',
    type: 'request-completed',
    titleKey: 'notifyCollectionDisputedTitle',
    messageKey: 'notifyCollectionDisputed',
  },
};

/** An approved pickup called off: by the requester (it will not come) or the owner (it cannot hand over). */
const calledOff: Partial<Record<RequestMoveName, (typeof notices)[RequestMoveName]>> = {
  cancel: {
    to: 'owner',
    type: 'pickup-update',
    titleKey: 'notifyPickupCancelledTitle',
    messageKey: 'notifyApprovedCancelled',
  },
  reject: {
    to: 'requester',
    type: 'pickup-update',
    titleKey: 'notifyPickupCancelledTitle',
    messageKey: 'notifyApprovalWithdrawn',
  },
};

/** An approval of fewer units than asked: the requester is told how many of those asked. */
const approvedPart = {
  ...notices.approve!,
  titleKey: 'notifyRequestApprovedPartTitle',
  messageKey: 'notifyRequestApprovedPart',
} as const;

/**
 * The notification a move of `request` sends the other party, or null when none is due.
 * `asked`: the units asked, when an approval grants fewer (`request.quantity`).
 */
export function moveNotice(
  request: RequestRow,
  move: RequestMoveName,
  actorName: string,
  medicineName: string,
  asked = request.quantity,
): NewNotification | null {
  const part = move === 'approve' && asked > request.quantity;
  // A pickup called off after the approval changes the other party's day: said as such, and pushed.
  const notice = part
    ? approvedPart
    : ((request.status === 'approved' ? calledOff[move] : undefined) ?? notices[move]);
  if (!notice) return null;
  return {
    userId: notice.to === 'owner' ? request.owner_id : request.requester_id,
    type: notice.type,
    titleKey: notice.titleKey,
    messageKey: notice.messageKey,
    // The actor is the requester or the owner, as the texts name them.
    params: {
      requester: actorName,
      owner: actorName,
      quantity: request.quantity,
      medicine: medicineName,
      ...(part ? { asked } : {}),
    },
    requestId: request.id,
    medicineId: request.medicine_id,
    sourceKey: `request:${request.id}:${move}`,
  };
}
