/// <reference lib="webworker" />
// MedRelay's service worker, served at /sw.js (scope: the whole app), built with Workbox from this
// file by the shell's build (InjectManifest). One worker for everything the app does in the
// background: the shell precached, the remotes' files cached as they are used, the last-seen lists
// kept per user for a weak or missing connection, forms kept while offline and sent once the
// connection returns, and web pushes shown. docs/offline.md describes the design.
import { cacheNames as workboxCaches } from 'workbox-core';
import { Queue } from 'workbox-background-sync';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  createHandlerBoundToURL,
  PrecacheController,
  PrecacheRoute,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  apiCacheOf,
  apiNetworkTimeoutSeconds,
  cacheNames,
  forgetSavedAnswersMessage,
  isOfflineList,
  isQueuedForm,
  isRemoteChunk,
  isRemoteEntry,
  isScript,
  isShellChunk,
  keptFormDays,
  keptHeader,
  savedAtHeader,
  serverPages,
  userOfAuthorization,
} from './rules';
import { savedAnswers } from './saved-answers';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };
const origin = self.location.origin;
const day = 24 * 60 * 60;
/** How long a form waits for an answer before it is kept to be sent again later. */
const formTimeoutMs = 15_000;

// A new deployment's worker takes over at once: the tabs still running the build before it keep
// finding that build's chunks (copied aside below), so none of them breaks.
self.addEventListener('install', (event) => {
  void self.skipWaiting();
  event.waitUntil(keepPreviousShell());
});

const buildFiles = self.__WB_MANIFEST;
const urlOf = (entry: PrecacheEntry | string) => (typeof entry === 'string' ? entry : entry.url);
// The shell's build but its scripts (index.html, icons, manifest), cached while installing.
precacheAndRoute(buildFiles.filter((entry) => !isScript(urlOf(entry))));
// Its scripts, cached once this worker is active (rules.ts, isScript, says why), served from there.
const shellScripts = new PrecacheController({ cacheName: cacheNames.shellScripts });
shellScripts.addToCacheList(buildFiles.filter((entry) => isScript(urlOf(entry))));
registerRoute(new PrecacheRoute(shellScripts));

/** Copies the scripts open tabs run (this worker's build) aside before a new build replaces them. */
async function keepPreviousShell() {
  await caches.delete(cacheNames.previousShell);
  const previous = await caches.open(cacheNames.previousShell);
  // Workers before this one kept the scripts in Workbox's precache.
  for (const name of [cacheNames.shellScripts, workboxCaches.precache]) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!isShellChunk(new URL(request.url), origin)) continue;
      const response = await cache.match(request);
      if (response) await previous.put(new URL(request.url).pathname, response);
    }
  }
}

let shellScriptsCached: Promise<void> | null = null;
/** This build's scripts in their cache, other builds' gone; at most one pass at a time. */
function cacheShellScripts(): Promise<void> {
  shellScriptsCached ??= (async () => {
    const cache = await caches.open(cacheNames.shellScripts);
    const keys = new Map(
      shellScripts.getCachedURLs().map((url) => [url, shellScripts.getCacheKeyForURL(url)!]),
    );
    const wanted = new Set(keys.values());
    for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
    for (const [url, key] of keys) {
      if (await cache.match(key)) continue;
      // A revision in the key means a fixed name (main.js): ask past the HTTP cache.
      const response = await fetch(url, {
        cache: key === url ? 'default' : 'no-cache',
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      await cache.put(key, response);
    }
  })().catch((error: unknown) => {
    shellScriptsCached = null; // tried again at the next screen opened
    throw error;
  });
  return shellScriptsCached;
}

// The first worker takes over the open tabs once the scripts are cached, so a tab it controls
// opens offline; a new deployment's worker controls them already (the same registration).
self.addEventListener('activate', () => {
  void cacheShellScripts()
    .catch(() => undefined)
    .then(() => self.clients.claim());
});
self.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate') event.waitUntil(cacheShellScripts().catch(() => undefined));
});

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: serverPages }));
registerRoute(
  ({ url }) => isShellChunk(url, origin),
  new CacheFirst({
    cacheName: cacheNames.previousShell,
    plugins: [new ExpirationPlugin({ maxEntries: 200 })],
  }),
);

