// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Recall, RecallParty, RecallReach } from '@medrelay/contracts';
import { tokenStore } from '@medrelay/api-client';
import { deletedAccountName } from '@medrelay/domain/user-status';
import { renderInRemote } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import Recalls from './recalls';

// the recall screen shows who was reached and who has acknowledged, and resends.
afterEach(() => {
  vi.restoreAllMocks();
  tokenStore.clear();
});

const recall: Recall = {
  id: 5,
  gtin: '06221234567891',
  batch: 'C1',
  reason: 'Dissolution failure',
  hiddenListings: 1,
  // Just issued: its reach may still be on its way.
  createdAt: new Date().toISOString(),
  createdBy: 1,
  liftedAt: null,
};

const reach = (round = 1): RecallReach => ({
  recallId: 5,
  gtin: recall.gtin,
  batch: 'C1',
  reason: 'Dissolution failure',
  liftedAt: null,
  round,
  reached: 3,
  acknowledged: 1,
  parties: [
    {
      userId: 11,
      name: 'Hope NGO',
      userType: 'ngo',
      holdings: [
        { holding: 'collected', medicineId: 7, medicineName: 'Collectol 10mg', requestId: 40, quantity: 10 },
      ],
      notifiedAt: '2026-11-20T10:01:00.000Z',
      lastSentAt: '2026-11-20T10:01:00.000Z',
      acknowledgedAt: null,
    },
    {
      userId: 12,
      name: 'Dokki Pharmacy',
      userType: 'pharmacy',
      holdings: [
        { holding: 'listed', medicineId: 8, medicineName: 'Collectol 10mg', requestId: null, quantity: 3 },
      ],
      notifiedAt: '2026-11-20T10:01:00.000Z',
      lastSentAt: '2026-11-20T10:01:00.000Z',
      acknowledgedAt: null,
    },
    {
      userId: 13,
      name: 'Care NGO',
      userType: 'ngo',
      holdings: [
        { holding: 'approved', medicineId: 8, medicineName: 'Collectol 10mg', requestId: 41, quantity: 2 },
      ],
      notifiedAt: '2026-11-20T10:01:00.000Z',
      lastSentAt: '2026-11-20T10:01:00.000Z',
      acknowledgedAt: '2026-11-20T11:00:00.000Z',
    },
  ],
});

/** The API as the admin's recall screen reads it; `reached` false answers null (the event is on its way). */
function api(options: { reached?: boolean; issuedAt?: string; firstParty?: Partial<RecallParty> } = {}) {
  tokenStore.set('component-test-token');
  const sent: Array<{ url: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ...headers },
      });
    if (url.pathname === '/api/admin/recalls')
      return json(200, [{ ...recall, createdAt: options.issuedAt ?? recall.createdAt }], {
        'X-Total-Count': '1',
      });
    if (url.pathname === '/api/admin/recall-reach/5/resend') {
      const body = JSON.parse(String(init?.body)) as { round: number };
      sent.push({ url: url.pathname, body });
      return json(200, { ...reach(body.round), resent: 2 });
    }
    if (url.pathname === '/api/admin/recall-reach/5') {
      if (options.reached === false) return json(200, null);
      const [first, ...others] = reach().parties;
      return json(200, { ...reach(), parties: [{ ...first!, ...options.firstParty }, ...others] });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
  return sent;
}

describe('who a recall reached (admin Recalls)', () => {
  it('counts acknowledgements, lists each party with what it holds, and resends to those who have not acknowledged', async () => {
    const sent = api();
    const { toasts } = await renderInRemote(<Recalls />, { role: 'admin', texts });
    const row = await screen.findByTestId('recall-row');
    await within(row).findByText('1 of 3 acknowledged');
    fireEvent.click(within(row).getByRole('button', { name: 'Who was reached' }));
    const parties = within(row).getAllByTestId('reach-party');
    expect(parties).toHaveLength(3);
    const hope = parties[0]!;
    within(hope).getByText('Hope NGO');
    within(hope).getByText('NGO');
    within(hope).getByText('Collected Collectol 10mg: quantity 10');
    within(hope).getByText('Not acknowledged');
    within(parties[1]!).getByText('Listed Collectol 10mg: quantity 3');
    within(parties[1]!).getByText('Pharmacy');
    within(parties[2]!).getByText('Approved to collect Collectol 10mg: quantity 2');
    within(parties[2]!).getByTestId('reach-acknowledged');
    expect(within(row).getAllByTestId('reach-not-acknowledged')).toHaveLength(2);

    fireEvent.click(within(row).getByRole('button', { name: 'Resend to those who have not acknowledged' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(
      'Those who have not acknowledged (2) get the notice again, in the app and by e-mail, in their language.',
    );
    // happy-dom keeps the opening dialog aria-hidden (its animation never ends): found by its text.
    fireEvent.click(within(dialog).getByText('Resend to those who have not acknowledged'));
    await waitFor(() =>
      expect(toasts.map((t) => t.title)).toContain(
        'Notice sent again to those who have not acknowledged (2)',
      ),
    );
    // The round after the one shown: a repeated click names the same round, which the server sends once.
    expect(sent).toEqual([{ url: '/api/admin/recall-reach/5/resend', body: { round: 2 } }]);
  });

  it('reads in Arabic, and says when nobody is reached yet', async () => {
    api({ reached: false });
    await renderInRemote(<Recalls />, { role: 'admin', texts, language: 'ar' });
    const row = await screen.findByTestId('recall-row');
    await within(row).findByText('بنبلّغ اللي عندهم التشغيلة دي…');
    expect(within(row).queryByRole('button', { name: 'مين وصله الإشعار' })).toBeNull();
  });

  it('says when a recall predates the record of who it reached, without asking again', async () => {
    api({ reached: false, issuedAt: '2026-01-10T10:00:00.000Z' });
    await renderInRemote(<Recalls />, { role: 'admin', texts });
    const row = await screen.findByTestId('recall-row');
    await within(row).findByText('Issued before MedRelay recorded who a recall reaches');
  });

  it('in Arabic: the count and the holdings in words, never their raw names', async () => {
    api();
    await renderInRemote(<Recalls />, { role: 'admin', texts, language: 'ar' });
    const row = await screen.findByTestId('recall-row');
    await within(row).findByText('1 من 3 أكّدوا');
    fireEvent.click(within(row).getByRole('button', { name: 'مين وصله الإشعار' }));
    within(row).getByText('استلم Collectol 10mg: الكمية 10');
    within(row).getByText('متوافق له يستلم Collectol 10mg: الكمية 2');
    const text = within(row).getByRole('list', { name: 'مين وصله الإشعار' }).textContent ?? '';
    expect(text).not.toMatch(/collected|approved|listed|requested|ngo|pharmacy/);
  });

  it('in Arabic: a donor who deleted her account reads as a deleted user, not by the English placeholder', async () => {
    api({ firstParty: { name: deletedAccountName, userType: 'donor' } });
    await renderInRemote(<Recalls />, { role: 'admin', texts, language: 'ar' });
    const row = await screen.findByTestId('recall-row');
    await within(row).findByText('1 من 3 أكّدوا');
    fireEvent.click(within(row).getByRole('button', { name: 'مين وصله الإشعار' }));
    const deleted = within(row).getAllByTestId('reach-party')[0]!;
    within(deleted).getByText('مستخدم محذوف');
    expect(deleted.textContent).not.toContain(deletedAccountName);
  });
});
