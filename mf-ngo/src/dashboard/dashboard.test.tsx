// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderInRemote, servePages } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import { Dashboard } from './dashboard';

const none = { pending: 0, approved: 0, rejected: 0, completed: 0, cancelled: 0, disputed: 0, calledOff: 0 };
const received = { units: 0, patientsServed: 0, estimatedValue: 0, unpricedUnits: 0, medicines: 0 };

/** The dashboard with the request counts the server would give (approved: ready to collect). */
const renderDashboard = (approved: number, language: 'en' | 'ar' = 'en', held = 0) => {
  servePages(() => ({ items: [], total: 0 }));
  return renderInRemote(
    <MemoryRouter>
      <Dashboard />
    </MemoryRouter>,
    {
      texts,
      role: 'ngo',
      language,
      queryFn: async ({ queryKey }) => {
        if (queryKey[0] === '/api/requests/my/summary')
          return {
            incoming: none,
            outgoing: { ...none, approved },
            successfulTransfers: 0,
            revenueRecovered: 0,
            received: { ...received, bySource: { pharmacy: 0, donor: 0 } },
            receivedByMonth: [],
            held: { incoming: 0, outgoing: held },
          };
        return [];
      },
    },
  );
};

const nextAction = async () => {
  const card = await screen.findByTestId('next-action');
  const link = within(card).getByRole('link');
  return [card.getAttribute('aria-label'), link.textContent, link.getAttribute('href')];
};

describe('NGO dashboard: the next action first', () => {
  it('sends the NGO to the pickups approved for it', async () => {
    await renderDashboard(2);
    expect(await nextAction()).toEqual([
      'Approved pickups waiting for you: 2',
      'See my requests',
      '/requests',
    ]);
  });

  it('counts only the pickups a recall does not hold', async () => {
    await renderDashboard(3, 'en', 1);
    expect((await nextAction())[0]).toBe('Approved pickups waiting for you: 2');
  });

  it('with every approved pickup held by a recall, says not to go, in Arabic too', async () => {
    await renderDashboard(1, 'ar', 1);
    expect(await nextAction()).toEqual(['استلامات متوقفة: 1', 'شوف طلباتي', '/requests']);
  });

  it('with nothing to collect, to medicines near it, in Arabic too', async () => {
    await renderDashboard(0, 'ar');
    expect(await nextAction()).toEqual(['دوّر على أدوية قريبة منك', 'تصفح الأدوية', '/browse']);
  });
});
