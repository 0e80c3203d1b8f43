import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { NeedMatch } from '@medrelay/contracts';
import { sendMatchDigests } from '@medrelay/svc-requests/testing';
import { waitForMails } from '@medrelay/testing';
import { documentDirection, egp, expectToast } from './support/pages';
import { usePlatform } from './support/platform';

/**
 * Wanted lists end to end: an NGO declares a need; a pharmacy lists a matching medicine; the NGO sees
 * the match, the digest e-mail arrives in the SMTP sink in the NGO's language, and one tap files
 * the request. Desktop in English (the match card), a 390 px phone in Arabic (the e-mail's link).
 * the match then says "Requested" with the request's status and follows it
 * without a reload, and the need is marked met once its quantity is requested (and reopens).
 */
const platform = usePlatform();
const phone = { width: 390, height: 844 };

/** A listing by a fresh pharmacy, through the gateway; waits until the NGO's need has matched it. */
async function listAndMatch(ngoToken: string, name: string, quantity: number) {
  const pharmacy = await platform.approvedUser('pharmacy');
  owners.set(name, pharmacy.token);
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
/** The token of each listing's owner, by the listing's name. */
const owners = new Map<string, string>();

/** The NGO's requests for this listing, through the API. */
async function requestsFor(ngoToken: string, medicineId: number) {
  const mine = await platform.gateway.api.get('/api/requests/my?pageSize=100', { token: ngoToken });
  return (mine.body as Array<{ id: number; medicineId: number; quantity: number; status: string }>).filter(
    (r) => r.medicineId === medicineId,
  );
}

/** A request moved through the API, as the other party's screen would. */
async function move(token: string, id: number, status: 'approved' | 'completed') {
  const res = await platform.gateway.api.put(`/api/requests/${id}/status`, { status }, { token });
  expect(res.status).toBe(200);
}

/**
 * What is cut off or overlaps inside the needs screen's cards: each control and line against its
 * nearest clipping ancestor (a card clips what overflows it, which a page-wide scrollWidth check
 * misses), and a match card's text beside its request button or status.
 */
function defectsInCards(page: Page) {
  return page.evaluate(() => {
    const defects: string[] = [];
    const named = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 40)}"`;
    const cards = document.querySelectorAll('[data-testid="need-row"], [data-testid="match-card"]');
    for (const card of cards) {
      for (const el of card.querySelectorAll('button, span, bdi, h2, h3, li')) {
        const box = el.getBoundingClientRect();
        if (!box.width || !box.height) continue;
        let clip = el.parentElement;
        while (clip && clip !== document.body) {
          const style = getComputedStyle(clip);
          if (style.overflowX !== 'visible' || style.overflowY !== 'visible') break;
          clip = clip.parentElement;
        }
        const style = clip ? getComputedStyle(clip) : null;
        const frame = (clip ?? document.documentElement).getBoundingClientRect();
        if (box.left < frame.left - 1 || box.right > frame.right + 1)
          defects.push(`${named(el)} cut sideways`);
        // A scrolling list may hold a card below the fold; only a clipping box cuts it off.
        const cutsVertically = style && ['hidden', 'clip'].includes(style.overflowY);
        if (cutsVertically && (box.top < frame.top - 1 || box.bottom > frame.bottom + 1))
          defects.push(`${named(el)} cut off`);
      }
      if (card.getBoundingClientRect().right > window.innerWidth + 1)
        defects.push('a card wider than the screen');
    }
    for (const card of document.querySelectorAll('[data-testid="match-card"]')) {
      const [text, action] = [...card.children].map((c) => c.getBoundingClientRect());
      if (text && action) {
        const apart =
          text.right <= action.left + 1 ||
          action.right <= text.left + 1 ||
          text.bottom <= action.top + 1 ||
          action.bottom <= text.top + 1;
        if (!apart) defects.push(`${named(card)}: its text and its action overlap`);
      }
    }
    return defects;
  });
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
    const [filed] = await requestsFor(ngo.token, medicineId);
    expect(filed).toEqual(expect.objectContaining({ quantity: 4, status: 'pending' }));

    // The match says Requested with the request's status instead of offering it again; its price
    // and the owner's area are on it. 4 requested of at least 2: the need is met.
    await card.getByText('Requested · Pending').waitFor();
    expect(await card.getByRole('button', { name: /Request Pickup/ }).count()).toBe(0);
    expect(await card.getByTestId('price').textContent()).toBe(egp(20));
    await card.getByText('Area not given', { exact: false }).waitFor();
    const needRow = remote.getByTestId('need-row').filter({ hasText: 'Ventolin' });
    await needRow.getByText('Met', { exact: true }).waitFor();
    await needRow.getByText('Units requested: 4 (at least 2 needed)').waitFor();
    // The pharmacy approves, the NGO collects: the card follows without a reload.
    await move(owners.get('Ventolin Inhaler')!, filed!.id, 'approved');
    await card.getByText('Requested · Approved').waitFor();
    await move(ngo.token, filed!.id, 'completed');
    await card.getByText('Requested · Collected').waitFor();
    expect(await defectsInCards(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 780 });
    // The phone's layout is drawn (the sidebar gives way to the tab bar) before the cards are read.
    await page.getByTestId('tab-bar').waitFor();
    await card.getByText('Requested · Collected').waitFor();
    expect(await defectsInCards(page)).toEqual([]);
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
    const [filed] = await requestsFor(ngo.token, medicineId);
    expect(filed).toEqual(expect.objectContaining({ quantity: 3, status: 'pending' }));

    // The wanted list: the need is met by that request, whose status its match follows.
    await page.goto('/ngo/needs');
    const needRow = page.getByTestId('remote-ngo').getByTestId('need-row').filter({ hasText: 'بانادول' });
    await needRow.getByText('اتوفّر', { exact: true }).waitFor();
    const card = needRow.getByTestId('match-card').filter({ hasText: 'بانادول اكسترا' });
    await card.getByText('اتطلب · مستني الرد').waitFor();
    expect(await card.getByRole('button', { name: /اطلب استلام/ }).count()).toBe(0);
    expect(await defectsInCards(page)).toEqual([]);
    await move(owners.get('بانادول اكسترا')!, filed!.id, 'approved');
    await card.getByText('اتطلب · اتوافق عليه').waitFor();
    await page.setViewportSize({ width: 360, height: 780 });
    await card.getByText('اتطلب · اتوافق عليه').waitFor();
    expect(await defectsInCards(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Reopened: it looks for more; the listing, still offered, shows the approved request.
    await needRow.getByRole('button', { name: 'افتحه تاني: بانادول' }).click();
    await expectToast(page, 'الاحتياج اتفتح تاني');
    await needRow.getByText('أدوية مناسبة').waitFor();
    expect(await needRow.getByText('اتوفّر', { exact: true }).count()).toBe(0);
    await card.getByText('اتطلب · اتوافق عليه').waitFor();
  });
});
