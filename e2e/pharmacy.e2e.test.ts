import { describe, expect, it } from 'vitest';
import { cairoDay } from '@medrelay/domain/calendar';
import { medicineInput } from '@medrelay/svc-requests/testing';
import { egp, expectToast } from './support/pages';
import { usePlatform } from './support/platform';

const platform = usePlatform();

/** A 1×1 PNG: the catalog checks a photo by its bytes. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const inDays = (days: number) => cairoDay(new Date(Date.now() + days * 24 * 3600 * 1000));

describe('pharmacy', { timeout: 90_000 }, () => {
  it('lists a medicine with a photo; another pharmacy finds it, requests a transfer; approved, collected, in history', async () => {
    const [seller, buyer, other] = await Promise.all([
      platform.approvedUser('pharmacy'),
      platform.approvedUser('pharmacy'),
      platform.approvedUser('pharmacy'),
    ]);
    // Enough stock elsewhere for Browse Stock to need a second page (20 a page).
    for (let i = 0; i < 20; i++) {
      const res = await platform.gateway.api.post(
        '/api/medicines',
        medicineInput(
          { name: `Stock item ${String(i).padStart(2, '0')}`, recipientType: 'pharmacies' },
          40 + i,
        ),
        { token: other.token },
      );
      expect(res.status).toBe(201);
    }

    // The seller lists near-expiry stock with a photo.
    const page = await platform.newPage();
    await platform.signIn(page, seller.email);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const remote = page.getByTestId('remote-pharmacy');
    await nav.getByRole('link', { name: 'Add Medicine' }).click();
    await remote.getByRole('button', { name: 'List Medicine' }).click();
    await remote.getByText('Medicine name is required').waitFor();
    await remote.getByText('Expiry date is required').waitFor();
    await remote.getByLabel('Medicine Name').fill('Concor 5mg');
    await remote.getByLabel('Type').selectOption('tablets');
    await remote.getByLabel('Quantity').fill('10');
    await remote.getByLabel('Expiry Date').fill(inDays(5));
    // Fluent's date picker reads a typed day when the box is left.
    await remote.getByLabel('Expiry Date').blur();
    await remote.getByLabel('Original price per unit (EGP)').fill('70');
    await remote.getByLabel('Discount price per unit (EGP)').fill('35');
    await remote.getByLabel('Pharmacies only').check();
    await remote
      .getByLabel('Photo (optional)', { exact: true })
      .setInputFiles({ name: 'concor.png', mimeType: 'image/png', buffer: png });
    await remote.getByRole('button', { name: 'List Medicine' }).click();
    await expectToast(page, 'Medicine listed successfully');
    await page.waitForURL('**/pharmacy/medicines');
    const row = remote.getByTestId('medicine-row').filter({ hasText: 'Concor 5mg' });
    await row.getByText(egp(35), { exact: true }).waitFor();
    await row.getByText(egp(70), { exact: true }).waitFor();
    await row.getByText('Available', { exact: true }).waitFor();
    await row.getByText('Pharmacies', { exact: true }).waitFor();
    // Good through the end of that day in Cairo: 5 days and some hours, rounded up.
    await row.getByText('6 days', { exact: true }).waitFor();
    const photo = row.getByRole('img', { name: 'Photo of Concor 5mg' });
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    expect(await photo.getAttribute('src')).not.toMatch(/\/image$/);

    // The seller corrects the quantity: only the changed field goes to the API, with the quantity
    // the form showed (refused if approvals moved it meanwhile).
    await row.getByRole('button', { name: 'Edit: Concor 5mg' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Quantity').fill('12');
    const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/medicines/'));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    expect((await saved).postDataJSON()).toEqual({ quantity: 12, quantitySeen: 10 });
    await expectToast(page, 'Medicine updated successfully');
    await row.getByText('Tablets · 12 units').waitFor();

    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await remote
      .getByTestId('urgent-banner')
      .getByText('1 of your medicines expires within 7 days', { exact: false })
      .waitFor();
    await remote.getByRole('group', { name: 'Total Listed' }).getByText('12', { exact: true }).waitFor();

    // A second pharmacy pages through Browse Stock, finds it and asks for 4 units.
    const buyerPage = await platform.newPage();
    await platform.signIn(buyerPage, buyer.email);
    const buyerRemote = buyerPage.getByTestId('remote-pharmacy');
    await buyerPage
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Browse Stock' })
      .click();
    await buyerRemote.getByText('Found 21 medicines').waitFor();
    await buyerRemote.getByText('Page 1 of 2').waitFor();
    await buyerRemote.getByRole('button', { name: 'Next page' }).click();
    await buyerRemote.getByText('Page 2 of 2').waitFor();
    // Soonest expiry first: Concor (5 days), then the other pharmacy's stock (40 to 59 days).
    await buyerRemote.getByRole('heading', { name: 'Stock item 19' }).waitFor();
    expect(await buyerRemote.getByTestId('medicine-row').count()).toBe(1);
    await buyerRemote.getByRole('searchbox').fill('concor');
    await buyerRemote.getByText('Found 1 medicine', { exact: true }).waitFor();
    const offer = buyerRemote.getByTestId('medicine-row').filter({ hasText: 'Concor 5mg' });
    await offer.getByText('Pharmacy', { exact: true }).waitFor();
    await offer.getByRole('button', { name: 'Request Transfer: Concor 5mg' }).click();
    const dialog = buyerPage.getByRole('dialog');
    await dialog.getByLabel('Quantity').fill('13');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await dialog.getByText('Only 12 units are available').waitFor();
    await dialog.getByLabel('Quantity').fill('4');
    expect(await dialog.getByLabel('Notes (optional)').inputValue()).toBe(
      'Inter-pharmacy transfer request for 4 units',
    );
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(buyerPage, 'Request submitted');

    // The seller approves it (pickup details are optional for pharmacy stock).
    await nav.getByRole('link', { name: /^Requests/ }).click();
    const pending = remote.getByTestId('request-row').filter({ hasText: 'Concor 5mg' });
    await pending.getByText('Pending Review').waitFor();
    await pending.getByText('Requested by \u2068pharmacy').waitFor();
    await pending.getByText('Notes: Inter-pharmacy transfer request for 4 units').waitFor();
    await expect.poll(() => nav.getByRole('link', { name: /^Requests/ }).textContent()).toContain('1');
    await pending.getByRole('button', { name: 'Approve: Concor 5mg' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Request updated');
    await remote.getByText('No pending requests').waitFor();
    await remote.getByTestId('request-row').filter({ hasText: 'Concor 5mg' }).getByText('Approved').waitFor();

    // The buyer collects it; its history shows the pickup information.
    await buyerPage
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Requests/ })
      .click();
    await buyerRemote.getByRole('button', { name: 'Mark as Collected: Concor 5mg' }).click();
    await buyerPage
      .getByRole('dialog', { name: 'Mark as collected?' })
      .getByRole('button', { name: 'Mark as Collected' })
      .click();
    await expectToast(buyerPage, 'Marked as collected');
    await buyerPage
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Transaction History' })
      .click();
    const bought = buyerRemote.getByTestId('request-row').filter({ hasText: 'Concor 5mg' });
    await bought.getByText('Completed').waitFor();
    await bought.getByTestId('pickup-info').getByText(`Contact: ${seller.email}`).waitFor();

    // The seller's history and dashboard count the transfer and its revenue (4 × 35 EGP).
    await nav.getByRole('link', { name: 'Transaction History' }).click();
    await remote.getByRole('group', { name: 'Total Transactions' }).getByText('1', { exact: true }).waitFor();
    await remote.getByRole('group', { name: 'Approved' }).getByText('1', { exact: true }).waitFor();
    await remote.getByRole('group', { name: 'Rejected' }).getByText('0', { exact: true }).waitFor();
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await remote
      .getByRole('group', { name: 'Successful Transfers' })
      .getByText('1', { exact: true })
      .waitFor();
    await remote.getByRole('group', { name: 'Revenue Recovered' }).getByText(egp(140)).waitFor();
    // Total Listed = units on offer now: the reloaded listing says 8 left (the
    // dashboard's cached one said 12), and so does the total, as My Medicines shows it.
    await remote
      .getByTestId('medicine-row')
      .filter({ hasText: 'Concor 5mg' })
      .getByText('Tablets · 8 units')
      .waitFor();
    await remote.getByRole('group', { name: 'Total Listed' }).getByText('8', { exact: true }).waitFor();

    // Unlisting takes the rest off the market; the listing stays, marked Unavailable.
    await nav.getByRole('link', { name: 'My Medicines' }).click();
    await row.getByRole('button', { name: 'Unlist: Concor 5mg' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unlist' }).click();
    await expectToast(page, 'Medicine unlisted');
    await row.getByText('Unavailable', { exact: true }).waitFor();
  });
});

