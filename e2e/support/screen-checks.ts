import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe';

// What the phone and desktop walks check on each screen, read from the page's layout.

/** What would make the screen unusable on this width: sideways scrolling, a header cut off. */
export async function layoutDefects(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const defects: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width || scrollWidth > window.innerWidth)
      defects.push(`page is ${scrollWidth} px wide`);
    // On a phone the tab bar stays at the bottom: the end of the page scrolls clear of it.
    const tabBar = document.querySelector('[data-testid="tab-bar"]');
    const main = document.querySelector('main');
    if (tabBar && main) {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const last = [...main.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().height > 0)
        .at(-1);
      const barTop = tabBar.getBoundingClientRect().top;
      if (last && last.getBoundingClientRect().bottom > barTop + 1)
        defects.push(`the end of the page lies under the tab bar`);
      window.scrollTo(0, 0);
    }
    const banner = document.querySelector('body header')!;
    for (const control of banner.querySelectorAll('button, a')) {
      const box = control.getBoundingClientRect();
      const name = control.getAttribute('aria-label') ?? control.textContent;
      if (box.left < 0 || box.right > width)
        defects.push(`header control "${name}" at ${Math.round(box.left)}–${Math.round(box.right)}`);
    }
    // Touch targets of 44 px in the header and the sidebar.
    for (const control of [...banner.querySelectorAll('button'), ...document.querySelectorAll('nav a')]) {
      const box = control.getBoundingClientRect();
      if (box.width && (box.width < 44 || box.height < 44))
        defects.push(
          `"${control.getAttribute('aria-label') ?? control.textContent}" is ${box.width}×${box.height} px`,
        );
    }
    // The bell's count is drawn, not clipped by its button: the badge's corners hit the badge.
    const badge = banner.querySelector('.fui-CounterBadge');
    if (badge) {
      const box = badge.getBoundingClientRect();
      const [x, y] = [(box.left + box.right) / 2, (box.top + box.bottom) / 2];
      // The middle of each edge (the corners are rounded off), 2 px in.
      for (const [px, py] of [
        [x, box.top + 2],
        [x, box.bottom - 2],
        [box.left + 2, y],
        [box.right - 2, y],
      ])
        if (!badge.contains(document.elementFromPoint(px!, py!))) defects.push('the bell badge is clipped');
    }
    return defects;
  }, width);
}

/**
 * The wide screen's sidebar (#3): one width on every screen, still in view when the page is
 * scrolled to its end, every item on one line.
 */
export async function sidebarDefects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const defects: string[] = [];
    const nav = document.querySelector('[data-testid="sidebar"]')!;
    const frame = nav.closest('.fui-InlineDrawer')!;
    window.scrollTo(0, document.documentElement.scrollHeight);
    const box = frame.getBoundingClientRect();
    if (Math.round(box.width) !== 256) defects.push(`the sidebar is ${box.width} px wide`);
    if (box.top < 0 || box.top > 100) defects.push(`the sidebar scrolled away (top at ${box.top})`);
    for (const link of nav.querySelectorAll('a')) {
      if (link.getBoundingClientRect().height > 48) defects.push(`"${link.textContent}" wraps`);
      // One line per item, so a label must fit it whole, never cut off by its ellipsis.
      for (const label of link.querySelectorAll('span'))
        if (label.scrollWidth > label.clientWidth + 1) defects.push(`"${label.textContent}" is cut off`);
    }
    window.scrollTo(0, 0);
    return defects;
  });
}

/**
 * Opens a route the way a user does: from the sidebar; on a phone from its tab, or through More
 * (the drawer) when it has none.
 */
export async function openFromNav(page: Page, path: string) {
  const tabs = page.getByTestId('tab-bar');
  if (await tabs.isVisible()) {
    const tab = tabs.locator(`a[href="${path}"]`);
    if (await tab.count()) await tab.click();
    else {
      await tabs.getByRole('button', { name: /^(More|المزيد)$/ }).click();
      await page.getByRole('dialog').locator(`a[href="${path}"]`).click();
      // The drawer closes on navigation, and gives the page back to assistive technology.
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.locator('#root:not([aria-hidden])').waitFor();
    }
  } else {
    await page.locator(`nav a[href="${path}"]`).first().click();
  }
  await page.waitForURL(`**${path}`);
}

