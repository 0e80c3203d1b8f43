import { describe, expect, it } from 'vitest';
import { internalSecretHeader } from '@medrelay/contracts';
import { addDays, cairoInstant, cairoToday, formatPickupWindow } from '@medrelay/domain';
import { medicineInput } from '@medrelay/svc-requests/testing';
import { mailsTo, waitForMails, waitUntil } from '@medrelay/testing';
import { expectToast } from './support/pages';
import { usePlatform } from './support/platform';

const platform = usePlatform();
const phone = { width: 390, height: 844 };

/** A Cairo day `n` days from now, as the date picker takes it typed (dd/mm/yyyy) and as the API gives it. */
function dayIn(n: number) {
  const iso = addDays(cairoToday(), n);
  const [y, m, d] = iso.split('-');
  return { iso, typed: `${d}/${m}/${y}` };
}

/**
 * A window as the screens and the e-mails write it: the Cairo day in full, then the times kept
 * left to right inside Arabic text ("Tuesday, December 1, 2026 · 10:00–12:00").
 */
const shown = (day: string, from: string, to: string, language: 'en' | 'ar') =>
  formatPickupWindow(cairoInstant(day, from)!, cairoInstant(day, to)!, language);

const reminders = async (email: string) =>
  (await mailsTo(email)).filter((m) => m.template === 'pickup-reminder');