describe('pharmacy with many listings', { timeout: 90_000 }, () => {
  it('pages My Medicines, reads dashboard figures from the summary, and the bell counts every expiring one', async () => {
    const owner = await platform.approvedUser('pharmacy');
    // 23 listings of 5 units, expiring within 10 to 32 days (21 of them inside the bell's 30 days).
    for (let i = 0; i < 23; i++) {
      await platform.listMedicine(owner.token, `Bulk item ${String(i).padStart(2, '0')}`, 10 + i);
    }
    const page = await platform.newPage();
    await platform.signIn(page, owner.email);
    const remote = page.getByTestId('remote-pharmacy');
    await remote.getByRole('group', { name: 'Total Listed' }).getByText('115', { exact: true }).waitFor();
    await remote.getByText('units in 23 listings').waitFor();
    // The newest 3, newest first.
    await remote.getByTestId('medicine-row').first().getByText('Bulk item 22').waitFor();
    expect(await remote.getByTestId('medicine-row').count()).toBe(3);
    await page.getByRole('button', { name: /Expiry alerts: 21 medicines expiring soon/ }).waitFor();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'My Medicines' })
      .click();
    await remote.getByText('Page 1 of 2').waitFor();
    expect(await remote.getByTestId('medicine-row').count()).toBe(20);
    await remote.getByRole('button', { name: 'Next page' }).click();
    await remote.getByText('Page 2 of 2').waitFor();
    await remote.getByTestId('medicine-row').filter({ hasText: 'Bulk item 00' }).waitFor();
    expect(await remote.getByTestId('medicine-row').count()).toBe(3);
    // Rows of later pages keep their actions.
    await remote.getByRole('button', { name: 'Unlist: Bulk item 00' }).waitFor();
  });
});

