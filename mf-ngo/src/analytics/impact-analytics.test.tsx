// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestSummary } from '@medrelay/contracts';
import { renderInRemote } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import ImpactAnalytics from './impact-analytics';

const none = { pending: 0, approved: 0, rejected: 0, completed: 0, cancelled: 0, disputed: 0, calledOff: 0 };
const month = (key: string, pharmacy: number, donor: number, value: number) => ({
  month: key,
  units: { pharmacy, donor },
  value,
});
/** What the server counted (GET /api/requests/my/summary). */
const summary = (units: number): RequestSummary => ({
  incoming: none,
  outgoing: { ...none, completed: 3 },
  successfulTransfers: 0,
  revenueRecovered: 0,
  received: {
    units,
    patientsServed: Math.floor(1.5 * units),
    estimatedValue: 300,
    unpricedUnits: 4,
    medicines: 2,
    bySource: { pharmacy: units - 4, donor: 4 },
  },
  receivedByMonth: [
    month('2026-06', 0, 0, 0),
    month('2026-07', 0, 0, 0),
    month('2026-08', 0, 4, 0),
    month('2026-09', 0, 0, 0),
    month('2026-10', 0, 0, 0),
    month('2026-11', 6, 0, 300),
  ],
  medicines: { completed: 0, pickupScheduled: 0, available: 0 },
  collected: 0,
  held: { incoming: 0, outgoing: 0 },
});

const render = (units: number, language: 'en' | 'ar' = 'en') =>
  renderInRemote(<ImpactAnalytics />, {
    role: 'ngo',
    texts,
    language,
    queryFn: async ({ queryKey }) => {
      if (queryKey[0] !== '/api/requests/my/summary') throw new Error(`unexpected ${String(queryKey[0])}`);
      return summary(units);
    },
  });

describe('NGO impact analytics from the server counts', () => {
  it('shows the received figures and the months the server counted, oldest first', async () => {
    await render(10);
    within(await screen.findByRole('group', { name: 'Medicines Received' })).getByText('10');
    within(screen.getByRole('group', { name: 'Patients Served' })).getByText('15');
    screen.getByText('4 units have no price and are not in the estimated value');
    const rows = within(screen.getByRole('table', { name: 'Units received per month' })).getAllByRole('row');
    expect(rows.map((r) => r.querySelector('th')!.textContent)).toEqual([
      'Month',
      'June 2026',
      'July 2026',
      'August 2026',
      'September 2026',
      'October 2026',
      'November 2026',
    ]);
    expect(
      within(rows[3]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '4', expect.any(String)]);
  });

  it('names the months in Arabic with Latin digits', async () => {
    await render(10, 'ar');
    const table = await screen.findByRole('table');
    expect(table.textContent).toContain('نوفمبر 2026');
  });

  it('shows the empty state when nothing was received', async () => {
    await render(0);
    await screen.findByText('No medicines received yet');
  });
});
