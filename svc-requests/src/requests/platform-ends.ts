import { addToOutbox, type PoolClient } from '@medrelay/service-kit';
import { releaseQueueName, schema } from '../context';
import { recordCustody, systemActor } from '../custody/repo';
import { findMedicineSummary } from '../medicines/repo';
import { addNotification, type NewNotification } from '../notifications/repo';
import { moveNotice } from './notices';
import { rejectPendingNotOffered, type EndedRequest } from './repo';

/**
 * Requests the platform ended (a party suspended, the listing taken off offer): each is logged
 * in custody as the platform's move, its reservation released, and the other party told.
 */
export async function recordPlatformEnds(
  client: PoolClient,
  ended: EndedRequest[],
  noticeOf: (request: EndedRequest, medicineName: string) => NewNotification,
): Promise<void> {
  for (const request of ended) {
    await recordCustody(client, { requestId: request.id, fromStatus: request.was, actor: systemActor });
    await addToOutbox(client, schema, {
      queue: releaseQueueName,
      name: 'release',
      payload: { requestId: request.id },
    });
    const medicine = await findMedicineSummary(client, request.medicine_id);
    await addNotification(client, noticeOf(request, medicine?.name ?? ''));
  }
}

/**
 * Listings taken off offer (unlisted by their owner or an admin, or at expiry) or no longer
 * offered to a requester's role: those pending requests are rejected, so no requester waits on a
 * request the owner can no longer approve; the requester reads the usual rejection ("the
 * medicine may no longer be available").
 */
export async function rejectPendingNoLongerOffered(client: PoolClient, medicineIds: number[]): Promise<void> {
  const rejected = await rejectPendingNotOffered(client, medicineIds);
  await recordPlatformEnds(client, rejected, (request, name) => moveNotice(request, 'reject', '', name)!);
}
