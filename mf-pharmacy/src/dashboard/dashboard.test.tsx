// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { medicineFixture, renderInRemote } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import { Dashboard } from './dashboard';

const none = { pending: 0, approved: 0, rejected: 0, completed: 0, cancelled: 0 };
// What the server counts (GET /api/requests/my/summary); only the fields the dashboard reads matter.
const summary = {
  incoming: { ...none, pending: 3, completed: 4 },
  outgoing: none,
  successfulTransfers: 4,
  revenueRecovered: 1250.5,
};

describe('pharmacy dashboard figures', () => {
  it('shows an error with a retry instead of "…" forever when a load fails, then the figures', async () => {
    let medicinesUp = false;
    await renderInRemote(
      <MemoryRouter>
        <Dashboard />
      </MemoryRouter>,
      {
        texts,
        queryFn: async ({ queryKey }) => {
          if (queryKey[0] === '/api/medicines/my') {
            if (!medicinesUp) throw new Error('Network down');
            return [medicineFixture({ quantity: 8, reservedQuantity: 4 })];
          }
          if (queryKey[0] === '/api/requests/my/summary') return summary;
          return [];
        },
      },
    );
    const alert = (await screen.findByText('The figures could not be loaded')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    const totalListed = screen.getByRole('group', { name: 'Total Listed' });
    within(totalListed).getByText('—');
    medicinesUp = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => within(totalListed).getByText('12'));
    expect(screen.queryByText('The figures could not be loaded')).toBeNull();
    // The request figures come from the server's counts, not from a downloaded list.
    within(screen.getByRole('group', { name: 'Pending Requests' })).getByText('3');
    within(screen.getByRole('group', { name: 'Successful Transfers' })).getByText('4');
    within(screen.getByRole('group', { name: 'Revenue Recovered' })).getByText(/1,250\.50/);
  });
});
