import type { UserChangeHook } from '@medrelay/service-kit';
import type { CatalogContext } from '../context';
import { deletePhoto } from '../images/routes';
import { recordMedicineChanged } from '../medicines/events';
import { withdrawListingsOf } from './deletion-repo';

/**
 * A donor deleted their account (identity's `user.deleted`): their stock, already hidden as a
 * suspended owner's by the read model's status, is withdrawn for good and its photos deleted
 * from storage (docs/accounts.md, "Deleting an account"). Each listing's change is published, so
 * svc-requests' copy follows. A photo deleted while the transaction then fails is harmless: the
 * event is retried, and deleting files already gone does nothing.
 */
export const withdrawDeletedOwnersListings =
  (ctx: Pick<CatalogContext, 'storage'>): UserChangeHook =>
  async (client, _before, after, event) => {
    if (event.type !== 'user.deleted') return;
    const withdrawn = await withdrawListingsOf(client, after.id);
    for (const listing of withdrawn) await recordMedicineChanged(client, listing.id);
    for (const { image_key: key } of withdrawn) if (key) await deletePhoto(ctx.storage, key);
  };
