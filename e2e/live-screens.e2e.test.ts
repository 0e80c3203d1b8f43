import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { medicineInput } from '@medrelay/svc-requests/testing';
import { usePlatform } from './support/platform';

// Live screens: what one user does shows on another's open screen without a reload.
const platform = usePlatform();

const screens = [
  { name: 'a phone in Arabic', viewport: { width: 390, height: 844 }, language: 'ar', approved: 'مقبول' },
  {
    name: 'a desktop in English',
    viewport: { width: 1280, height: 800 },
    language: 'en',
    approved: 'Approved',
  },
] as const;

type User = Awaited<ReturnType<typeof platform.approvedUser>>;

/** An NGO's pending request for a pharmacy's listing, made through the API (new users unless given). */
async function pendingRequest(name: string, given?: { pharmacy: User; ngo: User }) {
  const [pharmacy, ngo] = given
    ? [given.pharmacy, given.ngo]
    : await Promise.all([platform.approvedUser('pharmacy'), platform.approvedUser('ngo')]);
  const { gateway } = platform;
  const listed = await gateway.api.post(
    '/api/medicines',
    medicineInput({ name, quantity: 6, recipientType: 'ngos' }),
    {
      token: pharmacy.token,
    },
  );
  expect(listed.status).toBe(201);
  const requested = await gateway.api.post<{ id: number }>(
    '/api/requests',
    { medicineId: listed.body.id, quantity: 2 },
    { token: ngo.token },
  );
  expect(requested.status).toBe(201);
  return { pharmacy, ngo, requestId: requested.body.id };
}

/** The NGO's "My Requests", signed in, in `language`, with its live stream open. */
async function openMyRequests(email: string, screen: (typeof screens)[number]) {
  const page = await platform.newPage({ viewport: screen.viewport });
  await platform.signIn(page, email);
  await page.evaluate((language) => localStorage.setItem('i18nextLng', language), screen.language);
  const streamOpen = page.waitForResponse((res) => res.url().endsWith('/api/events') && res.status() === 200);
  // How Chromium ranks the stream against the screen's own loads (the page has no other view of it).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const streamPriority = new Promise<string>((resolve) =>
    cdp.on('Network.requestWillBeSent', ({ request }) => {
      if (request.url.endsWith('/api/events')) resolve(request.initialPriority);
    }),
  );
  await page.goto('/ngo/requests');
  await streamOpen;
  // Open for the whole visit, it must not compete with the scripts and answers the screen waits for.
  expect(await streamPriority).toBe('Low');
  await cdp.detach();
  // Set once: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  return page;
}

const stillSamePage = (page: Page) => page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded);

/**
 * The pharmacy approves in its own signed-in browser, through the API from that page rather than
 * its approve dialog: this test is about the other screen.
 */
