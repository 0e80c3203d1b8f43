import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { medicineInput } from '@medrelay/svc-catalog/testing';
import { waitUntil } from '@medrelay/testing';
import { expectToast } from './support/pages';
import { usePlatform } from './support/platform';

// Recalls once in the browser: an admin recalls a batch from the Recalls screen and the
// pharmacy's My Medicines shows its listing quarantined, with the reason (desktop and phone).
// the NGO that collected the batch earlier is reached and acknowledges; the
// admin's Recalls count it.
const platform = usePlatform();

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

/** A valid GTIN-14 for a number (check digit computed). */
function gtinOf(n: number): string {
  const body = `0622${String(n).padStart(9, '0')}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** Nothing wider than the screen: compared with the document, not `innerWidth` (which widens to it). */
const overflows = (page: Page, width: number) =>
  page.evaluate((w) => document.documentElement.scrollWidth > w, width);

async function signedIn(email: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await platform.newPage({ viewport });
  await platform.signIn(page, email);
  return page;
}

describe('recalls', { timeout: 90_000 }, () => {
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
      // Issuing asks first, with what a dry run says it would quarantine; cancelling sends nothing.
      const confirm = page.getByRole('dialog');
      await confirm.getByText('1 listing by 1 owner, 10 units on offer', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      await remote.getByRole('button', { name: 'Recall batch' }).click();
      await confirm.getByRole('button', { name: 'Recall batch' }).click();
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

  const reachRuns = [
    {
      name: '390 px phone, Arabic: acknowledged from the notice',
      locale: 'ar-EG',
      viewport: phone,
      n: 0,
      texts: {
        bell: /^الإشعارات: /,
        acknowledge: 'شلت الوحدات دي على جنب',
        badge: 'مسحوب — متحفّظ عليه',
        counted: (acknowledged: number, reached: number) => `${acknowledged} من ${reached} أكّدوا`,
        reached: 'مين وصله الإشعار',
        collected: (name: string) => `استلم ${name}: الكمية 10`,
      },
    },
    {
      name: '1280 px, English: acknowledged from the flagged history row',
      locale: 'en-US',
      viewport: desktop,
      n: 1,
      texts: {
        bell: /^Notifications: /,
        acknowledge: 'I have set these units aside',
        badge: 'Recalled — quarantined',
        counted: (acknowledged: number, reached: number) => `${acknowledged} of ${reached} acknowledged`,
        reached: 'Who was reached',
        collected: (name: string) => `Collected ${name}: quantity 10`,
      },
    },
  ] as const;

  /** Each control inside the recall's cards stays within its card: nothing clipped at phone widths. */
  const clipped = (page: Page, testId: string) =>
    page.evaluate(
      (id) =>
        [...document.querySelectorAll(`[data-testid="${id}"]`)].flatMap((card) => {
          const box = card.getBoundingClientRect();
          return [...card.querySelectorAll('button, span, div')]
            .map((el) => el.getBoundingClientRect())
            .filter((r) => r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1))
            .map(
              (r) =>
                `${id}: ${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(box.left)}–${Math.round(box.right)}`,
            );
        }),
      testId,
    );

  it.each(reachRuns)(
    '$name: the NGO that collected the batch gets the recall notice and acknowledges; the admin sees "1 of 1 acknowledged"',
    async ({ locale, viewport, n, texts }) => {
      const [pharmacy, ngo, admin] = await Promise.all([
        platform.approvedUser('pharmacy'),
        platform.approvedUser('ngo'),
        platform.approvedUser('admin'),
      ]);
      const api = platform.gateway.api;
      const name = `Collectol ${locale}`;
      const gtin = gtinOf(881_000 + n);
      // The NGO collects all 10 units of the batch before it is recalled.
      const listed = await api.post(
        '/api/medicines',
        medicineInput({ name, gtin, batch: 'E2E-HELD', quantity: 10, recipientType: 'ngos' }),
        { token: pharmacy.token },
      );
      expect(listed.status).toBe(201);
      const asked = await api.post(
        '/api/requests',
        { medicineId: (listed.body as { id: number }).id, quantity: 10 },
        { token: ngo.token },
      );
      const requestId = (asked.body as { id: number }).id;
      for (const [status, token] of [
        ['approved', pharmacy.token],
        ['completed', ngo.token],
      ] as const)
        expect((await api.put(`/api/requests/${requestId}/status`, { status }, { token })).status).toBe(200);
      const issued = await api.post(
        '/api/admin/recalls',
        { gtin, batch: 'E2E-HELD', reason: 'Dissolution failure' },
        { token: admin.token },
      );
      expect(issued.status).toBe(201);
      const recallId = (issued.body as { id: number }).id;
      await waitUntil(
        async () =>
          (await api.get(`/api/admin/recall-reach/${recallId}`, { token: admin.token })).body !== null,
        { what: 'the recall applied by svc-requests' },
      );

      const open = async (token: string, path: string) => {
        const page = await platform.newPage({ locale, viewport });
        await page.addInitScript((value) => localStorage.setItem('token', value), token);
        await page.goto(path);
        return page;
      };
      // The recall reached the NGO: its collected row is flagged with the quarantine badge.
      const ngoPage = await open(ngo.token, `/ngo/inventory`);
      const row = ngoPage.getByTestId('request-row').filter({ hasText: name });
      await row.getByTestId('quarantine-badge').getByText(texts.badge).waitFor();
      await row.getByTestId('recall-quarantine').waitFor();
      expect(await clipped(ngoPage, 'request-row')).toEqual([]);
      // The notice is in the bell (a full-screen sheet on the phone), with what to do.
      await ngoPage.getByRole('button', { name: texts.bell }).click();
      const notice = ngoPage.getByTestId('notification').filter({ hasText: 'Dissolution failure' });
      await notice.waitFor();
      if (n === 0) {
        // Acknowledged from the notice itself.
        await notice.getByRole('button', { name: texts.acknowledge }).click();
        await notice.getByTestId('recall-acknowledged').waitFor();
        await ngoPage.keyboard.press('Escape');
      } else {
        // Or from the flagged row.
        await ngoPage.keyboard.press('Escape');
        await row.getByRole('button', { name: texts.acknowledge }).click();
        await row.getByTestId('recall-acknowledged').waitFor();
      }
      expect(await overflows(ngoPage, viewport.width)).toBe(false);

      // The administrator: the one party holding packs (the NGO) acknowledged; the listing's owner,
      // whose 10 units were all collected, holds none and is not asked to set any aside.
      const adminPage = await open(admin.token, '/admin/recalls');
      const recallRow = adminPage.getByTestId('recall-row').filter({ hasText: gtin });
      await recallRow.getByText(texts.counted(1, 1)).waitFor();
      await recallRow.getByRole('button', { name: texts.reached }).click();
      const holder = recallRow.getByTestId('reach-party').filter({ hasText: texts.collected(name) });
      await holder.getByTestId('reach-acknowledged').waitFor();
      expect(await recallRow.getByTestId('reach-not-acknowledged').count()).toBe(0);
      expect(await clipped(adminPage, 'reach-party')).toEqual([]);
      expect(await overflows(adminPage, viewport.width)).toBe(false);
    },
  );
});
