import { publicGetPaths } from '@medrelay/contracts';

/** Which service answers which paths. One table: the proxy, health and docs read it. */
export const upstreams = {
  identity: [
    '/api/auth',
    '/api/settings',
    '/api/admin/users',
    '/api/admin/pending-users',
    '/api/admin/all-users',
    '/api/admin/settings',
  ],
  catalog: [
    '/api/medicines',
    '/api/products',
    '/api/admin/all-medicines',
    '/api/admin/expiry-scan',
    '/api/admin/products',
    '/api/admin/recalls',
  ],
  requests: [
    '/api/requests',
    '/api/transactions',
    '/api/notifications',
    '/api/needs',
    '/api/admin/all-requests',
    '/api/admin/custody',
    '/api/admin/custody.csv',
    // Who a recall reached and their acknowledgements live with the requests (issue 25).
    '/api/admin/recall-reach',
    '/api/recall-notices',
  ],
} as const;

export type UpstreamName = keyof typeof upstreams;

/** A path belongs to a prefix only at a segment boundary (/api/auth/x yes, /api/authx no). */
export function matchesPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Calls that work without a session and are not refused for a stale token: the browser sends
 * whatever token it has (spec §7), and signing in must work with an expired one.
 */
export function isPublicCall(method: string, path: string): boolean {
  return (
    (method === 'POST' && (path === '/api/auth/login' || path === '/api/auth/register')) ||
    (method === 'GET' && publicGetPaths.includes(path))
  );
}

/** Calls that stay open in maintenance mode, so an administrator can sign in and the browser can say why. */
export function isOpenDuringMaintenance(method: string, path: string): boolean {
  return (
    (method === 'POST' && path === '/api/auth/login') || (method === 'GET' && publicGetPaths.includes(path))
  );
}
