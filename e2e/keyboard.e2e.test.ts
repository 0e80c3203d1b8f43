import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '@medrelay/contracts';
import { axeSource, seriousViolations } from './support/axe';
import { usePlatform } from './support/platform';

const platform = usePlatform();

/** The new flows' two set-ups: a phone in Arabic and a desktop in English. */
const setUps = [
  { language: 'ar', viewport: { width: 390, height: 844 } },
  { language: 'en', viewport: { width: 1280, height: 900 } },
] as const;

const texts = {
  en: { addDonation: 'Add Donation', more: 'More', list: 'List', map: 'Map' },
  ar: { addDonation: 'إضافة تبرع', more: 'المزيد', list: 'قايمة', map: 'خريطة' },
};

/** A signed-in screen, drawn and settled (no spinner left). */
async function signedInPage(
  role: UserType,
  token: string,
  language: 'en' | 'ar',
  viewport: { width: number; height: number },
  path = 'dashboard',
) {
  const page = await platform.newPage({ locale: language === 'ar' ? 'ar-EG' : 'en-US' });
  await page.setViewportSize(viewport);
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
  await page.addInitScript({ content: axeSource });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/${role}/${path}`);
  await page.locator('main h1').first().waitFor();
  await page.locator('main [role="progressbar"], main .fui-Spinner').first().waitFor({ state: 'detached' });
  return page;
}

/**
 * The controls a keyboard reaches in `within`, in document order, as the browser's own Tab
 * would take them: shown, not disabled, not hidden from assistive technology, one stop per
 * radio group (the checked one) and per tab list (the selected tab). Kept on `window.__stops`
 * for `stopIndex`.
 */
function collectStops(page: Page, within: string): Promise<number> {
  return page.evaluate((within) => {
    const all = [
      ...document
        .querySelector(within)!
        .querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
    ];
    const stops = all.filter((el) => {
      if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled) return false;
      if (!el.checkVisibility({ visibilityProperty: true })) return false;
      if (el.closest('[aria-hidden="true"], [inert]')) return false;
      if (el instanceof HTMLInputElement && el.type === 'radio' && !el.checked && el.name) {
        const group = document.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${el.name}"]`);
        if ([...group].some((r) => r.checked)) return false;
      }
      if (el.getAttribute('role') === 'tab' && el.getAttribute('aria-selected') !== 'true') return false;
      return true;
    });
    (window as unknown as { __stops: HTMLElement[] }).__stops = stops;
    return stops.length;
  }, within);
}

/** Where focus is among the collected stops (-1: elsewhere), and whether it is a sentinel. */
const focusNow = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement;
    return {
      index: (window as unknown as { __stops: HTMLElement[] }).__stops.indexOf(active),
      sentinel: active.hasAttribute('data-tabster-dummy'),
      // Says where focus went when a test fails.
      html: active.outerHTML.slice(0, 160),
    };
  });

/** Focus is on the `stop`th control (the failure names where it is instead). */
async function expectFocusAt(page: Page, stop: number) {
  const now = await focusNow(page);
  expect(now.index, now.html).toBe(stop);
}

/** Where `control` is among the collected stops. */
const stopIndex = (control: Locator) =>
  control.evaluate((el) =>
    (window as unknown as { __stops: HTMLElement[] }).__stops.indexOf(el as HTMLElement),
  );

/** Focus sentinels a Tab could land on: none, whatever is open. */
const tabbableSentinels = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLElement>('[data-tabster-dummy]')].filter((el) => el.tabIndex >= 0)
        .length,
  );

/** Presses Tab (or Shift+Tab) `times` times; where focus was after each press. */
async function press(page: Page, key: 'Tab' | 'Shift+Tab', times: number) {
  const seen: number[] = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    const now = await focusNow(page);
    expect(now.sentinel, now.html).toBe(false);
    seen.push(now.index);
  }
  return seen;
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from <= to ? from + i : from - i));

/**
 * The dialog holds focus: Tab and Shift+Tab go round its own controls, in order, and never
 * leave it; axe finds nothing while it is open; Escape closes it and gives focus back to
 * `trigger`.
 */
