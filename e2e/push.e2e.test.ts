import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushQueueName } from '@medrelay/contracts';
import { waitUntil } from '@medrelay/testing';
import { pushBrowser, startPushService, type TestPushService } from '@medrelay/svc-requests/testing';
import { controlDefects, expectToast } from './support/pages';
import { usePlatform } from './support/platform';

/**
 * Web push in the browser, at 390 px in Arabic and 1280 px in English: the
 * settings card turns notifications on (permission, MedRelay's service worker at /sw.js, the
 * subscription call), and a push delivered to that worker (DevTools protocol, as a push service
 * would) is shown as a notification that opens its screen. Chromium's own push service is
 * Google's, out of reach here: its subscription fails, and the card must say so and store nothing.
 * The account's other devices (subscribed through the API to a push service on loopback) are
 * listed there, and one removed from the card receives nothing more while the other still does.
 * The server's side of the protocol is tested in svc-requests (push.test.ts).
 */
const platform = usePlatform();
let pushService: TestPushService;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => pushService.close());

/** What two other devices say they are when they subscribe. */
const agents = {
  phone:
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  laptop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

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
      devices: 'بتستقبل على جهازين',
      device: 'بتستقبل على جهاز واحد',
      remove: 'شيله',
      removeNamed: 'شيله: Firefox 133 · Windows، اتضاف ',
      removeTitle: 'تشيل Firefox 133 · Windows؟',
      removed: 'Firefox 133 · Windows مش هيستقبل إشعارات تاني',
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
      devices: 'Receiving on 2 devices',
      device: 'Receiving on 1 device',
      remove: 'Remove',
      removeNamed: 'Remove Firefox 133 · Windows, added ',
      removeTitle: 'Remove Firefox 133 · Windows?',
      removed: 'Firefox 133 · Windows no longer receives notifications',
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
      dir: n.dir,
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
      lang: language,
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
        // The reader's language sets the direction (an Arabic text may start with a Latin name).
        dir: language === 'ar' ? 'rtl' : 'ltr',
        url: '/ngo/requests?request=41',
      },
    ]);
  });

  it.each(runs)('$name: another device removed from settings receives nothing more', async (run) => {
    const { t, viewport, language } = run;
    const api = platform.gateway.api;
    const [ngo, pharmacy] = await Promise.all([
      platform.approvedUser('ngo'),
      platform.approvedUser('pharmacy'),
    ]);
    const phone = pushBrowser();
    const devices = { phone: `phone-${ngo.id}`, laptop: `laptop-${ngo.id}` };
    for (const [name, keys] of [
      ['phone', phone.keys],
      ['laptop', pushBrowser().keys],
    ] as const) {
      const added = await api.post(
        '/api/push/subscriptions',
        { endpoint: pushService.endpoint(devices[name]), keys },
        { token: ngo.token, headers: { 'user-agent': agents[name] } },
      );
      expect(added.status).toBe(201);
    }

    const page = await platform.newPage({ viewport });
    await platform.signIn(page, ngo.email);
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    await page.goto('/ngo/settings');
    const card = page.getByTestId('push-card');
    await card.getByRole('heading', { name: t.devices }).waitFor();
    const rows = card.getByTestId('push-device');
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining('Firefox 133 · Windows'),
      expect.stringContaining('Chrome 131 · Android'),
    ]);
    expect(await controlDefects(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    // Removed from here, after a confirmation naming it.
    await card.getByRole('button', { name: new RegExp(`^${t.removeNamed}`) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(t.removeTitle).waitFor();
    expect(await controlDefects(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: t.remove, exact: true }).click();
    await expectToast(page, t.removed);
    await card.getByRole('heading', { name: t.device }).waitFor();
    expect(await rows.allTextContents()).toEqual([expect.stringContaining('Chrome 131 · Android')]);
    const stored = await api.get('/api/push/subscriptions', { token: ngo.token });
    expect((stored.body as Array<{ device: string }>).map((d) => d.device)).toEqual(['Chrome 131 · Android']);

    // An approval is pushed to the phone, and nothing to the laptop.
    const medicine = await platform.listMedicine(pharmacy.token, `Push removal ${language}`, 60);
    const made = await api.post(
      '/api/requests',
      { medicineId: medicine.id, quantity: 1 },
      { token: ngo.token },
    );
    expect(made.status).toBe(201);
    const approved = await api.put(
      `/api/requests/${made.body.id}/status`,
      { status: 'approved' },
      { token: pharmacy.token },
    );
    expect(approved.status).toBe(200);
    await waitUntil(() => pushService.to(devices.phone).length === 1, {
      what: 'the approval pushed to the phone',
      timeoutMs: 20_000,
    });
    expect(phone.open(pushService.to(devices.phone)[0]!.body).url).toBe(
      `/ngo/requests?request=${made.body.id}`,
    );
    await waitUntil(
      async () => {
        const counts = await platform.services.requests.service.queues
          .get(pushQueueName)!
          .getJobCounts('waiting', 'active', 'delayed');
        return counts.waiting + counts.active + counts.delayed === 0;
      },
      { what: 'push queue idle' },
    );
    expect(pushService.to(devices.laptop)).toHaveLength(0);
  });
});
