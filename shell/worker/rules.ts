// What MedRelay's service worker does with each request, as plain functions (tested beside it in
// rules.test.ts). The worker itself (service-worker.ts) only wires them to Workbox.
import { apiCachePrefix, formOutcomesCache } from '@medrelay/api-client/offline';

export { forgetSavedAnswersMessage, keptHeader, savedAtHeader } from '@medrelay/api-client/offline';
export { keptFormDays } from '@medrelay/contracts';

/** Webpack puts a content hash in chunk names: such a file never changes. */
const hashed = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

export const cacheNames = {
  /** The remotes' content-hashed chunks: kept (by count and age) since they never change. */
  remoteChunks: 'medrelay-remote-chunks',
  /** remotes.json, each remote's mf-manifest.json and remoteEntry.js: fixed names, network first. */
  remoteEntries: 'medrelay-remote-entries',
  /** The shell's scripts of this build, cached once the worker is active (not while installing). */
  shellScripts: 'medrelay-shell-scripts',
  /** The shell's hashed chunks of the build before this one, for tabs still running it. */
  previousShell: 'medrelay-previous-shell',
  /** One per signed-in user: `medrelay-api-<user id>`. Deleted at sign-out (by the page and the worker). */
  apiPrefix: apiCachePrefix,
  /** Outcomes of forms sent after coming back online, until a tab has shown them. */
  formOutcomes: formOutcomesCache,
} as const;

/** How long an API GET waits for the network before a saved copy is shown instead. */
export const apiNetworkTimeoutSeconds = 4;

/**
 * The last-seen lists that open offline: own medicines, own requests and their details (a
 * requester's handover code comes only in a request's own answer), browse pages, plus what
 * the screens around them need (the session, public settings, notifications, summaries).
 */
const offlineLists: RegExp[] = [
  /^\/api\/auth\/me$/,
  /^\/api\/settings$/,
  /^\/api\/medicines$/,
  /^\/api\/medicines\/my(\/summary)?$/,
  /^\/api\/medicines\/expiring$/,
  /^\/api\/medicines\/\d+$/,
  /^\/api\/requests\/my(\/summary|\/donation-status)?$/,
  /^\/api\/requests\/\d+$/,
  /^\/api\/transactions\/my$/,
  /^\/api\/needs\/my$/,
  /^\/api\/notifications$/,
];

/** The forms kept while offline and sent when the connection returns. */
const queuedForms: Array<{ method: string; path: RegExp }> = [
  { method: 'POST', path: /^\/api\/requests$/ },
  { method: 'POST', path: /^\/api\/medicines$/ },
];

export function isOfflineList(method: string, url: URL, origin: string): boolean {
  return method === 'GET' && url.origin === origin && offlineLists.some((p) => p.test(url.pathname));
}

export function isQueuedForm(method: string, url: URL, origin: string): boolean {
  return url.origin === origin && queuedForms.some((f) => f.method === method && f.path.test(url.pathname));
}

/** A remote's content-hashed file (chunk, stylesheet, WebAssembly) under /mf/. */
export function isRemoteChunk(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/mf/') && hashed.test(url.pathname);
}

/** What says where a remote's current build is: never hashed, so network first. */
export function isRemoteEntry(url: URL, origin: string): boolean {
  return (
    url.origin === origin &&
    url.pathname.startsWith('/mf/') &&
    /\/(remotes\.json|mf-manifest\.json|remoteEntry\.js)$/.test(url.pathname)
  );
}

/** A hashed file of the shell (outside /mf/ and /api/). */
export function isShellChunk(url: URL, origin: string): boolean {
  return (
    url.origin === origin &&
    !url.pathname.startsWith('/mf/') &&
    !url.pathname.startsWith('/api/') &&
    hashed.test(url.pathname)
  );
}

/**
 * A script of the shell's build. Chrome compiles every function of a script that a worker caches
 * while installing and keeps that whole code with it; reading it back on every load of a signed-in
 * screen took 1.06 s of main thread with the CPU 4× slower (pharmacy dashboard, median of 8), the
 * code Chrome keeps once a script has run 19 ms (docs/offline.md). So scripts are cached after
 * installing, everything else of the build while installing.
 */
export function isScript(url: string): boolean {
  return /\.m?js$/.test(new URL(url, 'https://x.invalid').pathname);
}

/** Screens of the app (every navigation but the server's own pages) get the shell's index.html. */
export const serverPages = [/^\/api(\/|$)/, /^\/mf\//, /^\/health(\/|$)/];

/**
 * Whose answers these are: the subject of the bearer token. Only for choosing the user's own
 * cache (the server verified the token when it answered); null without a readable token.
 */
export function userOfAuthorization(authorization: string | null): string | null {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && /^[\w-]{1,64}$/.test(sub) ? sub : null;
  } catch {
    return null;
  }
}

export function apiCacheOf(user: string): string {
  return `${cacheNames.apiPrefix}${user}`;
}