describe("a new pharmacy's dashboard", { timeout: 90_000 }, () => {
  it.each([
    {
      name: '390 px phone, Arabic',
      language: 'ar',
      viewport: { width: 390, height: 844 },
      figure: 'إجمالي المعروض',
    },
    {
      name: '1280 px, English',
      language: 'en',
      viewport: { width: 1280, height: 900 },
      figure: 'Total Listed',
    },
  ])(
    '$name: the next action holds its place while it loads, its button right under or beside its text',
    async (run) => {
      const owner = await platform.approvedUser('pharmacy');
      const page = await platform.newPage({ viewport: run.viewport });
      await page.goto('/');
      await page.evaluate(
        ([token, language]) => {
          localStorage.setItem('token', token!);
          localStorage.setItem('i18nextLng', language!);
        },
        [owner.token, run.language],
      );
      // The figures that choose the step are held back until the placeholder has been measured.
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/medicines/my/summary', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/pharmacy/dashboard');
      const remote = page.getByTestId('remote-pharmacy');
      const figures = remote.getByRole('group', { name: run.figure });
      await remote.getByTestId('next-action-placeholder').waitFor();
      const before = (await figures.boundingBox())!;
      release();
      const card = remote.getByTestId('next-action');
      await card.waitFor();
      const after = (await figures.boundingBox())!;
      // The step arrives into the placeholder's room: the figures under it stay where they were
      // (a phone's body text takes two lines, as the placeholder's does).
      if (run.viewport.width < 640) expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(8);
      // No gap inside the card: the button sits under its text on a phone, beside it on a desktop.
      const text = (await card.locator('div').first().boundingBox())!;
      const button = (await card.getByRole('link').boundingBox())!;
      expect(button.y - (text.y + text.height)).toBeLessThanOrEqual(16);
    },
  );
});
