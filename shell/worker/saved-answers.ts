// The per-user caches of last-seen lists (medrelay-api-<user>): what is saved, how long, and how
// a sign-out deletes them for good. docs/offline.md describes the design.
//
// Not Workbox's ExpirationPlugin: after each write it re-opens the cache in the background to trim
// it (and keeps every saved URL in IndexedDB), so a list saved just before a sign-out brought back
// the cache the page had just deleted (a clean-clone CI run found it). Here every trim and every
// delete runs in one queue: a sign-out's delete runs after whatever was under way, and nothing
// that began before the sign-out writes after it.
import type { WorkboxPlugin } from 'workbox-core/types';

export interface SavedAnswersOptions {
  /** The names of these caches start with it (one cache per user). */
  prefix: string;
  /** The header each saved copy carries: when it was fetched (ISO 8601). */
  savedAtHeader: string;
  /** Per user, the most recently saved are kept. */
  maxEntries: number;
  /** An older copy is not shown. */
  maxAgeMs: number;
  storage?: CacheStorage;
  now?: () => number;
}

export function savedAnswers(options: SavedAnswersOptions) {
  const { prefix, savedAtHeader, maxEntries, maxAgeMs } = options;
  const storage = options.storage ?? caches;
  const now = options.now ?? Date.now;
  let forgottenAt: number | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = (work: () => Promise<unknown>) => {
    const turn = queue.then(work);
    queue = turn.catch(() => undefined);
    return turn;
  };
  /** A fetch that began before the last sign-out: what it brings is not saved. */
  const beganBefore = (state: { began?: unknown } | undefined) =>
    forgottenAt !== null && (typeof state?.began !== 'number' || state.began <= forgottenAt);

  // Cache.keys() lists in the order written (a rewrite moves to the end): the oldest go first.
  const trim = async (cacheName: string) => {
    if (!(await storage.has(cacheName))) return;
    const cache = await storage.open(cacheName);
    const keys = await cache.keys();
    for (const key of keys.slice(0, Math.max(0, keys.length - maxEntries))) await cache.delete(key);
  };

  const plugin: WorkboxPlugin = {
    requestWillFetch: async ({ request, state }) => {
      if (state) state.began = now();
      return request;
    },
    cacheWillUpdate: async ({ response, state }) => {
      if (response.status !== 200 || beganBefore(state)) return null;
      const headers = new Headers(response.headers);
      headers.set(savedAtHeader, new Date(now()).toISOString());
      return new Response(await response.blob(), { status: 200, headers });
    },
    // Told of the sign-out between the check above and the write: the write is undone.
    cacheDidUpdate: async ({ cacheName, state }) => {
      await inTurn(() => (beganBefore(state) ? storage.delete(cacheName) : trim(cacheName)));
    },
    cachedResponseWillBeUsed: async ({ cachedResponse }) => {
      const savedAt = Date.parse(cachedResponse?.headers.get(savedAtHeader) ?? '');
      return cachedResponse && now() - savedAt <= maxAgeMs ? cachedResponse : null;
    },
  };

  return {
    plugin,
    /** At sign-out: every user's saved answers go, and nothing on its way is saved after. */
    forget() {
      forgottenAt = now();
      return inTurn(async () => {
        const names = (await storage.keys()).filter((name) => name.startsWith(prefix));
        await Promise.all(names.map((name) => storage.delete(name)));
      });
    },
  };
}
