import { describe, expect, it } from 'vitest';
import { medicineInput } from '@medrelay/svc-requests/testing';
import { usePlatform } from './support/platform';

// guardrail categories in the browser (the rules themselves are tested through
// the API in svc-catalog/src/medicines/categories.test.ts).
const platform = usePlatform();
const phone = { width: 390, height: 844 };

describe('guardrails', { timeout: 120_000 }, () => {
  it('a cold-chain listing shows its badge and the Request Pickup dialog asks for a cool box (desktop and phone)', async () => {
    const seller = await platform.approvedUser('pharmacy');
    const listed = await platform.gateway.api.post(
      '/api/medicines',
      medicineInput({ name: 'Mixtard 30', type: 'injection', categories: ['prescription', 'coldChain'] }),
      { token: seller.token },
    );
    expect(listed.status).toBe(201);
    for (const viewport of [undefined, phone]) {
      const ngo = await platform.approvedUser('ngo');
      const page = await platform.newPage({ viewport });
      await platform.signIn(page, ngo.email);
      await page.goto('/ngo/browse');
      const row = page
        .getByTestId('remote-ngo')
        .getByTestId('medicine-row')
        .filter({ hasText: 'Mixtard 30' });
      await row.getByTestId('cold-chain-badge').filter({ hasText: 'Cold chain' }).waitFor();
      await row.getByRole('button', { name: 'Request Pickup: Mixtard 30' }).click();
      await page
        .getByRole('dialog')
        .getByTestId('cool-box-reminder')
        .filter({ hasText: 'bring a cool box' })
        .waitFor();
      if (viewport)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      await page.context().close();
    }
  });

  it('the donation form says which categories donors may not list and stops a forbidden one (desktop and phone)', async () => {
    for (const viewport of [undefined, phone]) {
      const donor = await platform.approvedUser('donor');
      const page = await platform.newPage({ viewport });
      await platform.signIn(page, donor.email);
      await page.goto('/donor/add-donation');
      const remote = page.getByTestId('remote-donor');
      await remote.getByText(/Individual donors cannot list: Prescription-only, Controlled/).waitFor();
      await remote.getByRole('checkbox', { name: 'Cold chain (keep refrigerated)' }).check();
      await remote
        .getByRole('alert')
        .filter({ hasText: 'Individual donors cannot list cold-chain (refrigerated) medicines' })
        .waitFor();
      if (viewport)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      await page.context().close();
    }
  });
});
