import type { PoolClient } from '@medrelay/service-kit';

/**
 * A deleted owner's listings, withdrawn for good in the user event's transaction: no longer
 * available, without photo or own pickup point. Answers each changed listing with the photo key
 * it had (its files are deleted next). The rows stay: requests, hand-overs and custody entries
 * refer to them.
 */
export async function withdrawListingsOf(
  client: PoolClient,
  ownerId: number,
): Promise<Array<{ id: number; image_key: string | null }>> {
  const { rows } = await client.query<{ id: number; image_key: string | null }>(
    `WITH old AS (
       SELECT id, image_key FROM catalog.medicines
        WHERE owner_id = $1 AND (is_available OR image_key IS NOT NULL OR own_area IS NOT NULL)
        ORDER BY id FOR UPDATE)
     UPDATE catalog.medicines m
        SET is_available = false, image_key = NULL, own_area = NULL, own_governorate = NULL,
            own_lat = NULL, own_lng = NULL, version = m.version + 1, updated_at = now()
       FROM old WHERE m.id = old.id
     RETURNING m.id, old.image_key`,
    [ownerId],
  );
  return rows;
}
