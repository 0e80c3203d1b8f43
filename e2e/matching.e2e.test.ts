import { describe, expect, it } from 'vitest';
import type { NeedMatch } from '@medrelay/contracts';
import { sendMatchDigests } from '@medrelay/svc-requests/testing';
import { waitForMails } from '@medrelay/testing';
import { documentDirection, expectToast } from './support/pages';
import { usePlatform } from './support/platform';

/**
 * Issue 16, done means: an NGO declares a need; a pharmacy lists a matching medicine; the NGO sees
 * the match, the digest e-mail arrives in the SMTP sink in the NGO's language, and one tap files
 * the request. Desktop in English (the match card), a 390 px phone in Arabic (the e-mail's link).
 */
const platform = usePlatform();
const phone = { width: 390, height: 844 };

/** A listing by a fresh pharmacy, through the gateway; waits until the NGO's need has matched it. */
async function listAndMatch(ngoToken: string, name: string, quantity: number) {
  const pharmacy = await platform.approvedUser('pharmacy');
  const { id } = await platform.listMedicine(pharmacy.token, name, 60, quantity);
  await expect
    .poll(
      async () =>
        ((await platform.gateway.api.get('/api/needs/matches', { token: ngoToken })).body as NeedMatch[]).map(
          (m) => m.medicine.id,
        ),
      { timeout: 15_000 },
    )
    .toContain(id);
  return id;
}

/** The NGO's requests for this listing, through the API. */
async function requestsFor(ngoToken: string, medicineId: number) {
  const mine = await platform.gateway.api.get('/api/requests/my?pageSize=100', { token: ngoToken });
  return (mine.body as Array<{ medicineId: number; quantity: number; status: string }>).filter(
    (r) => r.medicineId === medicineId,
  );
}

describe('matching', { timeout: 60_000 }, () => {
  it('desktop, English: the need is declared on screen, its match shows, the digest arrives, one tap requests', async () => {
    const ngo = await platform.approvedUser('ngo');
    const page = await platform.newPage();
    await platform.signIn(page, ngo.email);
    await page.goto('/ngo/needs');
    const remote = page.getByTestId('remote-ngo');
    await remote.getByRole('button', { name: 'Add a need' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Medicine', { exact: false }).first().fill('Ventolin');
    await dialog.getByLabel('Minimum quantity').fill('2');
    await dialog.getByLabel('Accept up to').fill('4');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Need added');

    const medicineId = await listAndMatch(ngo.token, 'Ventolin Inhaler', 10);
    await page.reload();
    const card = remote.getByTestId('match-card').filter({ hasText: 'Ventolin Inhaler' });
    await card.getByText('Matches "Ventolin"').waitFor();
    await card.getByText('10 units', { exact: false }).waitFor();

    // The digest job (run here rather than waited for) mails the match in English.
    await sendMatchDigests(platform.services.requests.service.ctx);
    const [mail] = await waitForMails(ngo.email);
    expect(mail!.subject).toContain('new match');
    expect(mail!.text).toContain(`/ngo/browse?medicine=${medicineId}&request=1&quantity=4`);

    await card.getByRole('button', { name: 'Request Pickup: Ventolin Inhaler' }).click();
    const request = page.getByRole('dialog');
    await expect.poll(() => request.getByLabel('Quantity', { exact: false }).inputValue()).toBe('4');
    await request.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Request submitted successfully');
    expect(await requestsFor(ngo.token, medicineId)).toEqual([
      expect.objectContaining({ quantity: 4, status: 'pending' }),
    ]);
  });

  it('390 px, Arabic: the digest is in Arabic and its link opens the listing with Request Pickup ready', async () => {
    const ngo = await platform.approvedUser('ngo');
    expect(
      (await platform.gateway.api.put('/api/auth/me', { language: 'ar' }, { token: ngo.token })).status,
    ).toBe(200);
    const need = await platform.gateway.api.post(
      '/api/needs',
      { medicine: 'بانادول', minQuantity: 3 },
      { token: ngo.token },
    );
    expect(need.status).toBe(201);
    const medicineId = await listAndMatch(ngo.token, 'بانادول اكسترا', 8);
    // The digest goes in the language the read model knows by then.
    await expect
      .poll(async () => {
        const { rows } = await platform.services.requests.service.ctx.pool.query(
          'SELECT language FROM requests.users WHERE id = $1',
          [ngo.id],
        );
        return rows[0]?.language;
      })
      .toBe('ar');
    await sendMatchDigests(platform.services.requests.service.ctx);
    const [mail] = await waitForMails(ngo.email);
    expect(mail!.subject).toContain('حاجة جديدة مناسبة لاحتياجاتك');
    const link = /https?:\/\/\S+\/ngo\/browse\?\S+/.exec(mail!.text)![0];
    expect(link).toContain(`medicine=${medicineId}&request=1&quantity=3`);

    const page = await platform.newPage({ viewport: phone });
    await platform.signIn(page, ngo.email);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('اطلب استلام: بانادول اكسترا').waitFor();
    await expect.poll(() => dialog.getByLabel('الكمية', { exact: false }).inputValue()).toBe('3');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await dialog.getByRole('button', { name: 'ابعت الطلب' }).click();
    await expectToast(page, 'الطلب اتبعت بنجاح');
    expect(await requestsFor(ngo.token, medicineId)).toEqual([
      expect.objectContaining({ quantity: 3, status: 'pending' }),
    ]);
  });
});
