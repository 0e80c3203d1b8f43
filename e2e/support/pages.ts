import type { Page } from 'playwright-core';
import { uniqueEmail } from '@medrelay/testing';

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
  await page.getByLabel('Password').fill('secret123');
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