describe('pickup windows', { timeout: 60_000 }, () => {
  it('the pharmacy offers two windows, the NGO picks one on a phone in Arabic, the reminders arrive when the test moves time, the code completes the handover, the custody CSV has every step', async () => {
    const [pharmacy, ngo] = await Promise.all([
      platform.approvedUser('pharmacy'),
      platform.approvedUser('ngo'),
    ]);
    const { gateway, services } = platform;
    await gateway.api.put('/api/auth/me', { language: 'ar' }, { token: ngo.token });
    const medicine = (
      await gateway.api.post(
        '/api/medicines',
        medicineInput({ name: 'Concor 5mg', quantity: 8, recipientType: 'ngos' }, 60),
        {
          token: pharmacy.token,
        },
      )
    ).body as { id: number };
    const request = await gateway.api.post<{ id: number }>(
      '/api/requests',
      { medicineId: medicine.id, quantity: 2 },
      { token: ngo.token },
    );
    expect(request.status).toBe(201);
    const [first, second] = [dayIn(2), dayIn(3)];

    // The pharmacy (desktop, English) approves in one dialog that offers two windows (one
    // pickup mechanism), filled with its profile address.
    const page = await platform.newPage();
    await platform.signIn(page, pharmacy.email);
    await page.goto('/pharmacy/requests');
    const remote = page.getByTestId('remote-pharmacy');
    await remote.getByRole('button', { name: 'Approve: Concor 5mg' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Set Pickup Details' }).waitFor();
    const fillWindow = async (n: number, day: string, from: string, to: string) => {
      const group = dialog.getByRole('group', { name: `Window ${n}` });
      const input = group.getByRole('combobox').first();
      await input.fill(day);
      await input.press('Tab');
      await group.getByLabel('From').selectOption(from);
      await group.getByLabel('To').selectOption(to);
    };
    // A pharmacy with no address and no earlier offer starts with none (collection at the pharmacy).
    await dialog.getByTestId('no-windows').waitFor();
    await dialog.getByRole('button', { name: 'Add a pickup time' }).click();
    await fillWindow(1, first.typed, '16:00', '18:00');
    await dialog.getByRole('button', { name: 'Add another window' }).click();
    await fillWindow(2, second.typed, '10:00', '12:00');
    await dialog.getByLabel('Pickup Location').fill('15 Mesaha Square, Dokki');
    await dialog.getByLabel('Latitude').fill('30.0385');
    await dialog.getByLabel('Longitude').fill('31.2118');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Request updated');
    const row = remote.getByTestId('request-row').filter({ hasText: 'Concor 5mg' });
    await row
      .getByText(
        `Offered: ${shown(first.iso, '16:00', '18:00', 'en')} / ${shown(second.iso, '10:00', '12:00', 'en')}`,
      )
      .waitFor();
    // The approval e-mail offers the same two windows (no calendar file: nothing is agreed yet).
    const [approvalMail] = await waitForMails(ngo.email, 1, {
      match: (m) => m.template === 'request-approved',
    });
    expect(approvalMail!.text).toContain(
      formatPickupWindow(cairoInstant(second.iso, '10:00')!, cairoInstant(second.iso, '12:00')!, 'ar'),
    );
    expect(approvalMail!.calendar).toBeUndefined();

    // The NGO, on a phone in Arabic, picks the second window.
    const phonePage = await platform.newPage({ viewport: phone });
    await platform.signIn(phonePage, ngo.email);
    await phonePage.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    await phonePage.goto('/ngo/requests');
    const ngoRow = phonePage
      .getByTestId('remote-ngo')
      .getByTestId('request-row')
      .filter({ hasText: 'Concor 5mg' });
    await ngoRow.getByRole('radio', { name: shown(second.iso, '10:00', '12:00', 'ar') }).check();
    await ngoRow.getByRole('button', { name: 'اختار الميعاد ده' }).click();
    await ngoRow.getByText(`الاستلام: ${shown(second.iso, '10:00', '12:00', 'ar')}`).waitFor();
    // The pharmacy's open screen shows the choice without a reload (the live stream).
    await row.getByText(`Pickup: ${shown(second.iso, '10:00', '12:00', 'en')}`).waitFor();
    // Both get the chosen window by e-mail: the same time the app shows.
    const [chosenMail] = await waitForMails(ngo.email, 1, {
      match: (m) => m.template === 'pickup-confirmed',
    });
    expect(chosenMail!.text).toContain(
      formatPickupWindow(cairoInstant(second.iso, '10:00')!, cairoInstant(second.iso, '12:00')!, 'ar'),
    );
    // …and the calendar invitation to it (iTIP REQUEST).
    expect(chosenMail!.calendar).toMatchObject({
      method: 'REQUEST',
      content: expect.stringContaining('STATUS:CONFIRMED'),
    });
    await ngoRow.getByRole('link', { name: 'افتح الخريطة (OpenStreetMap)' }).waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    );

    // Time moves to the evening before (Cairo 20:00) through the test hook: the reminders go out.
    const moved = await fetch(`${services.requests.baseUrl}/internal/test/clock`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [internalSecretHeader]: services.requests.service.ctx.config.INTERNAL_SECRET,
      },
      body: JSON.stringify({ now: cairoInstant(first.iso, '20:00')!.toISOString() }),
    });
    expect(moved.status).toBe(200);
    await waitUntil(
      async () => (await reminders(ngo.email)).length === 1 && (await reminders(pharmacy.email)).length === 1,
      {
        timeoutMs: 20_000,
        what: 'the evening-before reminders',
      },
    );
    const [toNgo] = await reminders(ngo.email);
    expect(toNgo!.subject).toContain('بكرة: استلام \u2068Concor 5mg\u2069');
    expect(toNgo!.text).toContain('https://wa.me/');
    const [toPharmacy] = await reminders(pharmacy.email);
    expect(toPharmacy!.subject).toContain('Tomorrow: pickup of Concor 5mg');

    // At the counter: the NGO shows its code (phone, Arabic), which its reminder carried too; the
    // pharmacy enters it and the request completes.
    await ngoRow.getByRole('button', { name: 'كود التسليم: Concor 5mg' }).click();
    const codeText = phonePage.getByRole('dialog').getByTestId('handover-code');
    await codeText.waitFor();
    const code = (await codeText.textContent())!.trim();
    expect(toNgo!.text).toContain(code);
    expect(toPharmacy!.text).not.toContain(code);
    await row.getByRole('button', { name: 'Confirm handover: Concor 5mg' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByLabel('Handover code').fill(code);
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expectToast(page, 'Handover confirmed');

    // The administrator's custody CSV lists every step of it, the last confirmed by the code.
    const admin = await platform.approvedUser('admin');
    const csv = await fetch(
      `${gateway.baseUrl}/api/admin/custody.csv?from=${dayIn(-1).iso}&to=${dayIn(1).iso}`,
      { headers: { authorization: `Bearer ${admin.token}` } },
    );
    expect(csv.status).toBe(200);
    const steps = (await csv.text())
      .split('\n')
      .map((line) => line.split(','))
      .filter((cells) => cells[1] === String(request.body.id))
      .map((cells) => [cells[2], cells.at(-3), cells.at(-2), cells.at(-1)]);
    // status, confirmed_by_code, handover, the pickup window in force (Cairo time)
    const window = `${second.iso} 10:00–12:00`;
    expect(steps).toEqual([
      ['pending', 'no', '', ''],
      ['approved', 'no', '', ''],
      ['approved', 'no', '', window],
      ['completed', 'yes', 'code', window],
    ]);
  });
});
