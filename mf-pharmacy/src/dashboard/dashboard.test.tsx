// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { OwnMedicineSummary } from '@medrelay/contracts';
import { medicineFixture, renderInRemote, servePages } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import { Dashboard } from './dashboard';

const none = { pending: 0, approved: 0, rejected: 0, completed: 0, cancelled: 0 };
// What the server counts (GET /api/requests/my/summary); only the fields the dashboard reads matter.
const requestSummary = {
  incoming: { ...none, pending: 3, completed: 4 },
  outgoing: none,
  successfulTransfers: 4,
  revenueRecovered: 1250.5,
};
const summary = (overrides: Partial<OwnMedicineSummary> = {}): OwnMedicineSummary => ({
  listings: 340,
  units: 1200,
  available: 300,
  listedUnits: 1100,
  urgent: 0,
  livesImpacted: 1800,
  ...overrides,
});

/** The dashboard, its own summary from `ownSummary` and the request counts above. */
const renderDashboard = (ownSummary: () => OwnMedicineSummary, requests = requestSummary) =>
  renderInRemote(
    <MemoryRouter>
      <Dashboard />
    </MemoryRouter>,
    {
      texts,
      queryFn: async ({ queryKey }) => {
        if (queryKey[0] === '/api/medicines/my/summary') return ownSummary();
        if (queryKey[0] === '/api/requests/my/summary') return requests;
        return [];
      },
    },
  );

describe('pharmacy dashboard figures', () => {
  it('shows an error with a retry instead of "…" forever when a load fails, then the figures', async () => {
    servePages(() => ({ items: [], total: 0 }));
    let summaryUp = false;
    await renderDashboard(() => {
      if (!summaryUp) throw new Error('Network down');
      return summary({ listings: 1, units: 12, available: 1, listedUnits: 12 });
    });
    const alert = (await screen.findByText('The figures could not be loaded')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    const totalListed = screen.getByRole('group', { name: 'Total Listed' });
    within(totalListed).getByText('—');
    summaryUp = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => within(totalListed).getByText('12'));
    expect(screen.queryByText('The figures could not be loaded')).toBeNull();
    // The request figures come from the server's counts, not from a downloaded list.
    within(screen.getByRole('group', { name: 'Pending Requests' })).getByText('3');
    within(screen.getByRole('group', { name: 'Successful Transfers' })).getByText('4');
    within(screen.getByRole('group', { name: 'Revenue Recovered' })).getByText(/1,250\.50/);
  });

  it('reads figures from the summary and the 3 newest listings from page 1, never the whole list', async () => {
    const asked = servePages(() => ({
      items: [1, 2, 3].map((id) => medicineFixture({ id, name: `Listing ${id}` })),
      total: 340,
    }));
    await renderDashboard(() => summary({ urgent: 4 }));
    const totalListed = screen.getByRole('group', { name: 'Total Listed' });
    // Units on offer now, in the listings offered now (not every unit ever listed).
    await waitFor(() => within(totalListed).getByText('1,100'));
    within(totalListed).getByText(/300 listings/);
    within(await screen.findByTestId('urgent-banner')).getByText(/4/);
    expect(await screen.findAllByTestId('medicine-row')).toHaveLength(3);
    expect(asked.map((u) => `${u.pathname}${u.search}`)).toEqual(['/api/medicines/my?page=1&pageSize=3']);
  });
});

describe('pharmacy dashboard: the next action first', () => {
  const actionOf = async () => {
    const card = await screen.findByTestId('next-action');
    const link = within(card).getByRole('link');
    return {
      title: card.getAttribute('aria-label'),
      label: link.textContent,
      href: link.getAttribute('href'),
    };
  };

  it('sends the pharmacy to the requests waiting for its answer before anything else', async () => {
    servePages(() => ({ items: [], total: 0 }));
    await renderDashboard(() => summary({ urgent: 2 }));
    expect(await actionOf()).toEqual({
      title: 'Requests waiting for your answer: 3',
      label: 'Review requests',
      href: '/requests',
    });
  });

  it('asks a new pharmacy with nothing listed to add its first medicine, in Arabic too', async () => {
    servePages(() => ({ items: [], total: 0 }));
    const quiet = { ...requestSummary, incoming: none };
    await renderInRemote(
      <MemoryRouter>
        <Dashboard />
      </MemoryRouter>,
      {
        texts,
        language: 'ar',
        queryFn: async ({ queryKey }) => {
          if (queryKey[0] === '/api/medicines/my/summary')
            return summary({ listings: 0, units: 0, available: 0, listedUnits: 0 });
          if (queryKey[0] === '/api/requests/my/summary') return quiet;
          return [];
        },
      },
    );
    expect(await actionOf()).toEqual({
      title: 'اعرض أول دوا ليك',
      label: 'إضافة دواء',
      href: '/add-medicine',
    });
    // Greeted once: the title says «أهلاً يا …», the administrator's default message goes on from it.
    const welcome = screen.getByTestId('welcome-message');
    within(welcome).getByText('أهلاً يا Test user');
    expect(welcome.textContent!.match(/أهلا/g)).toHaveLength(1);
  });
});
