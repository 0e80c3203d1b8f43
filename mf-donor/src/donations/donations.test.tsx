// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { OwnMedicineSummary } from '@medrelay/contracts';
import { medicineFixture, renderInRemote, servePages } from '@medrelay/ui/test-support';
import { Dashboard } from '../dashboard/dashboard';
import History from '../history/history';
import { texts } from '../texts';
import MyDonations from './my-donations';

const donations = Array.from({ length: 30 }, (_, i) =>
  medicineFixture({
    id: 30 - i,
    name: `Donation ${30 - i}`,
    source: 'donor',
    pharmacyId: null,
    donorId: 1,
    pharmacy: null,
    createdAt: new Date(Date.UTC(2026, 10, 30 - i)).toISOString(),
  }),
);
const answerPages = (url: URL) => {
  const page = Number(url.searchParams.get('page'));
  const size = Number(url.searchParams.get('pageSize'));
  return { items: donations.slice((page - 1) * size, page * size), total: donations.length };
};
/** The catalog's figures over all 30 donations (the screens never add them up themselves). */
const summary: OwnMedicineSummary = {
  listings: 30,
  units: 400,
  available: 25,
  urgent: 1,
  livesImpacted: 600,
};
const loader = async ({ queryKey }: { queryKey: readonly unknown[] }) =>
  queryKey[0] === '/api/medicines/my/summary' ? summary : [];

const show = (ui: React.ReactElement, language: 'en' | 'ar' = 'en') =>
  renderInRemote(<MemoryRouter>{ui}</MemoryRouter>, { texts, role: 'donor', queryFn: loader, language });

describe('donor screens over many donations', () => {
  it('My Donations: figures from the summary, one page of 20, the pager asks for page 2', async () => {
    const asked = servePages(answerPages);
    await show(<MyDonations />);
    await screen.findByText('Donation 30');
    within(screen.getByRole('group', { name: 'Total Donations' })).getByText('30');
    within(screen.getByRole('group', { name: 'Total Medicines' })).getByText('400');
    within(screen.getByRole('group', { name: 'Available for Pickup' })).getByText('30');
    expect(screen.getAllByTestId('medicine-row')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Donation 10');
    expect(screen.getAllByTestId('medicine-row')).toHaveLength(10);
    expect(asked.map((u) => u.search)).toEqual(['?page=1&pageSize=20', '?page=2&pageSize=20']);
  });

  it('dashboard: the 5 newest from page 1 and View all, counted by the summary', async () => {
    const asked = servePages(answerPages);
    await show(<Dashboard />);
    await screen.findByText('Donation 30');
    expect(screen.getAllByTestId('medicine-row')).toHaveLength(5);
    screen.getByRole('link', { name: 'View all donations' });
    within(screen.getByRole('group', { name: 'Total Donations' })).getByText('30');
    expect(asked.map((u) => u.search)).toEqual(['?page=1&pageSize=5']);
  });

  it('history: lives impacted from the summary, the newest 20 donations, and where the older ones are (Arabic)', async () => {
    servePages(answerPages);
    await show(<History />, 'ar');
    await screen.findByText(texts.ar.history.olderOnDonations);
    within(screen.getByRole('group', { name: texts.ar.stats.livesImpacted })).getByText('600');
    expect(screen.getAllByTestId('timeline-event')).toHaveLength(20);
  });
});
