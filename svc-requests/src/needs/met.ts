import { needSettlement } from '@medrelay/domain';
import type { PoolClient } from '@medrelay/service-kit';
import { matchAndNotify } from '../matching/service';
import { addNotification } from '../notifications/repo';
import { needToSettle, setNeedMet } from './repo';

/**
 * Closes a need as met once its requests add up to its minimum, or opens one closed that way again
 * when they no longer do (libs/domain `needSettlement`), telling its owner in-app in their language
 * (the notification is rendered when read) unless the move follows the owner's own edit (a new
 * minimum: they see the outcome in the answer; "a request was cancelled" would be wrong). A
 * redelivered job finds the need settled: no change, no second notice. Whether it moved.
 */
export async function settleNeed(
  client: PoolClient,
  needId: number,
  { byOwnerEdit = false } = {},
): Promise<boolean> {
  const need = await needToSettle(client, needId);
  if (!need) return false;
  const move = needSettlement(need, need.requested);
  if (!move) return false;
  const at = await setNeedMet(client, needId, move === 'close');
  if (byOwnerEdit) return true;
  const met = move === 'close';
  await addNotification(client, {
    userId: need.ownerId,
    type: met ? 'need-met' : 'need-reopened',
    titleKey: met ? 'notifyNeedMetTitle' : 'notifyNeedReopenedTitle',
    messageKey: met ? 'notifyNeedMet' : 'notifyNeedReopened',
    params: { needId, need: need.medicine, requested: need.requested, min: need.minQuantity },
    sourceKey: `${met ? 'need-met' : 'need-reopened'}:${needId}:${at.toISOString()}`,
  });
  return true;
}

/**
 * The need-match worker's job (a need changed, or a request made on it moved): the need is
 * settled first, then its matches re-evaluated, so a need just closed drops its matches and one
 * opened again finds them (their notices were sent once already and are not repeated).
 */
export async function reevaluateNeed(client: PoolClient, needId: number): Promise<void> {
  await settleNeed(client, needId);
  await matchAndNotify(client, { needIds: [needId] });
}
