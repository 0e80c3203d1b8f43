import { publicGetPaths } from '@medrelay/contracts';
import { apiRoutes } from '@medrelay/contracts/api-routes';

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
  return publicCalls.has(`${method} ${path}`) || (method === 'GET' && publicGetPaths.includes(path));
}

/** Every route the contract declares public (sign-in and its e-mailed links among them). */
const publicCalls = new Set(
  apiRoutes.filter((r) => r.access === 'public').map((r) => `${r.method.toUpperCase()} ${r.path}`),
);

/**
 * Sign-in and its later steps (a second factor, a passkey): rate-limited per address like
 * sign-in, and open in maintenance mode so an administrator can get in.
 */
export function isSignInCall(method: string, path: string): boolean {
  return method === 'POST' && (path === '/api/auth/login' || path.startsWith('/api/auth/login/'));
}

/** Calls that stay open in maintenance mode, so an administrator can sign in and the browser can say why. */
export function isOpenDuringMaintenance(method: string, path: string): boolean {
  return isSignInCall(method, path) || (method === 'GET' && publicGetPaths.includes(path));
}
