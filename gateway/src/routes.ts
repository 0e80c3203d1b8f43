import { publicGetPaths } from '@medrelay/contracts';
import { apiRoutes, routesByDeployable, type ApiRoute } from '@medrelay/contracts/api-routes';

/**
 * The part of a contract path that names its service: `/api/<first segment>`, and under
 * `/api/admin` its second (`/api/admin/recalls` is the catalog's, `/api/admin/recall-reach` the
 * requests'). Parameters never take part (`/api/requests/:id/…` is `/api/requests`).
 */
export function servicePrefix(path: string): string {
  const segments = path.split('/').filter(Boolean);
  const named = segments.slice(0, segments[1] === 'admin' ? 3 : 2);
  if (named.length < 2 || named.some((s) => s.startsWith(':')))
    throw new Error(`${path}: no service prefix (expected /api/<name>/…)`);
  return `/${named.join('/')}`;
}

/** Each service's prefixes, from the routes it declares; a prefix claimed by two is an error. */
function prefixesByService<Name extends string>(
  routes: Record<Name, readonly ApiRoute[]>,
): Record<Name, readonly string[]> {
  const owner = new Map<string, Name>();
  for (const [name, list] of Object.entries(routes) as [Name, readonly ApiRoute[]][]) {
    for (const route of list) {
      const prefix = servicePrefix(route.path);
      const claimed = owner.get(prefix);
      if (claimed && claimed !== name)
        throw new Error(`${prefix} is declared by both ${claimed} and ${name}`);
      owner.set(prefix, name);
    }
  }
  const table = Object.fromEntries(Object.keys(routes).map((name) => [name, [] as string[]])) as Record<
    Name,
    string[]
  >;
  for (const [prefix, name] of owner) table[name].push(prefix);
  return table;
}

/**
 * Which service answers which paths: read from the contracts (libs/contracts api-routes), so a
 * new route needs nothing here. The proxy, health and docs read this table.
 */
export const upstreams = prefixesByService({
  identity: routesByDeployable.identity,
  catalog: routesByDeployable.catalog,
  requests: routesByDeployable.requests,
});

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
 * A path as a guard that classifies calls compares it: the services route paths whatever their
 * case and with a trailing slash (Express's defaults), so /api/auth/Login/ is sign-in there and
 * must be here too. Percent-escapes are decoded (also escaped ones: %254C) and repeated slashes
 * collapsed as well, so no spelling of a path escapes the checks made on it.
 */
export function canonicalPath(path: string): string {
  let decoded = path;
  // A few rounds at most: the services decode none, and a path of %252525… must not cost more.
  for (let round = 0; round < 3 && decoded.includes('%'); round++) {
    decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return decoded
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1')
    .toLowerCase();
}

/**
 * Sign-in and its later steps (a second factor, a passkey): rate-limited per address like
 * sign-in, and open in maintenance mode so an administrator can get in. Any spelling of the path
 * (canonicalPath) counts.
 */
export function isSignInCall(method: string, path: string): boolean {
  const canonical = canonicalPath(path);
  return (
    method.toUpperCase() === 'POST' &&
    (canonical === '/api/auth/login' || canonical.startsWith('/api/auth/login/'))
  );
}

/** Calls that stay open in maintenance mode, so an administrator can sign in and the browser can say why. */
export function isOpenDuringMaintenance(method: string, path: string): boolean {
  return isSignInCall(method, path) || (method === 'GET' && publicGetPaths.includes(path));
}
