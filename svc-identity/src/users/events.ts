import { userEventQueues, type UserEvent } from '@medrelay/contracts';
import { addToOutbox, type PoolClient } from '@medrelay/service-kit';
import { randomUUID } from 'node:crypto';
import { schema } from '../context';
import type { StoredUser } from './repo';

/** Records a user event for every consuming service, in the transaction of the change. */
export async function recordUserEvent(
  client: PoolClient,
  type: UserEvent['type'],
  user: StoredUser,
): Promise<void> {
  const event: UserEvent = {
    eventId: randomUUID(),
    type,
    occurredAt: new Date().toISOString(),
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      userType: user.userType,
      status: user.status,
      address: user.profile?.address ?? null,
      organizationName: user.profile?.organizationName ?? null,
      language: user.language,
      governorate: user.governorate ?? null,
      area: user.area ?? null,
      pin: user.pin ?? null,
      version: user.version,
    },
  };
  for (const queue of userEventQueues) {
    await addToOutbox(client, schema, { queue, name: type, payload: event });
  }
}