async function approveFrom(page: Page, requestId: number) {
  const status = await page.evaluate(async (id) => {
    const res = await fetch(`/api/requests/${id}/status`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${localStorage.getItem('token')}`,
      },
      body: JSON.stringify({ status: 'approved' }),
    });
    return res.status;
  }, requestId);
  expect(status).toBe(200);
}

describe.each(screens)('live screens on $name', { timeout: 60_000 }, (screen) => {
  it("the NGO's open My Requests shows the pharmacy's approval and the bell counts it, without a reload", async () => {
    const name = `Live Concor ${screen.language}`;
    const { pharmacy, ngo, requestId } = await pendingRequest(name);
    const ngoPage = await openMyRequests(ngo.email, screen);
    const row = ngoPage.getByTestId('remote-ngo').getByTestId('request-row').filter({ hasText: name });
    await row.getByTestId('request-status').waitFor();
    const bell = ngoPage.getByTestId('notification-bell');
    expect((await bell.textContent())?.trim()).toBe('');

    const pharmacyPage = await platform.newPage();
    await platform.signIn(pharmacyPage, pharmacy.email);
    const acted = Date.now();
    await approveFrom(pharmacyPage, requestId);

    await row.getByTestId('request-status').filter({ hasText: screen.approved }).waitFor({ timeout: 5000 });
    await bell.filter({ hasText: '1' }).waitFor({ timeout: 5000 });
    console.info(`live screens (${screen.name}): approval shown ${Date.now() - acted} ms after it was made`);
    expect(await stillSamePage(ngoPage)).toBe(true);
    expect(await ngoPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      screen.viewport.width,
    );
  });
});

describe('live screens across a gateway restart', { timeout: 60_000 }, () => {
  it('the page reconnects by itself and still shows the next change without a reload', async () => {
    const name = 'Restart Concor';
    const { ngo, pharmacy, requestId } = await pendingRequest(name);
    const ngoPage = await openMyRequests(ngo.email, screens[1]);
    const row = ngoPage.getByTestId('remote-ngo').getByTestId('request-row').filter({ hasText: name });
    await row.getByTestId('request-status').waitFor();
    // The page registers its service worker once idle; fetching the worker's script while the
    // gateway is away fails with a console error of its own, so the restart waits for it.
    await ngoPage.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // While the gateway is away the page's calls fail; Chromium logs each refused one, and the
    // service worker answers what it cannot reach with 503 (docs/offline.md).
    platform.expectConsoleError(
      /ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE|Failed to fetch|status of 503|failed call: 503/,
    );
    // What the page's stream did meanwhile, printed if it does not come back.
    const seen: string[] = [];
    const restarting = Date.now();
    const note = (what: string) => seen.push(`${Date.now() - restarting} ms: ${what}`);
    ngoPage.on('response', (res) => res.url().endsWith('/api/events') && note(`answered ${res.status()}`));
    ngoPage.on(
      'requestfailed',
      (req) => req.url().endsWith('/api/events') && note(`${req.failure()?.errorText}`),
    );
    const reconnected = ngoPage.waitForResponse(
      (res) => res.url().endsWith('/api/events') && res.status() === 200,
      { timeout: 30_000 },
    );
    await platform.restartGateway();
    note('gateway restarted');
    await reconnected.catch((err: Error) => {
      throw new Error(`${err.message}\nthe stream meanwhile:\n${seen.join('\n')}`);
    });
    console.info(`live screens: ${seen.join(', ')}`);

    expect(
      (
        await platform.gateway.api.put(
          `/api/requests/${requestId}/status`,
          { status: 'approved' },
          {
            token: pharmacy.token,
          },
        )
      ).status,
    ).toBe(200);
    await row.getByTestId('request-status').filter({ hasText: 'Approved' }).waitFor({ timeout: 5000 });
    expect(await stillSamePage(ngoPage)).toBe(true);
  });
});

describe('live screens in several tabs', { timeout: 60_000 }, () => {
  it('two tabs share one stream, both follow the change, and the other tab takes over when the first closes', async () => {
    const { ngo, pharmacy, requestId } = await pendingRequest('Tabs Concor');
    const later = await pendingRequest('Tabs Panadol', { ngo, pharmacy });
    const first = await openMyRequests(ngo.email, screens[1]);
    // The streams the second tab opens (the first tab may reconnect its own on a busy machine).
    const streams: string[] = [];
    const second = await first.context().newPage();
    second.on('request', (request) => {
      if (request.url().endsWith('/api/events')) streams.push(request.url());
    });
    await second.goto('/ngo/requests');
    const statusIn = (page: Page, name: string) =>
      page
        .getByTestId('remote-ngo')
        .getByTestId('request-row')
        .filter({ hasText: name })
        .getByTestId('request-status');
    await statusIn(second, 'Tabs Concor').waitFor();
    // The second tab follows the first one's stream instead of opening its own.
    expect(streams).toEqual([]);

    const approve = async (id: number) =>
      expect(
        (
          await platform.gateway.api.put(
            `/api/requests/${id}/status`,
            { status: 'approved' },
            { token: pharmacy.token },
          )
        ).status,
      ).toBe(200);
    await approve(requestId);
    for (const page of [first, second]) {
      await statusIn(page, 'Tabs Concor').filter({ hasText: 'Approved' }).waitFor({ timeout: 5000 });
      await page.getByTestId('notification-bell').filter({ hasText: '1' }).waitFor({ timeout: 5000 });
    }

    const takenOver = second.waitForResponse(
      (res) => res.url().endsWith('/api/events') && res.status() === 200,
    );
    await first.close();
    await takenOver;
    expect(streams).toHaveLength(1);
    await approve(later.requestId);
    await statusIn(second, 'Tabs Panadol').filter({ hasText: 'Approved' }).waitFor({ timeout: 5000 });
    await second.getByTestId('notification-bell').filter({ hasText: '2' }).waitFor({ timeout: 5000 });
  });
});
