// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestStats } from '@medrelay/contracts';
import { renderInRemote, requestFixture } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import Transactions from './transactions';

afterEach(() => vi.restoreAllMocks());

const stats: RequestStats = {
  totalRequests: 3,
  requestStatus: {
    pending: 0,
    approved: 1,
    rejected: 0,
    completed: 1,
    cancelled: 0,
    disputed: 1,
    calledOff: 0,
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

describe('/admin/transactions', () => {
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