/**
 * The screen has drawn: its title, no spinner left in the content area, and no transition
 * running (axe would read a colour half-way, e.g. a button fading from disabled to enabled).
 */
export async function settled(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.locator('main [role="progressbar"], main .fui-Spinner').first().waitFor({ state: 'detached' });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * axe's serious findings that stay once the screen has settled again: a finding read while the
 * screen still changed (buttons enabled as the data came) is gone then; a real one is found both times.
 */
export async function lastingViolations(page: Page): Promise<string[]> {
  const found = await seriousViolations(page);
  if (!found.length) return [];
  await settled(page);
  const again = await seriousViolations(page);
  return found.filter((f) => again.includes(f));
}

export interface CardMeasure {
  name: string;
  height: number;
  left: number;
  top: number;
  defects: string[];
}

/**
 * Each browse card's box, and what is wrong inside it: a part (picture, name, lines, badges,
 * button) outside the card (the card clips what overflows it), two parts on top of each other, a
 * name squeezed out by its badges, the facts line or the place cut, a request button smaller than
 * a 44 px touch target.
 */
export function measureCards(page: Page): Promise<CardMeasure[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main [data-testid="medicine-row"]')].map((card) => {
      const box = card.getBoundingClientRect();
      const name = card.getAttribute('aria-label') ?? '';
      const defects: string[] = [];
      const label = (el: Element) =>
        `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
      const parts = [
        ...card.querySelectorAll('h2, h3, p, img, svg, .fui-Badge, button, [data-testid="medicine-place"]'),
      ].filter((el) => {
        const r = el.getBoundingClientRect();
        // Icons inside a badge or a button are checked as that badge or button.
        return r.width > 0 && r.height > 0 && !el.parentElement?.closest('.fui-Badge, button');
      });
      for (const el of parts) {
        const r = el.getBoundingClientRect();
        if (
          r.left < box.left - 1 ||
          r.right > box.right + 1 ||
          r.top < box.top - 1 ||
          r.bottom > box.bottom + 1
        )
          defects.push(`${label(el)} sticks out of the card`);
      }
      // Boxes side by side must not cover each other (one inside the other is nesting, not overlap).
      const inside = (a: DOMRect, b: DOMRect) =>
        a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
      for (let i = 0; i < parts.length; i++)
        for (let j = i + 1; j < parts.length; j++) {
          const a = parts[i]!.getBoundingClientRect();
          const b = parts[j]!.getBoundingClientRect();
          const overlap =
            a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
          if (overlap && !inside(a, b) && !inside(b, a))
            defects.push(`${label(parts[i]!)} overlaps ${label(parts[j]!)}`);
        }
      // The facts (days left, form, units, source) are never cut, nor is how far and where while
      // the owner's name beside it can give way; a long medicine name may end in an ellipsis.
      for (const id of ['medicine-facts', 'medicine-place']) {
        const part = card.querySelector(`[data-testid="${id}"]`);
        if (!part) continue;
        const text = document.createRange();
        text.selectNodeContents(part);
        const line = part.parentElement!.getBoundingClientRect();
        const shown = part.getBoundingClientRect();
        const alone = id === 'medicine-place' && shown.width >= line.width - 1;
        if (text.getBoundingClientRect().width > shown.width + 0.01 && !alone)
          defects.push(`"${part.textContent}" is cut`);
      }
      const heading = card.querySelector('h2, h3');
      if (!heading || heading.getBoundingClientRect().width < 80) defects.push('the name has no room');
      const button = card.querySelector('button');
      if (!button) defects.push('no request button');
      else {
        const r = button.getBoundingClientRect();
        if (r.height < 44 || r.width < 44) defects.push(`the button is ${r.width}×${r.height} px`);
      }
      return {
        name,
        height: Math.round(box.height * 10) / 10,
        left: Math.round(box.left),
        top: Math.round(box.top),
        defects,
      };
    }),
  );
}

/** The two ways most flows are walked: a phone in Arabic and a desktop in English. */
export const arabicPhone = { locale: 'ar-EG', viewport: { width: 390, height: 844 } };
export const englishDesktop = { locale: 'en-US', viewport: { width: 1280, height: 800 } };

/** Nothing of the page is wider than the screen (a phone must not scroll sideways). */
export async function fitsWidth(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}
