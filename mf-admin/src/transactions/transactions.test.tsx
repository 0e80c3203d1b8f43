// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestStats } from '@medrelay/contracts';
import { renderInRemote, requestFixture } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import Transactions from './transactions';

afterEach(() => vi.restoreAllMocks());

// Every part different and not zero, so each card shows its own and the parts add up to the total.
const stats: RequestStats = {
  totalRequests: 28,
  requestStatus: {
    pending: 1,
    approved: 2,
    rejected: 3,
    completed: 4,
    cancelled: 5,
    disputed: 6,
    calledOff: 7,
  },
  needsOpen: 0,
  needsMet: 0,
  medianHoursToFirstRequest: null,
};
const agreed = { startsAt: '2026-12-02T14:00:00.000Z', endsAt: '2026-12-02T16:00:00.000Z' };
const pickupOf = (window: typeof agreed | null) => ({
  pharmacyName: 'Dokki Pharmacy',
  address: null,
  contactEmail: null,
  location: 'Gate 2',
  date: window?.startsAt ?? null,
  window,
});
const rows = [
  // Collected in the window agreed; approved with windows still to pick from (pickupDate is the
  // earliest one offered, which nobody agreed).
  { ...requestFixture({ id: 1, status: 'completed', handover: 'disputed' }), pickup: pickupOf(agreed) },
  {
    ...requestFixture({ id: 5, status: 'approved', pickupLocation: 'Gate 2', pickupDate: agreed.startsAt }),
    pickup: pickupOf(null),
  },
  requestFixture({ id: 2, status: 'completed', handover: 'confirmed' }),
  requestFixture({ id: 3, status: 'rejected', calledOff: true }),
  requestFixture({ id: 4, status: 'rejected', calledOff: false }),
];

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const body = url.includes('/stats') ? stats : rows;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(rows.length) },
    });
  });
});

/** The figure cards, label → value, in the order shown. */
const cards = async () => {
  const section = await screen.findByRole('region', { name: /^(Transactions|المعاملات)$/ });
  await waitFor(() => expect(within(section).queryAllByText('…')).toEqual([]));
  return within(section)
    .getAllByRole('group')
    .map((card) => [card.getAttribute('aria-label'), within(card).getByTestId('stat-value').textContent]);
};

describe('/admin/transactions', () => {
  it.each([
    [
      'en',
      [
        ['Total', '28'],
        ['Pending', '1'],
        ['Approved', '2'],
        ['Completed', '4'],
        ['Collection disputed', '6'],
        ['Rejected', '3'],
        ['Pickup called off', '7'],
        ['Cancelled', '5'],
      ],
      'Every request: the figures beside it add up to it',
    ],
    [
      'ar',
      [
        ['الإجمالي', '28'],
        ['مستني الرد', '1'],
        ['مقبول', '2'],
        ['اتسلّم', '4'],
        ['تسليم عليه اعتراض', '6'],
        ['مرفوض', '3'],
        ['استلام اتلغى', '7'],
        ['ملغي', '5'],
      ],
      'كل الطلبات: مجموع الأرقام اللي جنبه',
    ],
  ] as const)(
    'shows every part the total is made of, so the cards add up to it (%s)',
    async (language, shown, hint) => {
      await renderInRemote(
        <MemoryRouter>
          <Transactions />
        </MemoryRouter>,
        // The statistics (the one query on the default loader).
        { role: 'admin', texts, language, queryFn: async () => stats },
      );
      const figures = await cards();
      expect(figures).toEqual(shown);
      const [[, total], ...parts] = figures;
      expect(parts.reduce((sum, [, value]) => sum + Number(value), 0)).toBe(Number(total));
      screen.getByText(hint);
    },
  );

  it('marks a disputed collection on its row (the Completed figure leaves it out)', async () => {
    await renderInRemote(
      <MemoryRouter>
        <Transactions />
      </MemoryRouter>,
      { role: 'admin', texts },
    );
    const [disputed, waiting, confirmed] = await screen.findAllByTestId('transaction-row');
    // The time agreed, as the pickup panel and the e-mails say it; none while still to choose.
    expect(within(disputed!).getByText(/^Pickup: Gate 2, /).textContent).toBe(
      'Pickup: Gate 2, Wednesday, December 2, 2026 · \u206616:00–18:00\u2069',
    );
    expect(within(waiting!).queryByText(/^Pickup:/)).toBeNull();
    // The medicine's way: from the one who gave it to the one who asked.
    within(disputed!).getByText(/^From \u2068Dokki Pharmacy\u2069 to \u2068Mona Adel\u2069 · /);
    expect(within(disputed!).getByTestId('handover-state').textContent).toBe('Disputed');
    expect(within(confirmed!).queryByTestId('handover-state')).toBeNull();
  });

  it('badges a pickup called off after its approval Called off, and filters it apart from the rejected', async () => {
    await renderInRemote(
      <MemoryRouter>
        <Transactions />
      </MemoryRouter>,
      { role: 'admin', texts },
    );
    const shown = await screen.findAllByTestId('transaction-row');
    expect(shown.map((row) => within(row).getByTestId('request-status').textContent)).toEqual([
      'Completed',
      'Approved',
      'Completed',
      'Called off',
      'Rejected',
    ]);
    const filter = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Called off');
    fireEvent.change(filter, { target: { value: 'calledOff' } });
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([input]) => String(input).includes('status=calledOff'))).toBe(
        true,
      ),
    );
  });
});
