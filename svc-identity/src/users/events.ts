import { userEventQueues, type UserEvent } from '@medrelay/contracts';
import { hasPharmacist } from '@medrelay/domain';
import { addToOutbox, withTransaction, type Pool, type PoolClient } from '@medrelay/service-kit';
import { randomUUID } from 'node:crypto';
import { schema } from '../context';
import { tellAdministrators } from './live';
import { bumpUserVersion, takeUsersToRepublish, type StoredUser } from './repo';

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
      hasPharmacist: hasPharmacist(user),
      version: user.version,
    },
  };
  for (const queue of userEventQueues) {
    await addToOutbox(client, schema, { queue, name: type, payload: event });
  }
  // A registration, a decision on an account or its deletion changes what administrators review.
  if (type !== 'user.updated') await tellAdministrators(client);
}

/**
 * Users whose snapshot gained a field their consumers need (listed by a migration in
 * `identity.users_to_republish`): each is published again at a newer version, once, in batches,
 * so the read models learn it without waiting for the user's next change.
 */
export async function republishUsers(pool: Pool, batch = 200): Promise<number> {
  let published = 0;
  for (;;) {
    const done = await withTransaction(pool, async (client) => {
      const ids = await takeUsersToRepublish(client, batch);
      for (const id of ids) {
        const user = await bumpUserVersion(client, id);
        if (user) await recordUserEvent(client, 'user.updated', user);
      }
      return ids.length;
    });
    published += done;
    if (done < batch) return published;
  }
}
