import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { internalSecretHeader } from '@medrelay/contracts';
import { addDays, cairoDay, cairoInstant, cairoTime, cairoToday, formatPickupWindow } from '@medrelay/domain';
import { medicineInput } from '@medrelay/svc-requests/testing';
import { mailsTo, waitForMails, waitUntil } from '@medrelay/testing';
import { controlDefects, expectToast } from './support/pages';
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

/** Moves svc-requests' pickup clock through the test hook (then due reminders go and the sweep runs). */
async function movePickupClock(now: Date) {
  const { services } = platform;
  const moved = await fetch(`${services.requests.baseUrl}/internal/test/clock`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [internalSecretHeader]: services.requests.service.ctx.config.INTERNAL_SECRET,
    },
    body: JSON.stringify({ now: now.toISOString() }),
  });
  expect(moved.status).toBe(200);
}

/**
 * The first Wednesday at least `n` days after today in Cairo. A Wednesday night never has a clock
 * change (summer time ends on a Thursday at 24:00 and begins on a Friday at 00:00), so a window
 * from 23:00 to 01:00 on it lasts two hours and reads the same whatever day the suite runs.
 */
function wednesdayFrom(n: number) {
  let day = addDays(cairoToday(), n);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 3) day = addDays(day, 1);
  return day;
}

/** The text a <select> shows for its chosen option, wider than the room it has (cut off)? */
const selectClipped = (select: Locator) =>
  select.evaluate((el) => {
    const s = el as HTMLSelectElement;
    const style = getComputedStyle(s);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const text = s.selectedOptions[0]?.text ?? '';
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const width = context.measureText(text).width;
    return width > room ? `"${text}" is ${Math.round(width)} px in ${Math.round(room)} px` : null;
  });

/** A window past midnight, as the pharmacy and the NGO meet it, at 1280 px in English and 390 px in Arabic. */
const lateRuns = [
  {
    name: '1280 px, English',
    language: 'en',
    viewport: { width: 1280, height: 900 },
    n: 1,
    // Each run pins the clock a little later than the one before: it only moves forward.
    pinnedAt: '12:00',
    t: {
      approve: 'Approve',
      addTime: 'Add a pickup time',
      window1: 'Window 1',
      from: 'From',
      to: 'To',
      nextDay: (time: string) => `${time} (next day)`,
      location: 'Pickup Location',
      updated: 'Request updated',
      offered: 'Offered',
      pick: 'Pick this time',
      pickup: 'Pickup',
      wednesday: 'Wednesday',
      thursday: 'Thursday',
    },
  },
  {
    name: '390 px phone, Arabic',
    language: 'ar',
    viewport: phone,
    n: 2,
    pinnedAt: '12:10',
    t: {
      approve: 'موافقة',
      addTime: 'زوّد ميعاد استلام',
      window1: 'الميعاد 1',
      from: 'من',
      to: 'لـ',
      nextDay: (time: string) => `\u2066${time}\u2069 (تاني يوم)`,
      location: 'مكان الاستلام',
      updated: 'الطلب اتحدّث',
      offered: 'المواعيد المعروضة',
      pick: 'اختار الميعاد ده',
      pickup: 'الاستلام',
      wednesday: 'الأربعاء',
      thursday: 'الخميس',
    },
  },
] as const;

