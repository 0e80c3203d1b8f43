import type { Page } from 'playwright-core';
import { uniqueEmail } from '@medrelay/testing';
import { testPassword } from '@medrelay/svc-identity/testing';

/** What the page's <html> says about its language and direction. */
export const documentDirection = (page: Page) =>
  page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));

export async function expectToast(page: Page, title: string) {
  // The previous toast may still be fading out beside the new one.
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor();
}

/** Registers through the form, the way a new user does; returns the e-mail. */
export async function register(page: Page, type: 'pharmacy' | 'ngo' | 'donor') {
  const email = uniqueEmail(type);
  await page.goto(`/register?type=${type}`);
  await page
    .getByLabel(type === 'pharmacy' ? 'Pharmacy Name' : type === 'ngo' ? 'Contact Person Name' : 'Full Name')
    .fill(`New ${type}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('01098765432');
  await page.getByLabel('Password').fill(testPassword);
  if (type === 'pharmacy') await page.getByLabel('Commercial License').fill('CL-77');
  if (type === 'ngo') {
    await page.getByLabel('Organization Name').fill('Misr El Kheir');
    await page.getByLabel('Commercial Number').fill('CN-77');
    await page.getByLabel("Pharmacist's Licence Number").fill('104477');
  }
  await page.getByLabel('I accept the terms of use and the privacy policy').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/login');
  return email;
}

/** The brand colour the role's Fluent theme paints the remote's content with. */
export const brandColourOf = (page: Page, role: string) =>
  page.getByTestId(`remote-${role}`).evaluate((el) => {
    const provider = el.querySelector('.fui-FluentProvider') ?? el;
    return getComputedStyle(provider).getPropertyValue('--colorBrandBackground').trim();
  });

/** Money as the English screens show it (Egyptian pounds). */
export const egp = (value: number) =>
  new Intl.NumberFormat('en-EG', { style: 'currency', currency: 'EGP', maximumFractionDigits: 2 }).format(
    value,
  );

/**
 * Form controls cut off or overlapping: every input, select, textarea and button that
 * is shown must lie inside its nearest clipping ancestor (a card hides what overflows it, which a
 * page-wide scrollWidth check misses) and inside the screen, and no two text boxes may overlap.
 * `within`: a CSS selector to check inside (a dialog), else the whole page.
 */
export function controlDefects(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((root) => {
    const defects: string[] = [];
    const scope = document.querySelector(root);
    if (!scope) return defects;
    const named = (el: Element) =>
      `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.getAttribute('name') ?? (el.textContent ?? '').trim().slice(0, 30)}"`;
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (
        box.width > 1 &&
        box.height > 1 &&
        style.visibility !== 'hidden' &&
        !el.closest('[aria-hidden="true"]')
      );
    };
    const controls = [
      ...scope.querySelectorAll(
        'input:not([type=hidden]):not([type=radio]):not([type=checkbox]):not([type=file]), select, textarea, button',
      ),
    ].filter(shown);
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.left < -1 || box.right > document.documentElement.clientWidth + 1)
        defects.push(`${named(el)} outside the screen (${Math.round(box.left)}–${Math.round(box.right)})`);
      // The nearest box that does not let it overflow: a card (hidden), or a scroller.
      let clip = el.parentElement;
      while (clip && clip !== document.body && getComputedStyle(clip).overflowX === 'visible')
        clip = clip.parentElement;
      if (clip && clip !== document.body) {
        const frame = clip.getBoundingClientRect();
        if (box.left < frame.left - 1 || box.right > frame.right + 1)
          defects.push(`${named(el)} cut off by its container`);
      }
    }
    const boxes = controls
      .filter((el) => el.tagName !== 'BUTTON')
      .map((el) => [el, el.getBoundingClientRect()] as const);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, ra] = boxes[i]!;
        const [b, rb] = boxes[j]!;
        const overlap =
          ra.left < rb.right - 1 &&
          rb.left < ra.right - 1 &&
          ra.top < rb.bottom - 1 &&
          rb.top < ra.bottom - 1;
        if (overlap) defects.push(`${named(a)} overlaps ${named(b)}`);
      }
    return defects;
  }, within);
}
