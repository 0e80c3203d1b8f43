import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { medicineInput } from '@medrelay/svc-requests/testing';
import { expectToast } from './support/pages';
import { fakeCameraFilming, gs1DataMatrixPng } from './support/fake-camera';
import { usePlatform } from './support/platform';

// a GS1 DataMatrix (as on every Egyptian pack) fills the listing form, from the
// camera, a keyboard-wedge scanner or a photo. Codes are drawn with bwip-js; the camera is
// Chromium's fake device playing a video this file writes from that drawing.

/** GTIN-14s with valid check digits (Egyptian 622 prefix), one per test. */
const cameraGtin = '06221234567891';
const wedgeGtin = '06221234500003';
const photoGtin = '06221234500010';
const adminGtin = '06221234500027';
const cameraPack = `(01)${cameraGtin}(17)271231(10)B12X(21)SN0001`;

const platform = usePlatform({
  chromiumArgs: async () => fakeCameraFilming(await gs1DataMatrixPng(cameraPack)),
});
const phone = { width: 390, height: 844 };

describe('scanning a pack into the listing form', { timeout: 120_000 }, () => {
  it('camera: the form fills expiry, batch, serial and GTIN, name and type from the dictionary; the listing shows its code', async () => {
    const [pharmacy, other] = await Promise.all([
      platform.approvedUser('pharmacy'),
      platform.approvedUser('pharmacy'),
    ]);
    // Another pharmacy listed this product once: the dictionary learned its name and form.
    const taught = await platform.gateway.api.post(
      '/api/medicines',
      medicineInput({ name: 'Concor 5mg', type: 'tablets', gtin: cameraGtin, serial: 'OTHER-PACK' }),
      { token: other.token },
    );
    expect(taught.status).toBe(201);

    const page = await platform.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await platform.signIn(page, pharmacy.email);
    const remote = page.getByTestId('remote-pharmacy');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Add Medicine' })
      .click();
    await remote.getByRole('button', { name: 'Scan pack' }).click();
    await remote
      .getByTestId('scan-note')
      .filter({ hasText: 'Filled from the pack code and the product list' })
      .waitFor({ timeout: 30_000 });
    // The camera dialog closed once the code was read.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await remote.getByLabel('Medicine Name').inputValue()).toBe('Concor 5mg');
    expect(await remote.getByLabel('Type').inputValue()).toBe('tablets');
    expect(await remote.getByLabel('Product code (GTIN)').inputValue()).toBe(cameraGtin);
    expect(await remote.getByLabel('Batch').inputValue()).toBe('B12X');
    expect(await remote.getByLabel('Serial number').inputValue()).toBe('SN0001');
    expect(await remote.getByLabel('Expiry Date').inputValue()).toBe('31/12/2027');
    // The decoder came from our own server (no CDN), as a chunk loaded for the scan.
    const origin = new URL(page.url()).origin;
    expect(fetched.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(fetched.some((url) => /\/mf\/pharmacy\/assets\/zxing_reader\.[0-9a-f]+\.wasm$/.test(url))).toBe(
      true,
    );

    await remote.getByLabel('Quantity').fill('1');
    await remote.getByRole('button', { name: 'List Medicine' }).click();
    await expectToast(page, 'Medicine listed successfully');
    await page.waitForURL('**/pharmacy/medicines');
    const row = remote.getByTestId('medicine-row').filter({ hasText: 'Concor 5mg' });
    await row
      .getByTestId('pack-code')
      .filter({ hasText: `GTIN ${cameraGtin} · Batch B12X · Serial SN0001` })
      .waitFor();

    // The edit dialog is the same form: a wedge scan there fills it, and its Enter saves nothing.
    // The scanner sends the code as one string (as Android scanner apps do), so no key timing
    // is involved; key-by-key wedge typing is the Arabic test below.
    await row.getByRole('button', { name: 'Edit: Concor 5mg' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Description').focus();
    await page.keyboard.insertText(`]d201${cameraGtin}17271231\u001d10B13Y\u001d21SN0001`);
    await page.keyboard.press('Enter');
    await edit.getByTestId('scan-note').filter({ hasText: 'Filled from the pack code' }).waitFor();
    expect(await edit.getByLabel('Batch').inputValue()).toBe('B13Y');
    expect(await edit.getByLabel('Description').inputValue()).toBe('');
    expect(await edit.getByLabel('Medicine Name').inputValue()).toBe('Concor 5mg');
    const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/medicines/'));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    // Only the scanned change goes to the API.
    expect((await saved).postDataJSON()).toEqual({ batch: 'B13Y' });
    await row.getByTestId('pack-code').filter({ hasText: 'Batch B13Y' }).waitFor();
  });

  it('keyboard wedge, in Arabic on a phone: a typed scan fills the fields, not the name, and Enter does not submit; a bad code says why', async () => {
    const pharmacy = await platform.approvedUser('pharmacy');
    // The dictionary does not know this product yet: its lookup answers 404 (the browser logs it).
    platform.expectFailedCall(404);
    const page = await platform.newPage({ viewport: phone });
    await platform.signIn(page, pharmacy.email);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    await page.goto('/pharmacy/add-medicine');
    const remote = page.getByTestId('remote-pharmacy');
    const name = remote.getByLabel('اسم الدواء');
    await name.fill('بانادول');
    await name.focus();
    // What a scanner types: symbology identifier, AI 01, expiry with day 00 (the month's
    // last day), batch and serial ended by group separators (ASCII 29), then Enter.
    await page.keyboard.type(`]d201${wedgeGtin}17270600\u001d10LOT7\u001d21SER9\n`);
    await remote.getByTestId('scan-note').filter({ hasText: 'اتملت البيانات من كود العلبة' }).waitFor();
    expect(await name.inputValue()).toBe('بانادول');
    expect(await remote.getByLabel('كود المنتج (GTIN)').inputValue()).toBe(wedgeGtin);
    expect(await remote.getByLabel('رقم التشغيلة').inputValue()).toBe('LOT7');
    expect(await remote.getByLabel('الرقم التسلسلي').inputValue()).toBe('SER9');
    expect(await remote.getByLabel('تاريخ انتهاء الصلاحية').inputValue()).toBe('30/06/2027');
    // Enter ended the scan; it did not send the form (the type, still empty, would be refused).
    expect(await remote.getByText('نوع الدواء مطلوب').count()).toBe(0);

    // A pack code with a wrong GTIN check digit is refused with the reason; nothing changes.
    await remote.getByLabel('الوصف').focus();
    await page.keyboard.type(`]d2010622123450000117280100\u001d10BAD\n`);
    await remote.getByTestId('scan-note').filter({ hasText: 'رقم التحقق في كود المنتج غلط' }).waitFor();
    expect(await remote.getByLabel('الوصف').inputValue()).toBe('');
    expect(await remote.getByLabel('رقم التشغيلة').inputValue()).toBe('LOT7');
    // Fits the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  });

  it('photo, for a donor on a phone: a picked image of the pack is decoded and fills the form', async () => {
    const donor = await platform.approvedUser('donor');
    platform.expectFailedCall(404);
    const page = await platform.newPage({ viewport: phone });
    await platform.signIn(page, donor.email);
    await page.goto('/donor/add-donation');
    const remote = page.getByTestId('remote-donor');
    await remote.getByLabel('Medicine Name').waitFor();
    const photo = await gs1DataMatrixPng(`(01)${photoGtin}(17)280115(10)PH-22(21)77A`);
    await remote
      .locator('input[type=file][accept="image/*"]')
      .setInputFiles({ name: 'pack.png', mimeType: 'image/png', buffer: photo });
    await remote
      .getByTestId('scan-note')
      .filter({ hasText: 'Filled from the pack code' })
      .waitFor({ timeout: 30_000 });
    expect(await remote.getByLabel('Batch').inputValue()).toBe('PH-22');
    expect(await remote.getByLabel('Serial number').inputValue()).toBe('77A');
    expect(await remote.getByLabel('Expiry Date').inputValue()).toBe('15/01/2028');
    // A picture with no code in it says so.
    const blank = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await remote
      .locator('input[type=file][accept="image/*"]')
      .setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: blank });
    await remote
      .getByTestId('scan-note')
      .filter({ hasText: 'No pack code was found in this photo' })
      .waitFor();
    expect(await remote.getByLabel('Batch').inputValue()).toBe('PH-22');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  });

  it("admin: corrects the product dictionary; the next scan of that GTIN pre-fills the admin's name", async () => {
    const [admin, donor] = await Promise.all([
      platform.approvedUser('admin'),
      platform.approvedUser('donor'),
    ]);
    const page = await platform.newPage();
    await platform.signIn(page, admin.email);
    await page.goto('/admin/listings');
    const remote = page.getByTestId('remote-admin');
    const section = remote.getByRole('region', { name: 'Product dictionary' });
    await section.getByRole('button', { name: 'Add product' }).click();
    const dialog = page.getByRole('dialog');
    // A GTIN with a wrong check digit is refused beside the field.
    await dialog.getByLabel('Product code (GTIN)').fill('06221234500021');
    await dialog.getByLabel('Medicine Name').fill('Augmentin 1g');
    await dialog.getByLabel('Type').selectOption('tablets');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The product code (GTIN) is not valid').waitFor();
    await dialog.getByLabel('Product code (GTIN)').fill(adminGtin);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Product saved');
    const row = section.getByTestId('product-row').filter({ hasText: adminGtin });
    await row.getByText('Augmentin 1g').waitFor();
    await row.getByText('Corrected').waitFor();

    const donorPage = await platform.newPage();
    await platform.signIn(donorPage, donor.email);
    await donorPage.goto('/donor/add-donation');
    const form = donorPage.getByTestId('remote-donor');
    await form.getByLabel('Medicine Name').waitFor();
    await form.locator('input[type=file][accept="image/*"]').setInputFiles({
      name: 'pack.png',
      mimeType: 'image/png',
      buffer: await gs1DataMatrixPng(`(01)${adminGtin}(17)281130(10)AUG1(21)A-1`),
    });
    await form
      .getByTestId('scan-note')
      .filter({ hasText: 'and the product list' })
      .waitFor({ timeout: 30_000 });
    expect(await form.getByLabel('Medicine Name').inputValue()).toBe('Augmentin 1g');
    expect(await form.getByLabel('Type').inputValue()).toBe('tablets');
    expect(await form.getByLabel('Expiry Date').inputValue()).toBe('30/11/2028');
  });
});
