import { describe, expect, it } from 'vitest';
import { savedAnswers } from './saved-answers';

/**
 * The browser's CacheStorage as far as saved-answers.ts uses it, in memory. Every operation takes
 * a few turns of the event loop, as the real one is asynchronous, so operations interleave.
 */
function memoryCacheStorage() {
  const turns = async () => {
    for (let i = 0; i < 3; i++) await Promise.resolve();
  };
  const stores = new Map<string, Map<string, Response>>();
  /** A test can hold the next open() (to come between a trim's check and its open). */
  const gate: { opening?: () => void; release?: Promise<void> } = {};
  const cacheOf = (entries: Map<string, Response>) => ({
    async put(request: string, response: Response) {
      await turns();
      entries.delete(request); // a rewrite moves to the end, as in the browser
      entries.set(request, response);
    },
    async keys() {
      await turns();
      return [...entries.keys()].map((url) => new Request(url));
    },
    async delete(request: Request) {
      await turns();
      return entries.delete(request.url);
    },
  });
  const storage = {
    async has(name: string) {
      await turns();
      return stores.has(name);
    },
    async open(name: string) {
      await turns();
      if (gate.release) {
        const release = gate.release;
        gate.release = undefined;
        gate.opening?.();
        await release;
      }
      if (!stores.has(name)) stores.set(name, new Map());
      return cacheOf(stores.get(name)!);
    },
    async keys() {
      await turns();
      return [...stores.keys()];
    },
    async delete(name: string) {
      await turns();
      return stores.delete(name);
    },
  };
  return { storage: storage as unknown as CacheStorage, stores, gate };
}

const url = (path: string) => `https://medrelay.example${path}`;

function setUp(maxEntries = 200) {
  const { storage, stores, gate } = memoryCacheStorage();
  let clock = Date.parse('2026-11-26T10:00:00Z');
  const saved = savedAnswers({
    prefix: 'medrelay-api-',
    savedAtHeader: 'X-MedRelay-Saved-At',
    maxEntries,
    maxAgeMs: 7 * 24 * 3600 * 1000,
    storage,
    now: () => clock,
  });
  const { plugin } = saved;
  /** One list through the plugin as Workbox's NetworkFirst drives it, in its steps. */
  const fetchOf = (path: string, cacheName = 'medrelay-api-7') => {
    const state: Record<string, unknown> = {};
    const request = new Request(url(path));
    return {
      began: () => plugin.requestWillFetch!({ request, state } as never),
      check: () =>
        plugin.cacheWillUpdate!({
          request,
          response: new Response('[]'),
          state,
        } as never) as Promise<Response | null>,
      write: async (response: Response) =>
        (await storage.open(cacheName)).put(request.url as never, response),
      written: () => plugin.cacheDidUpdate!({ cacheName, request, state } as never),
    };
  };
  const save = async (path: string, cacheName?: string) => {
    const list = fetchOf(path, cacheName);
    await list.began();
    const response = await list.check();
    if (response) {
      await list.write(response);
      await list.written();
    }
  };
  return {
    saved,
    stores,
    gate,
    fetchOf,
    save,
    tick: (ms: number) => (clock += ms),
    savedUrls: (cacheName = 'medrelay-api-7') => [...(stores.get(cacheName)?.keys() ?? [])],
  };
}

describe("the worker's saved lists", () => {
  it('saves a list with when it was fetched, keeps the newest 200 per user, and shows none older than 7 days', async () => {
    const { saved, save, savedUrls, stores, tick } = setUp(2);
    await save('/api/medicines/my?page=1');
    tick(1000);
    await save('/api/requests/my');
    await save('/api/medicines/my?page=2');
    expect(savedUrls()).toEqual([url('/api/requests/my'), url('/api/medicines/my?page=2')]);
    const copy = stores.get('medrelay-api-7')!.get(url('/api/requests/my'))!;
    expect(copy.headers.get('X-MedRelay-Saved-At')).toBe('2026-11-26T10:00:01.000Z');

    const use = () =>
      saved.plugin.cachedResponseWillBeUsed!({ cachedResponse: copy } as never) as Promise<Response | null>;
    tick(7 * 24 * 3600 * 1000);
    expect(await use()).toBe(copy);
    tick(1);
    expect(await use()).toBeNull();
  });

  it('saves no error', async () => {
    const { saved } = setUp();
    for (const status of [401, 404, 503]) {
      const response = new Response('{}', { status });
      const check = saved.plugin.cacheWillUpdate!({
        request: new Request(url('/x')),
        response,
        state: {},
      } as never);
      expect(await check).toBeNull();
    }
  });

  it('forgets every saved list at sign-out', async () => {
    const { saved, save, stores } = setUp();
    await save('/api/medicines/my', 'medrelay-api-7');
    await save('/api/requests/my', 'medrelay-api-9');
    stores.set('medrelay-shell-scripts', new Map());
    await saved.forget();
    expect([...stores.keys()]).toEqual(['medrelay-shell-scripts']);
  });

  it('does not save a list whose fetch began before the sign-out, whenever it comes back', async () => {
    const { saved, fetchOf, stores, tick } = setUp();
    // Back before the check.
    const early = fetchOf('/api/medicines/my');
    await early.began();
    await saved.forget();
    expect(await early.check()).toBeNull();
    tick(1000);

    // Back after the check, written after the sign-out: the write is undone.
    const late = fetchOf('/api/requests/my');
    await late.began();
    const response = await late.check();
    expect(response).not.toBeNull();
    await saved.forget();
    await late.write(response!);
    await late.written();
    expect(stores.has('medrelay-api-7')).toBe(false);
  });

  it('leaves no cache behind when a sign-out comes while a saved list is being trimmed', async () => {
    const { saved, fetchOf, stores, gate } = setUp();
    const list = fetchOf('/api/medicines/my');
    await list.began();
    await list.write((await list.check())!);
    // The trim after the write has seen the cache and is about to open it when the sign-out comes.
    let release = () => {};
    gate.release = new Promise<void>((resolve) => (release = resolve));
    const opening = new Promise<void>((resolve) => (gate.opening = resolve));
    const trimmed = list.written();
    await opening;
    const forgotten = saved.forget();
    for (let i = 0; i < 50; i++) await Promise.resolve();
    release();
    await Promise.all([trimmed, forgotten]);
    expect(stores.has('medrelay-api-7')).toBe(false);
  });

  it('saves the lists of whoever signs in after', async () => {
    const { saved, save, savedUrls, tick } = setUp();
    await saved.forget();
    tick(1);
    await save('/api/medicines/my', 'medrelay-api-9');
    expect(savedUrls('medrelay-api-9')).toEqual([url('/api/medicines/my')]);
  });
});
