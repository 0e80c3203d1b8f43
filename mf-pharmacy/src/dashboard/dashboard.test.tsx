// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { OwnMedicineSummary } from '@medrelay/contracts';
import { medicineFixture, renderInRemote, servePages } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import { Dashboard } from './dashboard';

const summary = (overrides: Partial<OwnMedicineSummary> = {}): OwnMedicineSummary => ({
  listings: 340,
  units: 1200,
  available: 300,
  urgent: 0,
  livesImpacted: 1800,
  ...overrides,
});

describe('pharmacy dashboard figures', () => {
  it('shows an error with a retry instead of "…" forever when a load fails, then the figures', async () => {
    servePages(() => ({ items: [], total: 0 }));
    let summaryUp = false;
    await renderInRemote(
      <MemoryRouter>
        <Dashboard />
      </MemoryRouter>,
      {
        texts,
        queryFn: async ({ queryKey }) => {
          if (queryKey[0] === '/api/medicines/my/summary') {
            if (!summaryUp) throw new Error('Network down');
            return summary({ listings: 1, units: 12 });
          }
          return [];
        },
      },
    );
    const alert = (await screen.findByText('The figures could not be loaded')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    const totalListed = screen.getByRole('group', { name: 'Total Listed' });
    within(totalListed).getByText('—');
    summaryUp = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => within(totalListed).getByText('12'));
    expect(screen.queryByText('The figures could not be loaded')).toBeNull();
  });

  it('reads figures from the summary and the 3 newest listings from page 1, never the whole list', async () => {
    const asked = servePages(() => ({
      items: [1, 2, 3].map((id) => medicineFixture({ id, name: `Listing ${id}` })),
      total: 340,
    }));
    await renderInRemote(
      <MemoryRouter>
        <Dashboard />
      </MemoryRouter>,
      {
        texts,
        queryFn: async ({ queryKey }) =>
          queryKey[0] === '/api/medicines/my/summary' ? summary({ urgent: 4 }) : [],
      },
    );
    const totalListed = screen.getByRole('group', { name: 'Total Listed' });
    await waitFor(() => within(totalListed).getByText('1,200'));
    within(totalListed).getByText(/340/);
    within(await screen.findByTestId('urgent-banner')).getByText(/4/);
    expect(await screen.findAllByTestId('medicine-row')).toHaveLength(3);
    expect(asked.map((u) => `${u.pathname}${u.search}`)).toEqual(['/api/medicines/my?page=1&pageSize=3']);
  });
});
