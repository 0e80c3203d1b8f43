import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { useAdminPage } from '../admin-page';

/** Pending accounts the dashboard shows; the rest are a "View all" away. */
export const pendingShown = 5;

/**
 * The first pending accounts and how many wait in all (X-Total-Count), asked again whenever a
 * screen using it opens; the sidebar badge shares the query, so opening the dashboard or User
 * Approvals refreshes it too.
 */
export function usePendingUsers() {
  return useAdminPage(identityEndpoints.pendingUsers, {}, 1, pendingShown);
}
