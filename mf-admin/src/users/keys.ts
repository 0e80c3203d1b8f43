/** Query keys the admin screens share, so a change on one screen refreshes the others. */
export const pendingPath = '/api/admin/pending-users';
/** Every page of the pending accounts (a prefix key). */
export const pendingKey = [pendingPath] as const;
export const statsKey = ['/api/admin/stats'] as const;
export const activityKey = ['/api/admin/activity'] as const;
export const allUsersPath = '/api/admin/all-users';

/**
 * Admin screens show what other users just did: queries never go stale (spec §7 cache rules), so
 * each screen asks again whenever it opens.
 */
export const refetchOnOpen = { refetchOnMount: 'always' } as const;