describe('pickup windows', { timeout: 60_000 }, () => {
  it('the pharmacy offers two windows, the NGO picks one on a phone in Arabic, the reminders arrive when the test moves time, the code completes the handover, the custody CSV has every step', async () => {
    const [pharmacy, ngo] = await Promise.all([
      platform.approvedUser('pharmacy'),
      platform.approvedUser('ngo'),
    ]);
    const { gateway } = platform;
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
    await movePickupClock(cairoInstant(first.iso, '20:00')!);
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

  it.each(lateRuns)(
    '$name: a pharmacy open late offers 23:00 to 01:00 the next day from the "To" list; the NGO reads one range and chooses it; both see it agreed; the calendar invitation ends the next day',
    async ({ language, viewport, n, pinnedAt, t }) => {
      const [pharmacy, ngo] = await Promise.all([
        platform.approvedUser('pharmacy'),
        platform.approvedUser('ngo'),
      ]);
      const api = platform.gateway.api;
      // Each party reads the platform, and its e-mails, in the run's language.
      for (const user of [pharmacy, ngo])
        expect((await api.put('/api/auth/me', { language }, { token: user.token })).status).toBe(200);
      const name = `Concor Late ${n}`;
      const medicine = (
        await api.post('/api/medicines', medicineInput({ name, quantity: 6, recipientType: 'ngos' }, 60), {
          token: pharmacy.token,
        })
      ).body as { id: number };
      const request = await api.post(
        '/api/requests',
        { medicineId: medicine.id, quantity: 2 },
        { token: ngo.token },
      );
      expect(request.status).toBe(201);
      // Wednesday 23:00 to Thursday 01:00. At least 4 days on, so the eve this pins the clock to
      // (noon) comes after the evening the test above moved it to.
      const wednesday = wednesdayFrom(4);
      const thursday = addDays(wednesday, 1);
      await movePickupClock(cairoInstant(addDays(wednesday, -1), pinnedAt)!);
      const start = cairoInstant(wednesday, '23:00')!;
      const end = cairoInstant(thursday, '01:00')!;
      const range = formatPickupWindow(start, end, language);
      // One range: the day it starts in full, then the day it ends by name (not a second full date,
      // nor a bare "23:00–01:00"), each time kept left to right.
      expect(range).toMatch(
        new RegExp(`^${t.wednesday}[,،] .+ · \u206623:00\u2069 – ${t.thursday} \u206601:00\u2069$`),
      );

      const open = async (email: string, path: string) => {
        const page = await platform.newPage({ viewport });
        await platform.signIn(page, email);
        await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
        await page.goto(path);
        return page;
      };
      const fits = async (page: Page) =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );

      // The pharmacy approves through the dialog: "From" 23:00, and the "To" list goes on past
      // midnight (the dialog before offered 00:00–23:30 in both lists, so 01:00 was "before" 23:00).
      const pharmacyPage = await open(pharmacy.email, '/pharmacy/requests');
      const remote = pharmacyPage.getByTestId('remote-pharmacy');
      const row = remote.getByTestId('request-row').filter({ hasText: name });
      await row.getByRole('button', { name: `${t.approve}: ${name}` }).click();
      const dialog = pharmacyPage.getByRole('dialog');
      await dialog.getByRole('button', { name: t.addTime }).click();
      const group = dialog.getByRole('group', { name: t.window1 });
      const dayBox = group.getByRole('combobox').first();
      await dayBox.fill(wednesday.split('-').reverse().join('/'));
      await dayBox.press('Tab');
      await group.getByLabel(t.from, { exact: true }).selectOption('23:00');
      const to = group.getByLabel(t.to, { exact: true });
      // Every half hour up to 24:00, then the next day's up to 11:00 (12 hours in all).
      const nextDay = Array.from({ length: 22 }, (_, i) => {
        const minutes = 30 * (i + 1);
        return t.nextDay(
          `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 ? '30' : '00'}`,
        );
      });
      expect(await to.locator('option').allTextContents()).toEqual(['23:30', '24:00', ...nextDay]);
      await to.selectOption({ label: t.nextDay('01:00') });
      expect(await to.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text)).toBe(
        t.nextDay('01:00'),
      );
      await dialog.getByLabel(t.location).fill('26 July Street, Zamalek');
      // At 390 px "01:00 (next day)" is shown whole, and nothing in the dialog is cut off.
      expect(await selectClipped(to)).toBeNull();
      expect(await controlDefects(pharmacyPage, '[role="dialog"]')).toEqual([]);
      await fits(pharmacyPage);
      await dialog.getByRole('button', { name: t.approve, exact: true }).click();
      await expectToast(pharmacyPage, t.updated);
      await row.getByText(`${t.offered}: ${range}`).waitFor();

      // The NGO reads the offer as that one range and chooses it.
      const ngoPage = await open(ngo.email, '/ngo/requests');
      const ngoRow = ngoPage.getByTestId('remote-ngo').getByTestId('request-row').filter({ hasText: name });
      await ngoRow.getByRole('radio', { name: range }).check();
      await ngoRow.getByRole('button', { name: t.pick }).click();
      // Both see the time agreed: the NGO's row, and the pharmacy's open screen without a reload.
      await ngoRow.getByText(`${t.pickup}: ${range}`).waitFor();
      await row.getByText(`${t.pickup}: ${range}`).waitFor();
      await fits(ngoPage);
      await fits(pharmacyPage);

      // The NGO's e-mail, in its language, says the same range and invites to an event that
      // starts on Wednesday at 23:00 and ends on Thursday at 01:00 (Cairo).
      const [mail] = await waitForMails(ngo.email, 1, { match: (m) => m.template === 'pickup-confirmed' });
      expect(mail!.text).toContain(range);
      expect(mail!.calendar?.method).toBe('REQUEST');
      const ics = mail!.calendar!.content;
      const instant = (field: string) => {
        const [, y, mo, d, h, mi, s] =
          new RegExp(`^${field}:(\\d{4})(\\d{2})(\\d{2})T(\\d{2})(\\d{2})(\\d{2})Z\\r?$`, 'm').exec(ics) ??
          [];
        expect(y, `${field} in UTC`).toBeDefined();
        return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
      };
      const [dtstart, dtend] = [instant('DTSTART'), instant('DTEND')];
      expect([cairoDay(dtstart), cairoTime(dtstart)]).toEqual([wednesday, '23:00']);
      expect([cairoDay(dtend), cairoTime(dtend)]).toEqual([thursday, '01:00']);
    },
  );
});
