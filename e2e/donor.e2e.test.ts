import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { documentDirection, expectToast } from './support/pages';
import { usePlatform } from './support/platform';

const platform = usePlatform();

const nav = (page: Page, name: string | RegExp) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name });
const stat = (page: Page, label: string) =>
  page.getByTestId('remote-donor').getByRole('group', { name: label }).getByTestId('stat-value');

/** A date `days` from now as the date input wants it (YYYY-MM-DD, local). */
function inputDate(days: number, withTime = false) {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return withTime ? `${date}T10:30` : date;
}

describe('donor area', { timeout: 120_000 }, () => {
  it('donates, approves an NGO request with pickup details, and sees history and impact grow once collected', async () => {
    const donor = await platform.approvedUser('donor');
    const ngo = await platform.approvedUser('ngo');
    const page = await platform.newPage();
    await platform.signIn(page, donor.email);
    const remote = page.getByTestId('remote-donor');
    await remote.getByRole('heading', { name: 'Donor Dashboard' }).waitFor();
    expect(await stat(page, 'Impact Value').innerText()).toMatch(/EGP\s?0/);

    await nav(page, 'Add Donation').click();
    await page.waitForURL('**/donor/add-donation');
    await remote.getByText('Donation guidelines').waitFor();
    await remote.getByLabel('Medicine Name').fill('Panadol Extra');
    await remote.getByLabel('Type').selectOption('tablets');
    await remote.getByLabel('Quantity').fill('4');
    await remote.getByLabel('Expiry Date').fill(inputDate(120));
    // Fluent's date picker reads a typed day when the box is left.
    await remote.getByLabel('Expiry Date').blur();
    // Recipients are chosen, NGOs by default (spec §5).
    expect(await remote.getByRole('radio', { name: 'NGOs only' }).isChecked()).toBe(true);
    await remote.getByRole('button', { name: 'Add Donation' }).click();
    await expectToast(page, 'Donation added successfully');
    await page.waitForURL('**/donor/donations');
    const row = remote.getByTestId('medicine-row').filter({ hasText: 'Panadol Extra' });
    await row.getByTestId('donation-status').filter({ hasText: 'Available' }).waitFor();
    expect(await stat(page, 'Total Medicines').innerText()).toBe('4');

    // The NGO requests it from its own browser.
    const ngoPage = await platform.newPage();
    await platform.signIn(ngoPage, ngo.email);
    const ngoRemote = ngoPage.getByTestId('remote-ngo');
    const ngoNav = ngoPage.getByRole('navigation', { name: 'Main navigation' });
    await ngoNav.getByRole('link', { name: 'Browse Donations' }).click();
    // The dashboard offers the same button: wait for browse, or the click lands on the old screen.
    await ngoRemote.getByRole('searchbox').waitFor();
    await ngoRemote.getByRole('button', { name: 'Request Pickup: Panadol Extra' }).click();
    const ask = ngoPage.getByRole('dialog');
    await ask.getByLabel('Quantity').fill('3');
    await ask.getByLabel('Notes (optional)').fill('For the Shubra clinic');
    await ask.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(ngoPage, 'Request submitted successfully');

    await page.reload();
    await expect.poll(async () => (await nav(page, /Requests/).innerText()).replace(/\D/g, '')).toBe('1');
    await nav(page, /Requests/).click();
    await page.waitForURL('**/donor/requests');
    await remote.getByText('For the Shubra clinic', { exact: false }).waitFor();
    await remote.getByRole('button', { name: 'Approve: Panadol Extra' }).click();
    // One dialog (spec: Set Pickup Details) offers the pickup times; a donation needs a place.
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Set Pickup Details' }).waitFor();
    await dialog.getByLabel('Pickup Location').fill('');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByText('Pickup location is required').waitFor();
    await dialog.getByLabel('Pickup Location').fill('Heliopolis, Baghdad St 12');
    // A day in the date picker, read when the box is left, and times from the lists.
    const window1 = dialog.getByRole('group', { name: 'Window 1' });
    await window1.getByRole('combobox').first().fill(inputDate(2).split('-').reverse().join('/'));
    await window1.getByRole('combobox').first().press('Tab');
    await window1.getByLabel('From').selectOption('10:30');
    await window1.getByLabel('To').selectOption('12:00');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Request updated successfully');
    await remote.getByText('No requests are waiting for you').waitFor();

    await nav(page, 'Dashboard').click();
    await remote
      .getByTestId('medicine-row')
      .filter({ hasText: 'Panadol Extra' })
      .getByTestId('donation-status')
      .filter({ hasText: 'Pickup Scheduled' })
      .waitFor();
    expect(await stat(page, 'Pending Pickups').innerText()).toBe('1');

    // The NGO collects it and marks it so on its requests screen.
    await ngoNav.getByRole('link', { name: /^My Requests/ }).click();
    const pickup = ngoRemote.getByTestId('request-row').filter({ hasText: 'Panadol Extra' });
    await pickup.getByText('Pickup at Heliopolis, Baghdad St 12').waitFor();
    await pickup.getByRole('button', { name: 'Mark as Collected: Panadol Extra' }).click();
    // Final: it asks first, and the toast says what happened.
    await ngoPage
      .getByRole('dialog', { name: 'Mark as collected?' })
      .getByRole('button', { name: 'Mark as Collected' })
      .click();
    await expectToast(ngoPage, 'Marked as collected');
    await pickup.getByText('Completed').waitFor();

    // The NGO acted in its own browser; the donor's lists are cached (spec §7), so come back later.
    await page.goto('/donor/history');
    await remote.getByRole('heading', { name: 'Donation History' }).waitFor();
    expect(await stat(page, 'Total Donations').innerText()).toBe('1');
    // 1 unit left + 3 reserved by the approval = 4 donated; floor(1.5 × 4) = 6.
    expect(await stat(page, 'Medicines Donated').innerText()).toBe('4');
    expect(await stat(page, 'Successfully Collected').innerText()).toBe('1');
    expect(await stat(page, 'Lives Impacted').innerText()).toBe('6');
    await remote.getByTestId('your-impact').getByText('about 6 people', { exact: false }).waitFor();
    const timeline = remote.getByTestId('timeline-event');
    await timeline.filter({ hasText: 'Org collected Panadol Extra' }).waitFor();
    await timeline.filter({ hasText: 'You donated 4 units of Panadol Extra' }).waitFor();

    await nav(page, 'Dashboard').click();
    await remote.getByTestId('donation-status').filter({ hasText: 'Completed' }).waitFor();
    expect(await stat(page, 'Completed Donations').innerText()).toBe('1');
    expect(await stat(page, 'Impact Value').innerText()).toMatch(/EGP\s?150/);
  });

  it('adds a donation from the dashboard dialog and shows the donor screens in Arabic', async () => {
    const donor = await platform.approvedUser('donor');
    const page = await platform.newPage();
    await platform.signIn(page, donor.email);
    const remote = page.getByTestId('remote-donor');
    await remote.getByRole('button', { name: 'Add Donation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Medicine Name').fill('Augmentin 625');
    await dialog.getByLabel('Type').selectOption('tablets');
    await dialog.getByLabel('Quantity').fill('2');
    await dialog.getByLabel('Expiry Date').fill(inputDate(60));
    // Fluent's date picker reads a typed day when the box is left.
    await dialog.getByLabel('Expiry Date').blur();
    // The dashboard dialog offers no recipient choice: its donations go to NGOs (spec §5).
    expect(await dialog.getByRole('radio').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Donate' }).click();
    await expectToast(page, 'Donation submitted successfully');
    await remote.getByTestId('medicine-row').filter({ hasText: 'Augmentin 625' }).waitFor();
    const mine = await platform.gateway.api.get('/api/medicines/my', { token: donor.token });
    expect(mine.body.map((m: { name: string; recipientType: string }) => [m.name, m.recipientType])).toEqual([
      ['Augmentin 625', 'ngos'],
    ]);

    await page.getByRole('banner').getByRole('button', { name: 'عربي' }).click();
    await page.goto('/donor/history');
    await remote.getByRole('heading', { name: 'سجل التبرعات' }).waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    await remote.getByText('أثرك').waitFor();
  });
});
