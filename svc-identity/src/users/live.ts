import { addLiveEvents, type PoolClient } from '@medrelay/service-kit';
import { schema } from '../context';
import { approvedAdminIds } from './repo';

/*
 * Live screens for what identity decides (docs/messaging.md "Live screens"): in the transaction
 * of the change, published by the outbox relay after the commit.
 */

/** Administrators' open User Approvals, badge and figures: an account or a licence came or was decided. */
export async function tellAdministrators(client: PoolClient): Promise<void> {
  await addLiveEvents(client, schema, await approvedAdminIds(client), { kind: 'users' });
}

/** The user's own screens: an administrator decided on its account or its pharmacist's licence. */
export async function tellAccountOwner(client: PoolClient, userId: number): Promise<void> {
  await addLiveEvents(client, schema, [userId], { kind: 'account' });
}
