import { pickupPointOf } from '@medrelay/domain/pickup-points';
import { repointDonors, withTransaction, type Logger, type Pool } from '@medrelay/service-kit';
import { recordMedicineChanged } from './events';
import { donorListingPoints, setOwnPoint } from './repo';

/**
 * Donors' pins leave the catalog's distances (libs/domain `sharedPickupPointOf`): run at start,
 * idempotent. The users read model's donors move to their area's centre; donor listings with a
 * pinned place of their own move to that area's centre, and their events carry it to svc-requests.
 */
export async function repointDonorPlaces(pool: Pool, logger: Logger): Promise<void> {
  const users = await repointDonors(pool, 'catalog');
  const pinned = (await donorListingPoints(pool)).flatMap((row) => {
    const centre = pickupPointOf({ area: row.own_area })!;
    return centre.lat === row.own_lat && centre.lng === row.own_lng ? [] : [{ id: row.id, centre }];
  });
  for (const { id, centre } of pinned) {
    await withTransaction(pool, async (client) => {
      await setOwnPoint(client, id, centre);
      await recordMedicineChanged(client, id);
    });
  }
  if (users || pinned.length)
    logger.info({ users, listings: pinned.length }, "donors' points moved off their pins");
}
