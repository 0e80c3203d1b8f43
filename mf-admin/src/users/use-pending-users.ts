import type { User } from '@medrelay/contracts';
import { useAdminPage } from '../admin-page';
import { pendingPath } from './keys';

/** Pending accounts the dashboard shows; the rest are a "View all" away. */
export const pendingShown = 5;

/**
 * The first pending accounts and how many wait in all (X-Total-Count), asked again whenever a
 * screen using it opens; the sidebar badge shares the query, so opening the dashboard or User
 * Approvals refreshes it too.
 */
export function usePendingUsers() {
  return useAdminPage<User>(pendingPath, {}, 1, pendingShown);
}
