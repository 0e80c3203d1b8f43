import { beforeAll, describe, expect, it } from 'vitest';
import { medicineInput } from '@medrelay/svc-requests/testing';
import { documentDirection, egp, expectToast } from './support/pages';
import { usePlatform } from './support/platform';

const platform = usePlatform();

async function list(token: string, name: string, days: number, quantity: number) {
  const res = await platform.gateway.api.post(
    '/api/medicines',
    medicineInput({ name, quantity, recipientType: 'ngos' }, days),
    {
      token,
    },
  );
  expect(res.status).toBe(201);
  return res.body as { id: number };
}

/** The owner's answer, through the API (the owner's screens are covered by the pharmacy tests). */
async function answer(ownerToken: string, medicineName: string, change: Record<string, unknown>) {
  const mine = await platform.gateway.api.get(
    '/api/requests/my?direction=incoming&status=pending&pageSize=100',
    {
      token: ownerToken,
    },
  );
  const request = (mine.body as { id: number; status: string; medicine: { name: string } }[]).find(
    (r) => r.medicine.name === medicineName && r.status === 'pending',
  );
  expect(request).toBeDefined();
  const res = await platform.gateway.api.put(`/api/requests/${request!.id}/status`, change, {
    token: ownerToken,
  });
  expect(res.status).toBe(200);
}

