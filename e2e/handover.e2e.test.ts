import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { medicineInput } from '@medrelay/svc-requests/testing';
import { expectToast } from './support/pages';
import { usePlatform } from './support/platform';

const platform = usePlatform();

const runs = [
  {
    name: 'desktop, English',
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    texts: {
      showCode: 'Handover code',
      confirm: 'Confirm handover',
      codeLabel: 'Handover code',
      submit: 'Confirm',
      confirmed: 'Handover confirmed',
      custody: 'Custody log',
      byCode: 'Confirmed with the handover code',
    },
  },
  {
    name: '390 px phone, Arabic',
    locale: 'ar-EG',
    viewport: { width: 390, height: 844 },
    texts: {
      showCode: 'كود التسليم',
      confirm: 'تأكيد التسليم',
      codeLabel: 'كود التسليم',
      submit: 'تأكيد',
      confirmed: 'التسليم اتأكد',
      custody: 'سجل التسليم',
      byCode: 'اتأكد بكود التسليم',
    },
  },
] as const;

/** Nothing wider than the phone: compared with the document, not `innerWidth` (which widens to it). */
const overflows = (page: Page, width: number) =>
  page.evaluate((w) => document.documentElement.scrollWidth > w, width);

describe('handover code and custody log', { timeout: 60_000 }, () => {
  it.each(runs)(
    '$name: the NGO shows its code, the pharmacy enters it, the request completes; the admin downloads the custody CSV',
    async ({ locale, viewport, texts }) => {
      const [pharmacy, ngo] = await Promise.all([
        platform.approvedUser('pharmacy'),
        platform.approvedUser('ngo'),
      ]);
      const name = `Augmentin ${locale}`;
      const api = platform.gateway.api;
      const medicine = (
        await api.post(
          '/api/medicines',
          medicineInput({ name, quantity: 6, recipientType: 'ngos', batch: 'LOT-7' }),
          {
            token: pharmacy.token,
          },
        )
      ).body as { id: number };
      const request = (
        await api.post('/api/requests', { medicineId: medicine.id, quantity: 2 }, { token: ngo.token })
      ).body as { id: number };
      expect(
        (
          await api.put(
            `/api/requests/${request.id}/status`,
            { status: 'approved' },
            { token: pharmacy.token },
          )
        ).status,
      ).toBe(200);

      const open = async (token: string, path: string) => {
        const page = await platform.newPage({ locale, viewport });
        await page.addInitScript((value) => localStorage.setItem('token', value), token);
        await page.goto(path);
        return page;
      };

      // The NGO opens its code: six digits and a QR drawn in the page.
      const ngoPage = await open(ngo.token, '/ngo/requests');
      await ngoPage
        .getByTestId('remote-ngo')
        .getByRole('button', { name: `${texts.showCode}: ${name}` })
        .click();
      const codeDialog = ngoPage.getByRole('dialog');
      const codeText = codeDialog.getByTestId('handover-code');
      await codeText.waitFor();
      const code = (await codeText.textContent())!.trim();
      expect(code).toMatch(/^[0-9]{6}$/);
      // The QR is drawn once its encoder's chunk has loaded.
      await codeDialog.getByTestId('handover-qr').waitFor();
      expect(await overflows(ngoPage, viewport.width)).toBe(false);

      // The pharmacy enters it (once wrong first, in the English run).
      const pharmacyPage = await open(pharmacy.token, '/pharmacy/requests');
      await pharmacyPage
        .getByTestId('remote-pharmacy')
        .getByRole('button', { name: `${texts.confirm}: ${name}` })
        .click();
      const confirmDialog = pharmacyPage.getByRole('dialog');
      const codeBox = confirmDialog.getByLabel(texts.codeLabel);
      if (locale === 'en-US') {
        platform.expectFailedCall(422);
        await codeBox.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
        await confirmDialog.getByRole('button', { name: texts.submit, exact: true }).click();
        await confirmDialog.getByText('Wrong code. Tries left: 9').waitFor();
      }
      await codeBox.fill(code);
      expect(await overflows(pharmacyPage, viewport.width)).toBe(false);
      await confirmDialog.getByRole('button', { name: texts.submit, exact: true }).click();
      await expectToast(pharmacyPage, texts.confirmed);
      const completed = await api.get(`/api/requests/${request.id}`, { token: ngo.token });
      expect(completed.body.status).toBe('completed');

      // Both parties read the custody log; the completion says it was confirmed by code.
      await pharmacyPage
        .getByTestId('remote-pharmacy')
        .getByRole('button', { name: `${texts.custody}: ${name}` })
        .first()
        .click();
      const log = pharmacyPage.getByRole('dialog');
      await log.getByText(texts.byCode).waitFor();
      expect(await log.getByTestId('custody-entry').count()).toBe(3);

      if (locale !== 'en-US') return;
      // The administrator downloads the custody CSV of the last 30 days: every step is there.
      const admin = await platform.approvedUser('admin');
      const adminPage = await open(admin.token, '/admin/settings');
      const remote = adminPage.getByTestId('remote-admin');
      await remote.getByRole('tab', { name: 'System' }).click();
      const [download] = await Promise.all([
        adminPage.waitForEvent('download'),
        remote.getByRole('button', { name: 'Download custody log (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^medrelay-custody-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const rows = (await readFile((await download.path())!, 'utf8'))
        .split('\n')
        .map((line) => line.split(','))
        .filter((cells) => cells[1] === String(request.id));
      // status, actor role, batch, confirmed_by_code, handover
      expect(rows.map((cells) => [cells[2], cells[5], cells[10], cells.at(-3), cells.at(-2)])).toEqual([
        ['pending', 'ngo', 'LOT-7', 'no', ''],
        ['approved', 'pharmacy', 'LOT-7', 'no', ''],
        ['completed', 'pharmacy', 'LOT-7', 'yes', 'code'],
      ]);
    },
  );
});
