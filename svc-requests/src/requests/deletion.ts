import type { UserChangeHook } from '@medrelay/service-kit';
import { eraseAccountTraces } from './deletion-repo';
import { shownNameOf } from './party-names';

/**
 * A donor deleted their account (identity's `user.deleted`). Its row reads as a suspended
 * account's, so `endOpenOnSuspension` has already ended its open requests and agreed pickups and
 * told the other parties; this erases its name where svc-requests stored it apart from the read
 * model (docs/accounts.md, "Deleting an account").
 */
export const eraseDeletedAccount: UserChangeHook = async (client, before, after, event) => {
  if (event.type !== 'user.deleted' || !before) return;
  await eraseAccountTraces(client, after.id, [...new Set([before.name, shownNameOf(before)])]);
};