async function expectFocusTrapped(page: Page, dialog: Locator, trigger: Locator) {
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]'));
  const stops = await collectStops(page, '[role="dialog"]');
  expect(stops).toBeGreaterThan(1);
  const start = (await focusNow(page)).index;
  expect(start).toBeGreaterThanOrEqual(0);
  // Once round and two more: from the last control Tab goes back to the first.
  const forward = await press(page, 'Tab', stops + 2);
  expect(forward).toEqual(range(1, stops + 2).map((i) => (start + i) % stops));
  const back = await press(page, 'Shift+Tab', stops + 2);
  const from = forward.at(-1)!;
  expect(back).toEqual(range(1, stops + 2).map((i) => (from - i + 2 * stops) % stops));
  expect(await tabbableSentinels(page)).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await page.waitForFunction((el) => document.activeElement === el, await trigger.elementHandle());
}

describe('keyboard use of a signed-in screen', { timeout: 120_000 }, () => {
  const tokens = {} as Record<UserType, string>;
  beforeAll(async () => {
    for (const role of ['pharmacy', 'ngo', 'donor'] as const)
      tokens[role] = (await platform.approvedUser(role)).token;
    // Something to browse, so that controls follow the view's tab list.
    await platform.listMedicine(tokens.pharmacy, 'Concor 5mg', 40);
    await platform.listMedicine(tokens.donor, 'Ventolin inhaler 100mcg', 20);
  });

  for (const { language, viewport } of setUps) {
    const where = `${viewport.width} px, ${language}`;

    it(`Tab goes through the dashboard in document order and Shift+Tab back (${where})`, async () => {
      const page = await signedInPage('pharmacy', tokens.pharmacy, language, viewport);
      const stops = await collectStops(page, 'body');
      expect(stops).toBeGreaterThan(5);
      // From the page's start: the skip link first, then every control once, in order.
      const forward = await press(page, 'Tab', stops);
      expect(forward).toEqual(range(0, stops - 1));
      expect(await press(page, 'Shift+Tab', stops - 1)).toEqual(range(stops - 2, 0));
      expect(await tabbableSentinels(page)).toBe(0);
    });

    it(`a dialog keeps focus while open and gives it back to its button (${where})`, async () => {
      const page = await signedInPage('donor', tokens.donor, language, viewport);
      const add = page.locator('main').getByRole('button', { name: texts[language].addDonation }).first();
      await add.focus();
      await page.keyboard.press('Enter');
      await expectFocusTrapped(page, page.getByRole('dialog'), add);
      // The phone's menu (More) is a dialog too.
      if (viewport.width < 640) {
        const more = page.getByTestId('tab-bar').getByRole('button', { name: texts[language].more });
        await more.focus();
        await page.keyboard.press('Enter');
        await expectFocusTrapped(page, page.getByRole('dialog'), more);
      }
    });

    it(`arrow keys move between the tabs of a tab list, Tab leaves it (${where})`, async () => {
      const page = await signedInPage('ngo', tokens.ngo, language, viewport, 'browse');
      const tabs = page.getByRole('tablist');
      const list = tabs.getByRole('tab', { name: texts[language].list });
      const map = tabs.getByRole('tab', { name: texts[language].map });
      await list.waitFor();
      await collectStops(page, 'body');
      const listStop = await stopIndex(list);
      expect(listStop).toBeGreaterThan(0);
      // Reached by Tab like any control: the selected tab is the list's one stop.
      await page.evaluate(
        (i) => (window as unknown as { __stops: HTMLElement[] }).__stops[i]!.focus(),
        listStop - 1,
      );
      await page.keyboard.press('Tab');
      await expectFocusAt(page, listStop);
      // The next tab lies on the reading side: right in English, left in Arabic.
      await page.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await page.waitForFunction((el) => document.activeElement === el, await map.elementHandle());
      // Circular: once more comes back to the first.
      await page.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await page.waitForFunction((el) => document.activeElement === el, await list.elementHandle());
      // Tab leaves the list for the control after it, not the next tab; Shift+Tab comes back to
      // the selected tab.
      await page.keyboard.press('Tab');
      await expectFocusAt(page, listStop + 1);
      await page.keyboard.press('Shift+Tab');
      await expectFocusAt(page, listStop);
    });
  }
});
