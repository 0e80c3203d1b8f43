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

/**
 * What waits for review on User Approvals, the badge beside it: accounts and pharmacists'
 * licences (the lists' totals); unknown until both answered.
 */
export function usePendingReviewCount(): number | undefined {
  const accounts = usePendingUsers().data?.total;
  const licences = useAdminPage(identityEndpoints.pendingPharmacistLicenses, {}, 1, 1).data?.total;
  return accounts === undefined || licences === undefined ? undefined : accounts + licences;
}
