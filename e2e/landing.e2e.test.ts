import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { documentDirection } from './support/pages';
import { usePlatform } from './support/platform';

const platform = usePlatform();

describe('landing page', { timeout: 60_000 }, () => {
  it('shows every section in English, left to right', async () => {
    const page = await platform.newPage();
    await page.goto('/');
    await page
      .getByRole('heading', { level: 1, name: 'Every unused medicine can still heal someone' })
      .waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'ltr', lang: 'en' });
    expect(await page.title()).toBe('MedRelay: near-expiry medicines to people who need them');
    // The hero above is painted from index.html first; the sections come with the app.
    for (const id of ['home', 'about', 'how-it-works', 'impact', 'get-started']) {
      await expect.poll(() => page.locator(`section#${id}`).count(), { message: id }).toBe(1);
    }
    for (const role of ['pharmacy', 'ngo', 'donor']) {
      await page.getByTestId(`role-card-${role}`).waitFor();
    }
    await page.getByRole('link', { name: 'support@medrelay.eg' }).waitFor();
    await page.getByText('Cairo, Egypt').waitFor();
    await page.getByRole('contentinfo').waitFor();
  });

  it('moves the impact highlight to the next card every 3 seconds', async () => {
    const page = await platform.newPage();
    await page.goto('/#impact');
    await expect.poll(() => page.getByTestId('impact-card').count()).toBe(4);
    // Timed in the page itself, so a busy test machine does not blur the interval.
    const changes = await page.evaluate(
      () =>
        new Promise<{ at: number; index: number }[]>((resolve) => {
          const seen: { at: number; index: number }[] = [];
          const cards = [...document.querySelectorAll('[data-testid="impact-card"]')];
          const observer = new MutationObserver(() => {
            const index = cards.findIndex((el) => el.getAttribute('data-highlighted') === 'true');
            if (seen.at(-1)?.index !== index) seen.push({ at: performance.now(), index });
            if (seen.length === 3) {
              observer.disconnect();
              resolve(seen);
            }
          });
          observer.observe(document.body, {
            attributes: true,
            subtree: true,
            attributeFilter: ['data-highlighted'],
          });
        }),
    );
    expect(changes[1]!.index).toBe((changes[0]!.index + 1) % 4);
    expect(changes[2]!.index).toBe((changes[1]!.index + 1) % 4);
    expect(changes[2]!.at - changes[1]!.at).toBeGreaterThan(2500);
    expect(changes[2]!.at - changes[1]!.at).toBeLessThan(3600);
  });

  it('switches to Arabic, right to left, and keeps the choice across reloads', async () => {
    const page = await platform.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'عربي' }).click();
    await page.getByRole('heading', { level: 1, name: 'كل علبة دوا مش مستخدمة ممكن تعالج حد' }).waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'كل علبة دوا مش مستخدمة ممكن تعالج حد' }).waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(await page.title()).toContain('أدوية');

    await page.getByRole('button', { name: 'English' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Every unused medicine can still heal someone' })
      .waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'ltr', lang: 'en' });
  });

  it("starts an Arabic reader's page right to left before the app has loaded", async () => {
    const page = await platform.newPage();
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    // Without the app's script, only the early language switch in <head> can set the direction.
    platform.expectConsoleError(/net::ERR_FAILED/);
    await page.route('**/main.js', (route) => route.abort());
    await page.goto('/');
    expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(await page.title()).toBe('MedRelay: أدوية قربت صلاحيتها تخلص توصل للي محتاجها');
  });

  // Largest contentful paint: index.html carries the header's brand and the hero, written at build time
  // from the same texts and theme; the app replaces them with the same layout.
  it('paints the hero before the app has loaded, in the reader’s language, where the app then puts it', async () => {
    const heroBox = (page: Page) =>
      page.evaluate(() => {
        const h1 = [...document.querySelectorAll('h1')].find((el) => el.offsetParent !== null)!;
        const { x, y, width, height } = h1.getBoundingClientRect();
        return { x, y, width, height, text: h1.textContent };
      });
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      for (const [language, title] of [
        ['en', 'Every unused medicine can still heal someone'],
        ['ar', 'كل علبة دوا مش مستخدمة ممكن تعالج حد'],
      ] as const) {
        const page = await platform.newPage({ viewport });
        await page.goto('/');
        await page.evaluate((stored) => localStorage.setItem('i18nextLng', stored), language);
        platform.expectConsoleError(/net::ERR_FAILED/);
        await page.route('**/main.js', (route) => route.abort());
        await page.reload();
        const painted = await heroBox(page);
        expect(painted.text).toBe(title);
        // Nothing on it can be clicked before it works.
        expect(await page.getByRole('button').count()).toBe(0);

        await page.unroute('**/main.js');
        await page.reload();
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.getByRole('button', { name: language === 'ar' ? 'English' : 'عربي' }).waitFor();
        expect(await page.locator('#first-paint').count()).toBe(0);
        expect(await heroBox(page)).toEqual(painted);
      }
    }
  });

  // The same for the sign-in screen: its frame, title and subtitle come with index.html, and the app's
  // screen (loaded before the app's first render) takes their place without a spinner between.
  it('paints the sign-in screen before the app has loaded, in the reader’s language, where the app then puts it', async () => {
    const titleBox = (page: Page) =>
      page.evaluate(() => {
        const h1 = [...document.querySelectorAll('h1')].find((el) => el.offsetParent !== null)!;
        const { x, y, width, height } = h1.getBoundingClientRect();
        return { x, y, width, height, text: h1.textContent };
      });
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      for (const [language, title, register] of [
        ['en', 'Sign in to MedRelay', 'Register'],
        ['ar', 'سجل دخولك على MedRelay', 'اعمل حساب'],
      ] as const) {
        const page = await platform.newPage({ viewport });
        await page.goto('/');
        await page.evaluate((stored) => localStorage.setItem('i18nextLng', stored), language);
        platform.expectConsoleError(/net::ERR_FAILED/);
        await page.route('**/main.js', (route) => route.abort());
        await page.goto('/login');
        const painted = await titleBox(page);
        expect(painted.text).toBe(title);
        // No box to type in or button to press before they work; the link to register works.
        expect(await page.getByRole('button').count()).toBe(0);
        expect(await page.getByRole('textbox').count()).toBe(0);
        expect(await page.getByRole('link', { name: register }).getAttribute('href')).toBe('/register');

        await page.unroute('**/main.js');
        // What the app draws first is the sign-in screen itself.
        await page.addInitScript(() => {
          new MutationObserver(() => {
            if (document.querySelector('[role="progressbar"]'))
              document.documentElement.dataset.spinnerSeen = '1';
          }).observe(document, { childList: true, subtree: true });
        });
        await page.reload();
        await page.getByRole('button', { name: language === 'ar' ? 'تسجيل الدخول' : 'Sign in' }).waitFor();
        expect(await page.locator('#first-paint-login').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.dataset.spinnerSeen)).toBeUndefined();
        expect(await titleBox(page)).toEqual(painted);
      }
    }
  });

  it('shows the loading line, not the landing page, to a signed-in user and on other paths', async () => {
    const page = await platform.newPage();
    await page.goto('/');
    platform.expectConsoleError(/net::ERR_FAILED/);
    await page.route('**/main.js', (route) => route.abort());
    await page.goto('/register');
    await page.getByRole('status').filter({ hasText: 'Loading MedRelay' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    await page.evaluate(() => localStorage.setItem('token', 'a stored session'));
    await page.goto('/login');
    await page.getByRole('status').filter({ hasText: 'Loading MedRelay' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    await page.goto('/');
    await page.getByRole('status').filter({ hasText: 'Loading MedRelay' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
  });

  it("paints the 404 page at an unknown path before any script has run, in the reader's language", async () => {
    for (const [language, title, home] of [
      ['en', 'Page Not Found', 'Back to home'],
      ['ar', 'الصفحة مش موجودة', 'ارجع للرئيسية'],
    ] as const) {
      const page = await platform.newPage({ locale: language === 'ar' ? 'ar-EG' : 'en-US' });
      platform.expectConsoleError(/net::ERR_FAILED/);
      await page.route('**/main.js', (route) => route.abort());
      await page.goto('/no-such-page/at-all');
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.getByRole('link', { name: home }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('status').filter({ hasText: 'Loading MedRelay' }).isVisible()).toBe(false);
      // A known path still waits for the app (no 404 flashed before its screen).
      await page.goto('/register');
      await page.getByRole('status').filter({ hasText: 'Loading MedRelay' }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
      // With the scripts, the app's own 404 page replaces the painted one.
      await page.unroute('**/main.js');
      await page.goto('/no-such-page/at-all');
      await page.getByRole('button', { name: home }).waitFor();
      expect(await page.locator('#first-paint-404').count()).toBe(0);
    }
  });

  it('breaks no content security rule while signing in (no eval probe, no inline script)', async () => {
    const page = await platform.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    await page.goto('/login');
    // A submit parses the form with the contract's schema (where zod's probe ran).
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email address', { exact: true }).waitFor();
    platform.expectFailedCall(401);
    await page.getByLabel('Email').fill('nobody@example.test');
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Login failed' }).first().waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
  });

  it('follows an Arabic browser when nothing is stored', async () => {
    const page = await platform.newPage({ locale: 'ar-EG' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'كل علبة دوا مش مستخدمة ممكن تعالج حد' }).waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
  });

  it('opens the registration form preset from a role card', async () => {
    const page = await platform.newPage();
    await page.goto('/');
    await page.getByTestId('role-card-ngo').getByRole('button', { name: 'Register as an NGO' }).click();
    await page.waitForURL('**/register?type=ngo');
    expect(await page.getByRole('radio', { name: 'NGO' }).isChecked()).toBe(true);
    await page.getByLabel('Contact Person Name').waitFor();
  });

  it('downloads its scripts compressed: Brotli as Chromium asks for it, far fewer bytes than the files', async () => {
    const page = await platform.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, { encoding: string; decoded: number; transferred?: number }>();
    cdp.on('Network.responseReceived', (event) => {
      if (!new URL(event.response.url).pathname.endsWith('.js')) return;
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
      );
      scripts.set(event.requestId, { encoding: headers['content-encoding'] ?? 'identity', decoded: 0 });
    });
    // Decoded bytes arrive here; encodedDataLength is what came over the wire.
    cdp.on('Network.dataReceived', (event) => {
      const script = scripts.get(event.requestId);
      if (script) script.decoded += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const script = scripts.get(event.requestId);
      if (script) script.transferred = event.encodedDataLength;
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByTestId('role-card-ngo').waitFor();

    const loaded = [...scripts.values()].filter((s) => s.transferred !== undefined);
    // Files under 1 KB (the language switch in <head>) have no compressed copy: not worth it.
    const large = loaded.filter((s) => s.decoded >= 1024);
    // main.js, the hashed vendors chunk and the landing's preloaded chunks (fewer, larger files).
    expect(large.length).toBeGreaterThanOrEqual(4);
    expect(large.map((s) => s.encoding)).toEqual(large.map(() => 'br'));
    const sum = (pick: (s: (typeof loaded)[number]) => number) => large.reduce((n, s) => n + pick(s), 0);
    expect(sum((s) => s.transferred!)).toBeLessThan(sum((s) => s.decoded) / 3);
  });
});