// Remotes: their chunks carry content hashes and never change; what names the current build
// (remotes.json, mf-manifest.json, remoteEntry.js) is asked of the network first, so a remote
// redeployed on its own is picked up, and the last one seen still loads offline.
registerRoute(
  ({ url }) => isRemoteChunk(url, origin),
  new CacheFirst({
    cacheName: cacheNames.remoteChunks,
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * day })],
  }),
);
registerRoute(
  ({ url }) => isRemoteEntry(url, origin),
  new NetworkFirst({ cacheName: cacheNames.remoteEntries, networkTimeoutSeconds: apiNetworkTimeoutSeconds }),
);

// The last-seen lists: network first; on no answer within a few seconds, the user's own saved
// copy, marked with when it was saved. Each user has a cache of their own (by the token's
// subject), deleted at sign-out by the page, which tells the worker too (saved-answers.ts).
const saved = savedAnswers({
  prefix: cacheNames.apiPrefix,
  savedAtHeader,
  maxEntries: 200,
  maxAgeMs: 7 * day * 1000,
});
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type !== forgetSavedAnswersMessage) return;
  event.waitUntil(saved.forget().catch(() => undefined));
});
const apiStrategies = new Map<string, NetworkFirst>();
function apiStrategy(user: string) {
  let strategy = apiStrategies.get(user);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName: apiCacheOf(user),
      networkTimeoutSeconds: apiNetworkTimeoutSeconds,
      // The same list asked with a newer token of the same user is the same list.
      matchOptions: { ignoreVary: true },
      plugins: [saved.plugin],
    });
    apiStrategies.set(user, strategy);
  }
  return strategy;
}
registerRoute(
  ({ url, request }) =>
    isOfflineList(request.method, url, origin) &&
    userOfAuthorization(request.headers.get('Authorization')) !== null,
  (options) => {
    const user = userOfAuthorization(options.request.headers.get('Authorization'))!;
    return apiStrategy(user).handle(options);
  },
);

// Forms sent while offline: kept (in IndexedDB) and sent when the connection returns, each with
// the Idempotency-Key the page gave it, so a form the server already has is not made twice.
const forms = new Queue('medrelay-forms', {
  // Shorter than the services keep each answer (contracts keptFormDays).
  maxRetentionTime: keptFormDays * 24 * 60,
  onSync: async () => {
    // Forms left waiting (a revoked token, a first attempt still running) fail this sync, so
    // the browser tries again later rather than at once, again and again.
    if ((await sendKeptForms()) > 0)
      throw new Error('Some kept forms wait for a valid sign-in or a first attempt');
  },
});

registerRoute(
  ({ url, request }) => isQueuedForm(request.method, url, origin) && request.headers.has('Idempotency-Key'),
  async ({ request }) => {
    const kept = request.clone();
    try {
      // On a weak connection a form that has had no answer for a while is kept too; if the first
      // attempt did reach the server, the key makes the later send answer what it answered.
      return await Promise.race([
        fetch(request),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer')), formTimeoutMs)),
      ]);
    } catch {
      const key = kept.headers.get('Idempotency-Key')!;
      await forms.pushRequest({
        request: kept,
        metadata: { key, path: new URL(kept.url).pathname, keptAt: new Date().toISOString() },
      });
      return new Response(JSON.stringify({ queued: true }), {
        status: 202,
        headers: { 'Content-Type': 'application/json', [keptHeader]: key },
      });
    }
  },
  'POST',
);

/**
 * Sends the kept forms, oldest first, each outcome kept (with whose form it was) for a tab of
 * that user to show. A tab asking gives its own token: its user's forms go with it (that user
 * may have signed out and in again since, which revoked the token the form was kept with); other
 * users' forms go with their own. A form whose token is refused (401) is not refused on its
 * merits, and one still running from a first attempt (409 IDEMPOTENCY_KEY_IN_USE) has no
 * outcome yet: both stay kept. Resolves with how many stayed for those reasons; rejects when
 * the connection fails. Passes run one after another, each with its own asker.
 */
let passes: Promise<unknown> = Promise.resolve();
function sendKeptForms(authorization: string | null = null): Promise<number> {
  const pass = passes.catch(() => undefined).then(() => sendPass(authorization));
  passes = pass;
  return pass;
}

