import { routeKey } from '@medrelay/api-client';
import { gatewayEndpoints, identityEndpoints } from '@medrelay/contracts/endpoints';

// Query keys the admin screens share, so a change on one screen refreshes the others.

/** Every page of the pending accounts (a prefix key). */
export const pendingKey = routeKey(identityEndpoints.pendingUsers);
export const statsKey = routeKey(gatewayEndpoints.adminStats);
export const activityKey = routeKey(gatewayEndpoints.adminActivity);
/** Every page of the accounts list (a prefix key). */
export const allUsersKey = routeKey(identityEndpoints.allUsers);

/**
 * Admin screens show what other users just did: queries never go stale (spec §7 cache rules), so
 * each screen asks again whenever it opens.
 */
export const refetchOnOpen = { refetchOnMount: 'always' } as const;
