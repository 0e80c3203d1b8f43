import { deletedAccountName } from '@medrelay/domain/user-status';
import type { PoolClient } from '@medrelay/service-kit';

/**
 * What svc-requests kept of a deleted account beyond its read-model row, erased in the user
 * event's transaction: its name in the notices other people hold about its requests and listings
 * (a stored parameter equal to one of its names becomes the placeholder: the name it goes by,
 * and its sign-in name, which notices stored before they named organisations carry), its name in the custody log
 * (migration 087 allows exactly that change), its own notices and its browsers' push
 * subscriptions. Requests and custody entries stay, under its id.
 */
export async function eraseAccountTraces(
  client: PoolClient,
  userId: number,
  names: readonly string[],
): Promise<void> {
  await client.query(
    `UPDATE requests.notifications n
        SET params = (SELECT jsonb_object_agg(e.key, CASE WHEN e.value IN (SELECT to_jsonb(x) FROM unnest($2::text[]) x)
                                                          THEN to_jsonb($3::text) ELSE e.value END)
                        FROM jsonb_each(n.params) e)
      WHERE n.user_id <> $1
        AND (n.request_id IN (SELECT id FROM requests.requests WHERE owner_id = $1 OR requester_id = $1)
             OR n.medicine_id IN (SELECT id FROM requests.medicines WHERE owner_id = $1))
        AND EXISTS (SELECT 1 FROM jsonb_each(n.params) e
                     WHERE e.value IN (SELECT to_jsonb(x) FROM unnest($2::text[]) x))`,
    [userId, names, deletedAccountName],
  );
  await client.query(
    'UPDATE requests.custody_log SET actor_name = $2 WHERE actor_id = $1 AND actor_name <> $2',
    [userId, deletedAccountName],
  );
  await client.query('DELETE FROM requests.notifications WHERE user_id = $1', [userId]);
  await client.query('DELETE FROM requests.push_subscriptions WHERE user_id = $1', [userId]);
}
