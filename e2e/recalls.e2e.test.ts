import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { medicineInput } from '@medrelay/svc-catalog/testing';
import { expectToast } from './support/pages';
import { usePlatform } from './support/platform';

// Issue 17 item 5, once in the browser: an admin recalls a batch from the Recalls screen and the
// pharmacy's My Medicines shows its listing quarantined, with the reason (desktop and phone).
const platform = usePlatform();

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

/** A valid GTIN-14 for a number (check digit computed). */
function gtinOf(n: number): string {
  const body = `0622${String(n).padStart(9, '0')}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

async function signedIn(email: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await platform.newPage({ viewport });
  await platform.signIn(page, email);
  return page;
}

describe('recalls (issue 17)', { timeout: 90_000 }, () => {
  it('an admin recalls a batch; the pharmacy sees its listing quarantined (1280 px, then 390 px)', async () => {
    const pharmacy = await platform.approvedUser('pharmacy');
    const admin = await platform.approvedUser('admin');
    const page = await signedIn(admin.email, desktop);
    const owner = await signedIn(pharmacy.email, desktop);
    const remote = page.getByTestId('remote-admin');
    for (const [n, viewport] of [desktop, phone].entries()) {
      const name = `Recalled ${viewport.width}`;
      const gtin = gtinOf(880_000 + n);
      const listed = await platform.gateway.api.post(
        '/api/medicines',
        medicineInput({ name, gtin, batch: 'E2E-LOT' }),
        { token: pharmacy.token },
      );
      expect(listed.status).toBe(201);
      await page.setViewportSize(viewport);
      await owner.setViewportSize(viewport);

      await page.goto('/admin/recalls');
      await remote.getByRole('heading', { name: 'Recalls', level: 1 }).waitFor();
      // The form checks with the API's schema first: a wrong check digit is named before sending.
      await remote
        .getByLabel('Product code (GTIN)')
        .fill(`${gtin.slice(0, 13)}${(Number(gtin[13]) + 1) % 10}`);
      await remote.getByRole('textbox', { name: /^Batch/ }).fill('E2E-LOT');
      await remote.getByRole('textbox', { name: /^Reason/ }).fill('Particles found in vials');
      await remote.getByRole('button', { name: 'Recall batch' }).click();
      await remote.getByText('The product code (GTIN) is not valid: check its digits').waitFor();
      await remote.getByLabel('Product code (GTIN)').fill(gtin);
      await remote.getByRole('button', { name: 'Recall batch' }).click();
      await expectToast(page, 'Batch recalled. Listings quarantined: 1');
      await remote.getByTestId('recall-row').filter({ hasText: gtin }).getByText('Active').waitFor();

      await owner.goto('/pharmacy/medicines');
      const listing = owner.getByTestId('medicine-row').filter({ hasText: name });
      await listing.getByTestId('quarantine-badge').getByText('Recalled — quarantined').waitFor();
      await listing.getByText('Recall: Particles found in vials.', { exact: false }).waitFor();
      // The administrator's Listings say why it is unavailable, not only that it is.
      await page.goto('/admin/listings');
      await remote.getByLabel('Search by medicine, type or owner').fill(name);
      const row = remote.getByTestId('listing-row').filter({ hasText: name });
      await row.getByTestId('quarantine-badge').getByText('Recalled — quarantined').waitFor();
      await row.getByText('Unavailable', { exact: true }).waitFor();
      // Nothing is wider than the screen.
      for (const p of [page, owner]) {
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      }
    }
  });
});
