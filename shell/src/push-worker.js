// MedRelay's service worker, served at /sw.js (scope: the whole app). For now it does one thing:
// it shows the web pushes svc-requests sends for what cannot wait (an answer to a request, a
// pickup time, a reminder, a recall, a match for an urgent need) and opens the screen a tap asks
// for. A plain file, not bundled: it must keep one stable address for browsers to update it.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let push = {};
  try {
    push = event.data ? event.data.json() : {};
  } catch {
    push = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(push.title || 'MedRelay', {
      body: push.body || '',
      // A newer push about the same thing replaces the older one on the device.
      tag: push.tag,
      data: { url: push.url || '/' },
      lang: push.lang,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data && event.notification.data.url) || '/',
    self.location.origin,
  );
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      // An open MedRelay tab is brought forward and taken to the screen; else a new one opens.
      const open = windows.find((w) => new URL(w.url).origin === target.origin);
      if (open) return open.focus().then((w) => (w ? w.navigate(target.href) : undefined));
      return self.clients.openWindow(target.href);
    }),
  );
});
