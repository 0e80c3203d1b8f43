import { needMatchQueueName } from '@medrelay/contracts';
import { addToOutbox, type PoolClient, type UserChangeHook } from '@medrelay/service-kit';
import { schema } from '../context';
import { addNotifications, type NewNotification } from '../notifications/repo';
import { matchScopesOfUser, refreshMatches, type MatchScope, type NewMatch } from './repo';

/** The needer's notification of a new match; its source key makes it once per (need, listing) ever. */
const matchNotification = (m: NewMatch): NewNotification => ({
  userId: m.needOwnerId,
  type: 'need-match',
  titleKey: 'notifyNeedMatchTitle',
  // How far it is, when both points are known.
  messageKey: m.distanceKm === null ? 'notifyNeedMatch' : 'notifyNeedMatchNear',
  params: {
    needId: m.needId,
    need: m.needText,
    medicine: m.medicineName,
    quantity: m.quantity,
    days: m.daysLeft,
    take: m.take,
    ...(m.distanceKm === null ? {} : { distance: m.distanceKm }),
  },
  medicineId: m.medicineId,
  sourceKey: `need-match:${m.needId}:${m.medicineId}`,
});

/**
 * Re-evaluates the scope's matches and notifies each needer of their new ones, in the caller's
 * transaction (the consumer's, with its inbox row): a redelivered event stores and notifies nothing.
 */
export async function matchAndNotify(client: PoolClient, scope: MatchScope): Promise<NewMatch[]> {
  const added = await refreshMatches(client, scope);
  await addNotifications(client, added.map(matchNotification));
  return added;
}

/**
 * A user's pickup point, standing or pharmacist changed (identity's event): distances and reach,
 * whether their listings may match at all (suspended, reinstated) and whether donations may go to
 * them are what matching reads of them, so their open needs and their listings are matched again
 * (new pairs notified, lost ones dropped).
 */
export const rematchOnUserChange: UserChangeHook = async (client, before, after) => {
  const moved = before?.lat !== after.lat || before?.lng !== after.lng;
  const changed = moved || before?.status !== after.status || before?.has_pharmacist !== after.has_pharmacist;
  if (!before || !changed) return;
  const { needIds, medicineIds } = await matchScopesOfUser(client, after.id);
  await matchAndNotify(client, { needIds });
  await matchAndNotify(client, { medicineIds });
};

/** A need changed: its matches are re-evaluated by the need-match worker (never on the request path). */
export function queueNeedMatching(client: PoolClient, needId: number): Promise<string> {
  return addToOutbox(client, schema, {
    queue: needMatchQueueName,
    name: 'need.changed',
    payload: { needId },
  });
}