describe('ngo', { timeout: 90_000 }, () => {
  let pharmacy: { token: string };
  let donor: { token: string };
  let augmentin: { id: number };
  beforeAll(async () => {
    [pharmacy, donor] = await Promise.all([
      platform.approvedUser('pharmacy'),
      platform.approvedUser('donor'),
    ]);
    await list(pharmacy.token, 'Panadol Extra', 60, 10);
    augmentin = await list(donor.token, 'Augmentin 1g', 5, 3);
    await list(donor.token, 'Ventolin Inhaler', 90, 2);
  }, 60_000);

  it('filters, requests pickups, cancels one, collects an approved one and sees its impact', async () => {
    const ngo = await platform.approvedUser('ngo');
    const page = await platform.newPage();
    await platform.signIn(page, ngo.email);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const remote = page.getByTestId('remote-ngo');
    await remote
      .getByRole('region', { name: 'Individual Donations' })
      .getByRole('heading', { name: 'Augmentin 1g' })
      .waitFor();
    await remote
      .getByRole('region', { name: 'Pharmacy Stock' })
      .getByRole('heading', { name: 'Panadol Extra' })
      .waitFor();

    await nav.getByRole('link', { name: 'Browse Donations' }).click();
    await remote.getByText('Found 3 available medicines').waitFor();
    await remote.getByLabel('Source').selectOption('donor');
    await remote.getByText('Found 2 available medicines').waitFor();
    await remote.getByLabel('Source').selectOption('urgent');
    await remote.getByText('Found 1 available medicine', { exact: true }).waitFor();
    await remote.getByRole('heading', { name: 'Augmentin 1g' }).waitFor();
    await remote.getByRole('button', { name: 'Clear Filters' }).click();
    await remote.getByText('Found 3 available medicines').waitFor();
    await remote.getByLabel('Sort by').selectOption('name');
    await expect
      .poll(() => remote.getByTestId('medicine-row').getByRole('heading').allTextContents())
      .toEqual(['Augmentin 1g', 'Panadol Extra', 'Ventolin Inhaler']);

    await remote.getByRole('button', { name: 'Request Pickup: Panadol Extra' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Quantity').fill('2');
    expect(await dialog.getByLabel('Notes (optional)').inputValue()).toBe('Pickup request for 2 units');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Request submitted successfully');
    await remote.getByRole('button', { name: 'Request Pickup: Ventolin Inhaler' }).click();
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Request submitted successfully');
    await expect.poll(() => nav.getByRole('link', { name: /^My Requests/ }).textContent()).toContain('2');

    await nav.getByRole('link', { name: /^My Requests/ }).click();
    const ventolin = remote.getByTestId('request-row').filter({ hasText: 'Ventolin Inhaler' });
    await ventolin.getByText('Pending', { exact: true }).waitFor();
    await ventolin.getByRole('button', { name: 'Cancel Request: Ventolin Inhaler' }).click();
    // Final: it asks first, and the toast says what happened.
    await page
      .getByRole('dialog', { name: 'Cancel this request?' })
      .getByRole('button', { name: 'Cancel Request' })
      .click();
    await expectToast(page, 'Request cancelled');
    await ventolin.getByText('Cancelled').waitFor();

    await answer(pharmacy.token, 'Panadol Extra', {
      status: 'approved',
      pickupLocation: 'Back door, 12 Tahrir St.',
      pickupDate: new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString(),
    });
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await remote.getByRole('group', { name: 'Active Requests' }).getByText('0', { exact: true }).waitFor();
    await nav.getByRole('link', { name: /^My Requests/ }).click();
    const panadol = remote.getByTestId('request-row').filter({ hasText: 'Panadol Extra' });
    await panadol.getByText('Your request was approved.', { exact: false }).waitFor();
    await panadol.getByText('Pickup at Back door, 12 Tahrir St.').waitFor();
    await panadol.getByRole('button', { name: 'Mark as Collected: Panadol Extra' }).click();
    await page
      .getByRole('dialog', { name: 'Mark as collected?' })
      .getByRole('button', { name: 'Mark as Collected' })
      .click();
    await expectToast(page, 'Marked as collected');
    await panadol.getByText('Completed').waitFor();

    await nav.getByRole('link', { name: 'Inventory' }).click();
    await remote
      .getByTestId('request-row')
      .filter({ hasText: 'Panadol Extra' })
      .getByText(/^Collected /)
      .waitFor();
    await remote.getByRole('group', { name: 'Units Collected' }).getByText('2', { exact: true }).waitFor();

    await nav.getByRole('link', { name: 'Impact Analytics' }).click();
    await remote.getByRole('img', { name: /Bar chart of units received/ }).waitFor();
    await remote.getByRole('group', { name: 'Medicines Received' }).getByText('2', { exact: true }).waitFor();
    // floor(1.5 × 2) patients; 2 units at their original price of 45.50 EGP.
    await remote.getByRole('group', { name: 'Patients Served' }).getByText('3', { exact: true }).waitFor();
    await remote.getByRole('group', { name: 'Estimated Value' }).getByText(egp(91)).waitFor();
    await remote.getByRole('group', { name: 'Pharmacy' }).getByText('Units: 2 (100.0%)').waitFor();
  });

  it('asking twice for one medicine: the dialog offers the open request, which can be cancelled there (desktop and phone)', async () => {
    const seller = await platform.approvedUser('pharmacy');
    await list(seller.token, 'Concor 5mg', 60, 6);
    for (const viewport of [undefined, { width: 390, height: 844 }]) {
      const ngo = await platform.approvedUser('ngo');
      const page = await platform.newPage({ viewport });
      await page.goto('/');
      await page.evaluate((value) => localStorage.setItem('token', value), ngo.token);
      await page.goto('/ngo/browse');
      const remote = page.getByTestId('remote-ngo');
      const dialog = page.getByRole('dialog');
      const ask = async () => {
        await remote.getByRole('button', { name: 'Request Pickup: Concor 5mg' }).click();
        await dialog.getByRole('button', { name: 'Submit Request' }).click();
      };
      await ask();
      await expectToast(page, 'Request submitted successfully');

      platform.expectFailedCall(409);
      await ask();
      await dialog.getByText('You already have an open request for this medicine').waitFor();
      await dialog.getByRole('button', { name: 'Open my request' }).click();
      const open = dialog.getByTestId('request-row');
      await open.getByText('Pending', { exact: true }).waitFor();
      if (viewport) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      }
      await open.getByRole('button', { name: 'Cancel Request: Concor 5mg' }).click();
      await page
        .getByRole('dialog', { name: 'Cancel this request?' })
        .getByRole('button', { name: 'Cancel Request' })
        .click();
      await expectToast(page, 'Request cancelled');
      await open.getByText('Cancelled', { exact: true }).waitFor();
      // Nothing open any more: the same dialog's Submit now goes through.
      await dialog.getByRole('button', { name: 'Submit Request' }).click();
      await expectToast(page, 'Request submitted successfully');
      await page.context().close();
    }
  });

  it('walks the core path in Arabic, right to left: list, request, approve, collect; fail on an unlisted one', async () => {
    const [seller, ngo] = await Promise.all([
      platform.approvedUser('pharmacy'),
      platform.approvedUser('ngo'),
    ]);
    const openInArabic = async (token: string, path: string) => {
      const page = await platform.newPage({ locale: 'ar-EG' });
      await page.goto('/');
      await page.evaluate((value) => localStorage.setItem('token', value), token);
      await page.goto(path);
      return page;
    };

    // The pharmacy lists a medicine; the form speaks the §5 rules in Arabic.
    const sellerPage = await openInArabic(seller.token, '/pharmacy/dashboard');
    const sellerRemote = sellerPage.getByTestId('remote-pharmacy');
    const sellerNav = sellerPage.getByRole('navigation', { name: 'القايمة الرئيسية' });
    await sellerRemote.getByRole('heading', { name: 'لوحة تحكم الصيدلية' }).waitFor();
    expect(await documentDirection(sellerPage)).toEqual({ dir: 'rtl', lang: 'ar' });
    await sellerNav.getByRole('link', { name: 'إضافة دواء' }).click();
    await sellerRemote.getByRole('button', { name: 'اعرض الدواء' }).click();
    await sellerRemote.getByText('اسم الدواء مطلوب').waitFor();
    await sellerRemote.getByText('تاريخ الصلاحية مطلوب').waitFor();
    await sellerRemote.getByLabel('اسم الدواء').fill('Amoxil 500mg');
    await sellerRemote.getByLabel('النوع').selectOption('capsules');
    await sellerRemote.getByLabel('الكمية').fill('6');
    // The date picker takes the day as an Arabic reader writes it: dd/mm/yyyy, Latin digits.
    const expiry = new Date(Date.now() + 20 * 24 * 3600 * 1000);
    const day = [expiry.getDate(), expiry.getMonth() + 1]
      .map((n) => String(n).padStart(2, '0'))
      .concat(String(expiry.getFullYear()))
      .join('/');
    const expiryBox = sellerRemote.getByLabel('تاريخ انتهاء الصلاحية');
    await expiryBox.fill(day);
    await expiryBox.blur();
    expect(await expiryBox.inputValue()).toBe(day);
    await sellerRemote.getByText('اختار صورة').waitFor();
    await sellerRemote.getByRole('button', { name: 'اعرض الدواء' }).click();
    await expectToast(sellerPage, 'الدواء اتعرض بنجاح');

    // The NGO finds it in Pharmacy Stock and asks for 3 units.
    const page = await openInArabic(ngo.token, '/ngo/dashboard');
    const remote = page.getByTestId('remote-ngo');
    const nav = page.getByRole('navigation', { name: 'القايمة الرئيسية' });
    await remote.getByRole('heading', { name: 'لوحة تحكم الجمعية' }).waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    await nav.getByRole('link', { name: 'مخزون الصيدليات' }).click();
    await remote.getByRole('searchbox').fill('amoxil');
    await remote.getByRole('button', { name: 'اطلب استلام: Amoxil 500mg' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('الكمية').fill('3');
    expect(await dialog.getByLabel('ملاحظات (اختياري)').inputValue()).toBe('طلب استلام لـ 3 وحدات');
    await dialog.getByRole('button', { name: 'ابعت الطلب' }).click();
    await expectToast(page, 'الطلب اتبعت بنجاح');

    // The pharmacy approves it (pickup details are optional for its own stock).
    await sellerNav.getByRole('link', { name: /^الطلبات/ }).click();
    const pending = sellerRemote.getByTestId('request-row').filter({ hasText: 'Amoxil 500mg' });
    await pending.getByText('في انتظار المراجعة').waitFor();
    await pending.getByRole('button', { name: 'موافقة: Amoxil 500mg' }).click();
    const approval = sellerPage.getByRole('dialog');
    await approval.getByRole('heading', { name: 'تحديد تفاصيل الاستلام' }).waitFor();
    await approval.getByRole('button', { name: 'موافقة' }).click();
    await expectToast(sellerPage, 'الطلب اتحدّث');

    // The NGO sees it approved, laid out right to left, and marks it collected.
    await nav.getByRole('link', { name: /^طلباتي/ }).click();
    const row = remote.getByTestId('request-row').filter({ hasText: 'Amoxil 500mg' });
    await row.getByText('مقبول', { exact: true }).waitFor();
    await row.getByText('طلبك اتقبل.', { exact: false }).waitFor();
    // The pharmacy's phone and a WhatsApp chat with an Arabic message naming the request.
    const chat = await row.getByRole('link', { name: /ابعت رسالة واتساب/ }).getAttribute('href');
    expect(chat).toMatch(/^https:\/\/wa\.me\/20\d+\?text=/);
    expect(new URL(chat!).searchParams.get('text')).toContain('Amoxil 500mg');
    expect(await row.getByRole('link', { name: /اتصل بـ/ }).getAttribute('href')).toMatch(/^tel:\+20\d+$/);
    // Its status badge sits left of the medicine's name.
    const name = await row.getByRole('heading', { name: 'Amoxil 500mg' }).boundingBox();
    const badge = await row.getByTestId('request-status').boundingBox();
    expect(badge!.x).toBeLessThan(name!.x);
    await row.getByRole('button', { name: 'تم الاستلام: Amoxil 500mg' }).click();
    // Asked first, and the toast says what happened, in Arabic.
    await page
      .getByRole('dialog', { name: 'تأكد إنك استلمت؟' })
      .getByRole('button', { name: 'تم الاستلام' })
      .click();
    await expectToast(page, 'اتسجّل إنه اتسلّم');
    await row.getByText('اتسلّم', { exact: true }).waitFor();

    // Taken off the market while the NGO was looking: the failure toast carries the server's words.
    // The list is fetched afresh on opening; wait for that answer so no later refetch hides the offer.
    const freshList = page.waitForResponse((res) => /\/api\/medicines\?/.test(res.url()));
    await page
      .getByRole('navigation', { name: 'القايمة الرئيسية' })
      .getByRole('link', { name: 'تصفح التبرعات' })
      .click();
    await freshList;
    const offer = remote.getByRole('button', { name: 'اطلب استلام: Augmentin 1g' });
    await offer.waitFor();
    const unlisted = await platform.gateway.api.delete(`/api/medicines/${augmentin.id}`, {
      token: donor.token,
    });
    expect(unlisted.status).toBe(200);
    platform.expectFailedCall(409);
    await offer.click();
    await page.getByRole('dialog').getByRole('button', { name: 'ابعت الطلب' }).click();
    await expectToast(page, 'معرفناش نبعت الطلب');
    await page
      .getByTestId('toast')
      .filter({ hasText: 'معرفناش نبعت الطلب' })
      .getByText('الدواء ده مبقاش متاح')
      .waitFor();
  });
});