async function sendPass(authorization: string | null): Promise<number> {
  const asker = userOfAuthorization(authorization);
  const waiting: Array<NonNullable<Awaited<ReturnType<typeof forms.shiftRequest>>>> = [];
  try {
    for (let entry = await forms.shiftRequest(); entry; entry = await forms.shiftRequest()) {
      const user = userOfAuthorization(entry.request.headers.get('Authorization'));
      let request = entry.request.clone();
      if (asker !== null && asker === user) {
        const headers = new Headers(request.headers);
        headers.set('Authorization', authorization!);
        request = new Request(request, { headers });
      }
      let response: Response;
      try {
        response = await fetch(request);
      } catch (error) {
        // Still no connection: back to the front of the line for the next try.
        waiting.push(entry);
        throw error;
      }
      const inUse =
        response.status === 409 && (await response.clone().text()).includes('IDEMPOTENCY_KEY_IN_USE');
      if (response.status === 401 || inUse) {
        waiting.push(entry);
        continue;
      }
      const metadata = entry.metadata as { key: string; path: string; keptAt: string };
      const outcome = {
        ...metadata,
        user,
        status: response.status,
        body: await response.text(),
        sentAt: new Date().toISOString(),
      };
      const outcomes = await caches.open(cacheNames.formOutcomes);
      await outcomes.put(
        `/form-outcomes/${encodeURIComponent(metadata.key)}`,
        new Response(JSON.stringify(outcome), { headers: { 'Content-Type': 'application/json' } }),
      );
      for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true }))
        client.postMessage({ type: 'medrelay:form-outcome' });
    }
  } finally {
    // Back in their order, ahead of any not tried.
    for (const entry of waiting.reverse()) await forms.unshiftRequest(entry);
  }
  return waiting.length;
}

/** The kept forms of a user (all of them for null). */
async function keptFormsOf(user: string | null): Promise<number> {
  const entries = await forms.getAll();
  return entries.filter(
    (e) => user === null || userOfAuthorization(e.request.headers.get('Authorization')) === user,
  ).length;
}

// A tab that sees the connection come back asks for the kept forms to go (the Background Sync
// event may come later, or not at all in some browsers), and is told how many of its user's are
// still kept, so it asks again a little later while some are.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; authorization?: string } | null;
  if (data?.type !== 'medrelay:send-kept-forms') return;
  const authorization = data.authorization ?? null;
  event.waitUntil(
    sendKeptForms(authorization)
      .catch(() => undefined)
      .then(async () => {
        const remaining = await keptFormsOf(userOfAuthorization(authorization));
        (event.source as Client | null)?.postMessage({ type: 'medrelay:kept-forms', remaining });
      }),
  );
});

// Web pushes from svc-requests for what cannot wait (an answer to a request, a pickup time, a
// reminder, a recall, a match for an urgent need); a tap opens the screen the push names.
self.addEventListener('push', (event) => {
  let push: { title?: string; body?: string; tag?: string; url?: string; lang?: string } = {};
  try {
    push = event.data ? event.data.json() : {};
  } catch {
    push = { body: event.data ? event.data.text() : '' };
  }
  // A newer push about the same thing replaces the older one on the device, and alerts again
  // (`renotify`, which TypeScript's lib does not list yet).
  const options: NotificationOptions & { renotify?: boolean } = {
    body: push.body || '',
    tag: push.tag,
    renotify: Boolean(push.tag),
    // Its reader's language sets the direction: an Arabic text that starts with a Latin
    // medicine name still reads right to left.
    dir: push.lang === 'ar' ? 'rtl' : push.lang ? 'ltr' : 'auto',
    data: { url: push.url || '/' },
    lang: push.lang,
  };
  event.waitUntil(self.registration.showNotification(push.title || 'MedRelay', options));
});

// A push service may rotate a subscription: subscribe again with the same key and tell the open
// tabs, which hand the new one to svc-requests (the worker holds no session); a tab opened later
// does it when it starts (shell/src/settings/push-renewal.ts).
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as Event & {
    oldSubscription?: PushSubscription | null;
    newSubscription?: PushSubscription | null;
    waitUntil(promise: Promise<unknown>): void;
  };
  change.waitUntil(
    (async () => {
      const key = change.oldSubscription?.options.applicationServerKey;
      const renewed =
        change.newSubscription ??
        (key
          ? await self.registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: key,
            })
          : null);
      if (!renewed) return;
      for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true }))
        client.postMessage({ type: 'medrelay:push-renewed' });
    })().catch(() => undefined),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data as { url?: string } | null)?.url || '/', origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      // An open MedRelay tab is brought forward and taken to the screen; else a new one opens.
      const open = windows.find((w) => new URL(w.url).origin === target.origin);
      if (open) return open.focus().then((w) => (w ? w.navigate(target.href) : null));
      return self.clients.openWindow(target.href);
    }),
  );
});
