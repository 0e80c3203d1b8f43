import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '@medrelay/testing';
import { controlDefects, expectToast } from './support/pages';
import { usePlatform } from './support/platform';

/**
 * Web push in the browser, at 390 px in Arabic and 1280 px in English: the
 * settings card turns notifications on (permission, MedRelay's service worker at /sw.js, the
 * subscription call), and a push delivered to that worker (DevTools protocol, as a push service
 * would) is shown as a notification that opens its screen. Chromium's own push service is
 * Google's, out of reach here: its subscription fails, and the card must say so and store nothing.
 * The server's side of the protocol is tested in svc-requests (push.test.ts).
 */
const platform = usePlatform();

const runs = [
  {
    name: '390 px phone, Arabic',
    language: 'ar',
    viewport: { width: 390, height: 844 },
    t: {
      title: 'الإشعارات على الجهاز ده',
      off: 'مقفولة على الجهاز ده.',
      turnOn: 'شغّلها',
      failed: 'مقدرناش نشغّل الإشعارات على الجهاز ده',
    },
  },
  {
    name: '1280 px, English',
    language: 'en',
    viewport: { width: 1280, height: 900 },
    t: {
      title: 'Notifications on this device',
      off: 'Off for this device.',
      turnOn: 'Turn on',
      failed: 'Could not turn on notifications on this device',
    },
  },
] as const;

/**
 * Pushes `data` to the page's service worker the way a push service's delivery arrives, and
 * returns how to deliver it again (a push service redelivers what was not acknowledged; a
 * delivery right after the worker's activation is sometimes not dispatched).
 */
async function deliverPush(page: Page, data: object): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  await waitUntil(() => registrations.some((r) => r.scopeURL === `${origin}/` && !r.isDeleted), {
    what: "MedRelay's service worker registered for the whole app",
  });
  // The worker is active (a push to one still installing may be dropped), then its registration.
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  const { registrationId } = registrations.filter((r) => r.scopeURL === `${origin}/` && !r.isDeleted).at(-1)!;
  const deliver = async () =>
    void (await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify(data),
    }));
  await deliver();
  return deliver;
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url: string }).url,
    })),
  );

describe('notifications on this device (web push)', { timeout: 90_000 }, () => {
  it.each(runs)('$name: turn on, the worker registered, a push shown with its screen', async (run) => {
    const { t, viewport, language } = run;
    const ngo = await platform.approvedUser('ngo');
    const page = await platform.newPage({ viewport });
    await page.context().grantPermissions(['notifications']);
    await platform.signIn(page, ngo.email);
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    await page.goto('/ngo/settings');
    const card = page.getByTestId('push-card');
    await card.getByRole('heading', { name: t.title }).waitFor();
    await card.getByText(t.off).waitFor();
    expect(await controlDefects(page)).toEqual([]);

    // A test browser (incognito, offline) has no push service: Chromium refuses the subscription
    // and logs why; the card says so plainly and nothing is stored.
    platform.expectConsoleError(/Push API in incognito mode/);
    await card.getByRole('button', { name: t.turnOn }).click();
    await expectToast(page, t.failed);
    const stored = await platform.gateway.api.get('/api/push/subscriptions', { token: ngo.token });
    expect(stored.body).toEqual([]);

    // The worker the card registered shows what a push service delivers, and names its screen.
    const redeliver = await deliverPush(page, {
      title: 'Request approved',
      body: 'Your request for Augmentin 1g is approved',
      url: '/ngo/requests?request=41',
      tag: 'notification-41',
    });
    let delivered = Date.now();
    await waitUntil(
      async () => {
        if ((await shownNotifications(page)).length > 0) return true;
        if (Date.now() - delivered > 3000) {
          await redeliver();
          delivered = Date.now();
        }
        return false;
      },
      { what: 'the push shown', timeoutMs: 20_000 },
    );
    expect(await shownNotifications(page)).toEqual([
      {
        title: 'Request approved',
        body: 'Your request for Augmentin 1g is approved',
        tag: 'notification-41',
        url: '/ngo/requests?request=41',
      },
    ]);
  });
});
