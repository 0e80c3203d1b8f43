import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, cairoInstant, cairoToday, formatPickupWindow } from '@medrelay/domain';
import { waitForMails, waitUntil } from '@medrelay/testing';
import { controlDefects, expectToast } from './support/pages';
import { usePlatform } from './support/platform';

/**
 * One transfer as one live loop, driven as its users would, with every screen left
 * open (no reload): an NGO's need; a pharmacy scans a pack into its listing form; the match shows on the NGO's wanted list; the NGO requests it from the match; the
 * pharmacy approves with pickup windows in one dialog; the NGO chooses one; the NGO shows its
 * handover code and the pharmacy enters it; then an administrator recalls that batch and the
 * NGO, which holds the units, is told. At 390 px in Arabic and at 1280 px in English.
 */
const platform = usePlatform();

/** A valid GTIN-14 for a number (check digit computed). */
function gtinOf(n: number): string {
  const body = `0622${String(n).padStart(9, '0')}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

const runs = [
  {
    name: '390 px phone, Arabic',
    language: 'ar',
    viewport: { width: 390, height: 844 },
    n: 1,
    t: {
      medicineName: 'اسم الدواء',
      type: 'النوع',
      quantity: 'الكمية',
      batch: 'رقم التشغيلة',
      ngosOnly: 'الجمعيات بس',
      list: 'اعرض الدواء',
      listed: 'الدواء اتعرض بنجاح',
      myRequests: 'طلباتي',
      requestPickup: 'اطلب استلام',
      submit: 'ابعت الطلب',
      submitted: 'الطلب اتبعت بنجاح',
      requested: 'اتطلب · مستني الرد',
      requestedApproved: 'اتطلب · اتوافق عليه',
      approve: 'موافقة',
      addTime: 'زوّد ميعاد استلام',
      window1: 'الميعاد 1',
      from: 'من',
      to: 'لـ',
      location: 'مكان الاستلام',
      updated: 'الطلب اتحدّث',
      pick: 'اختار الميعاد ده',
      pickup: 'الاستلام',
      showCode: 'كود التسليم',
      confirmHandover: 'تأكيد التسليم',
      codeLabel: 'كود التسليم',
      confirm: 'تأكيد',
      confirmed: 'التسليم اتأكد',
      completed: 'اتسلّم',
      quarantined: 'مسحوب — متحفّظ عليه',
      recallSubject: 'اتسحبت',
    },
  },
  {
    name: '1280 px, English',
    language: 'en',
    viewport: { width: 1280, height: 900 },
    n: 2,
    t: {
      medicineName: 'Medicine Name',
      type: 'Type',
      quantity: 'Quantity',
      batch: 'Batch',
      ngosOnly: 'NGOs only',
      list: 'List Medicine',
      listed: 'Medicine listed successfully',
      myRequests: 'My Requests',
      requestPickup: 'Request Pickup',
      submit: 'Submit Request',
      submitted: 'Request submitted successfully',
      requested: 'Requested · Pending',
      requestedApproved: 'Requested · Approved',
      approve: 'Approve',
      addTime: 'Add a pickup time',
      window1: 'Window 1',
      from: 'From',
      to: 'To',
      location: 'Pickup Location',
      updated: 'Request updated',
      pick: 'Pick this time',
      pickup: 'Pickup',
      showCode: 'Handover code',
      confirmHandover: 'Confirm handover',
      codeLabel: 'Handover code',
      confirm: 'Confirm',
      confirmed: 'Handover confirmed',
      completed: 'Completed',
      quarantined: 'Recalled — quarantined',
      recallSubject: 'is recalled',
    },
  },
] as const;

/** Nothing wider than the screen (compared with the document, which a too-wide child widens). */
const fits = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('one transfer, one live loop', { timeout: 180_000 }, () => {
  it.each(runs)(
    '$name: need → scanned pack → match → request → windows → choice → code → recall',
    async (run) => {
      const { t, viewport, language } = run;
      const [pharmacy, ngo, admin] = await Promise.all([
        platform.approvedUser('pharmacy'),
        platform.approvedUser('ngo'),
        platform.approvedUser('admin'),
      ]);
      const api = platform.gateway.api;
      // Each party reads the platform, and its e-mails, in the run's language.
      for (const user of [pharmacy, ngo])
        expect((await api.put('/api/auth/me', { language }, { token: user.token })).status).toBe(200);
      const open = async (email: string, path: string) => {
        const page = await platform.newPage({ viewport });
        await platform.signIn(page, email);
        await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
        await page.goto(path);
        return page;
      };
      const name = `Augmentin Loop ${run.n}`;
      const gtin = gtinOf(990_000 + run.n);
      const batch = `LOOP-${run.n}`;

      // The NGO declares what it needs and keeps its wanted list open.
      const need = await api.post('/api/needs', { medicine: name, minQuantity: 2 }, { token: ngo.token });
      expect(need.status).toBe(201);
      const ngoPage = await open(ngo.email, '/ngo/needs');
      const ngoRemote = ngoPage.getByTestId('remote-ngo');
      await ngoRemote.getByTestId('need-row').filter({ hasText: name }).waitFor();
      // The pharmacy keeps its requests open.
      const pharmacyPage = await open(pharmacy.email, '/pharmacy/requests');
      const pharmacyRemote = pharmacyPage.getByTestId('remote-pharmacy');

      // The pharmacy scans the pack into its listing form (a keyboard-wedge scanner types the
      // GS1 code: GTIN, expiry, batch, serial) and lists it for NGOs.
      const listingPage = await open(pharmacy.email, '/pharmacy/add-medicine');
      const form = listingPage.getByTestId('remote-pharmacy');
      // The product dictionary does not know this GTIN yet: its lookup answers 404.
      platform.expectFailedCall(404);
      await form.getByLabel(t.medicineName).fill(name);
      await form.getByLabel(t.medicineName).focus();
      await listingPage.keyboard.type(`]d201${gtin}17281231\u001d10${batch}\u001d21SN-${run.n}\n`);
      await form.getByTestId('scan-note').waitFor();
      expect(await form.getByLabel(t.batch).inputValue()).toBe(batch);
      await form.getByLabel(t.type).selectOption('tablets');
      await form.getByLabel(t.quantity).fill('6');
      await form.getByLabel(t.ngosOnly).check();
      await fits(listingPage, viewport.width);
      // The GTIN, batch and serial boxes keep within their row (a batch once read "X2611").
      expect(await controlDefects(listingPage)).toEqual([]);
      await form.getByRole('button', { name: t.list }).click();
      await expectToast(listingPage, t.listed);

      // The match appears on the NGO's open list; one tap requests it.
      const card = ngoRemote.getByTestId('match-card').filter({ hasText: name });
      await card.waitFor({ timeout: 20_000 });
      await card.getByRole('button', { name: `${t.requestPickup}: ${name}` }).click();
      const ask = ngoPage.getByRole('dialog');
      await ask.getByRole('button', { name: t.submit }).click();
      await expectToast(ngoPage, t.submitted);
      await card.getByText(t.requested).waitFor();

      // The request reaches the pharmacy's open screen; it approves with a window, in one dialog.
      const row = pharmacyRemote.getByTestId('request-row').filter({ hasText: name });
      await row.getByRole('button', { name: `${t.approve}: ${name}` }).click();
      const approval = pharmacyPage.getByRole('dialog');
      await approval.getByRole('button', { name: t.addTime }).click();
      const day = addDays(cairoToday(), 1);
      const window = approval.getByRole('group', { name: t.window1 });
      const dayBox = window.getByRole('combobox').first();
      await dayBox.fill(day.split('-').reverse().join('/'));
      await dayBox.press('Tab');
      await window.getByLabel(t.from, { exact: true }).selectOption('10:00');
      await window.getByLabel(t.to, { exact: true }).selectOption('12:00');
      await approval.getByLabel(t.location).fill('15 Mesaha Square, Dokki');
      await fits(pharmacyPage, viewport.width);
      // Nothing in the dialog is cut off or overlaps (the window's day and times, the pin).
      expect(await controlDefects(pharmacyPage, '[role="dialog"]')).toEqual([]);
      await approval.getByRole('button', { name: t.approve, exact: true }).click();
      await expectToast(pharmacyPage, t.updated);

      // The NGO's open match follows the request; on its requests it picks the window.
      await card.getByText(t.requestedApproved).waitFor();
      await ngoPage.goto('/ngo/requests');
      const ngoRow = ngoRemote.getByTestId('request-row').filter({ hasText: name });
      // The tab names the screen, in the reader's language.
      await expect.poll(() => ngoPage.title()).toBe(`${t.myRequests} · MedRelay`);
      // The day in full and the times kept left to right, as the e-mails write it.
      const windowText = formatPickupWindow(
        cairoInstant(day, '10:00')!,
        cairoInstant(day, '12:00')!,
        language,
      );
      await ngoRow.getByRole('radio', { name: windowText }).check();
      await ngoRow.getByRole('button', { name: t.pick }).click();
      await ngoRow.getByText(`${t.pickup}: ${windowText}`).waitFor();
      // The pharmacy's open screen shows the choice, and both e-mails give the same time.
      await row.getByText(`${t.pickup}: ${windowText}`).waitFor();
      for (const email of [ngo.email, pharmacy.email]) {
        const [mail] = await waitForMails(email, 1, { match: (m) => m.template === 'pickup-confirmed' });
        expect(mail!.text).toContain(windowText);
        expect(mail!.calendar).toMatchObject({
          method: 'REQUEST',
          content: expect.stringContaining('STATUS:CONFIRMED'),
        });
      }

      // At the counter: the NGO shows its code, the pharmacy enters it.
      await ngoRow.getByRole('button', { name: `${t.showCode}: ${name}` }).click();
      const codeText = ngoPage.getByRole('dialog').getByTestId('handover-code');
      const code = (await codeText.textContent())!.trim();
      expect(code).toMatch(/^[0-9]{6}$/);
      await ngoPage.keyboard.press('Escape');
      await row.getByRole('button', { name: `${t.confirmHandover}: ${name}` }).click();
      const confirm = pharmacyPage.getByRole('dialog');
      await confirm.getByLabel(t.codeLabel).fill(code);
      await confirm.getByRole('button', { name: t.confirm, exact: true }).click();
      await expectToast(pharmacyPage, t.confirmed);
      // The NGO's open requests show it collected, without a reload.
      await ngoRow.getByText(t.completed, { exact: true }).waitFor();
      await fits(ngoPage, viewport.width);

      // An administrator recalls the batch: the NGO, which now holds the units, is told at once,
      // on its open screen and by e-mail in its language.
      const recalled = await api.post(
        '/api/admin/recalls',
        { gtin, batch, reason: 'Sterility failure' },
        { token: admin.token },
      );
      expect(recalled.status).toBe(201);
      await ngoRow.getByTestId('quarantine-badge').getByText(t.quarantined).waitFor({ timeout: 20_000 });
      await waitUntil(
        async () =>
          (
            await waitForMails(ngo.email, 1, { match: (m) => m.template === 'recall-quarantined' })
          )[0]!.subject.includes(t.recallSubject),
        { what: 'the recall e-mail to the NGO' },
      );
      await fits(ngoPage, viewport.width);
      await fits(pharmacyPage, viewport.width);
    },
  );
});
