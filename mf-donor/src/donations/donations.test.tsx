// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { MedicineRequest, OwnMedicineSummary, RequestSummary } from '@medrelay/contracts';
import { medicineFixture, renderInRemote, servePages } from '@medrelay/ui/test-support';
import { focusTitleOnArrival } from '@medrelay/ui';
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
    // Donation 28 was withdrawn by its donor, no request made.
    isAvailable: 30 - i !== 28,
  }),
);
/** One collected request on the newest donation (the timeline shows its two steps). */
const collected = {
  id: 1,
  medicineId: 30,
  status: 'completed',
  quantity: 2,
  createdAt: '2026-11-30T12:00:00.000Z',
  updatedAt: '2026-11-30T14:00:00.000Z',
  direction: 'incoming',
  medicine: { name: 'Donation 30' },
  requester: { name: 'Resala' },
} as unknown as MedicineRequest;
/** The paged GETs as the servers answer them: own donations, requests on them, their badges. */
const answerPages = (url: URL) => {
  if (url.pathname === '/api/requests/my/donation-status') {
    const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
    const statuses = [
      { medicineId: 30, status: 'completed' },
      { medicineId: 29, status: 'pickupScheduled' },
    ].filter((s) => ids.includes(s.medicineId));
    return { items: statuses, total: statuses.length };
  }
  if (url.pathname === '/api/requests/my') return { items: [collected], total: 1 };
  const page = Number(url.searchParams.get('page'));
  const size = Number(url.searchParams.get('pageSize'));
  return { items: donations.slice((page - 1) * size, page * size), total: donations.length };
};
/** The catalog's figures over all 30 donations (the screens never add them up themselves). */
const summary: OwnMedicineSummary = {
  listings: 30,
  units: 400,
  available: 25,
  listedUnits: 300,
  urgent: 1,
  livesImpacted: 600,
};
const none = { pending: 0, approved: 0, rejected: 0, completed: 0, cancelled: 0, disputed: 0, calledOff: 0 };
/** The requests service's counts (GET /api/requests/my/summary): 2 donations collected, 3 scheduled. */
const requestSummary = {
  incoming: { ...none, pending: 2, approved: 1, completed: 2 },
  outgoing: none,
  medicines: { completed: 2, pickupScheduled: 3, available: 21 },
  collected: 2,
} as unknown as RequestSummary;
const loader = async ({ queryKey }: { queryKey: readonly unknown[] }) => {
  if (queryKey[0] === '/api/medicines/my/summary') return summary;
  if (queryKey[0] === '/api/requests/my/summary') return requestSummary;
  return [];
};

const show = (ui: React.ReactElement, language: 'en' | 'ar' = 'en') =>
  renderInRemote(<MemoryRouter>{ui}</MemoryRouter>, { texts, role: 'donor', queryFn: loader, language });

describe('donor screens over many donations', () => {
  it('My Donations: figures from the summary, one page of 20, the pager asks for page 2', async () => {
    const asked = servePages(answerPages);
    await show(<MyDonations />);
    await screen.findByText('Donation 30');
    within(screen.getByRole('group', { name: 'Total Donations' })).getByText('30');
    within(screen.getByRole('group', { name: 'Total Medicines' })).getByText('400');
    // On offer with no request, as the requests service counts them (30 less 2 collected, 3
    // scheduled and 4 withdrawn or expired).
    within(screen.getByRole('group', { name: 'Available for Pickup' })).getByText('21');
    expect(screen.getAllByTestId('medicine-row')).toHaveLength(20);
    // Badges for the page's ids from the server's donation status.
    const first = screen.getAllByTestId('medicine-row')[0]!;
    await within(first).findByText('Completed');
    // Withdrawn with no request: Unavailable, not "Available".
    const withdrawn = screen.getAllByTestId('medicine-row')[2]!;
    within(withdrawn).getByText('Unavailable');
    expect(within(withdrawn).queryByTestId('donation-status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Donation 10');
    expect(screen.getAllByTestId('medicine-row')).toHaveLength(10);
    const ownPages = asked.filter((u) => u.pathname === '/api/medicines/my');
    expect(ownPages.map((u) => u.search)).toEqual(['?page=1&pageSize=20', '?page=2&pageSize=20']);
  });

  it('My Donations takes focus on its title when Add Donation brings the donor here, in Arabic too', async () => {
    servePages(answerPages);
    await renderInRemote(
      <MemoryRouter initialEntries={[{ pathname: '/donations', state: focusTitleOnArrival }]}>
        <MyDonations />
      </MemoryRouter>,
      { texts, role: 'donor', queryFn: loader, language: 'ar' },
    );
    await screen.findByText('Donation 30');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'تبرعاتي' }));
  });

  it('My Donations: the donor edits a donation (no prices) or withdraws it after a confirmation', async () => {
    servePages(answerPages);
    await show(<MyDonations />);
    await screen.findByText('Donation 30');
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Donation 30' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Donation 30' });
    expect(within(edit).queryByLabelText(/Discount price/i)).toBeNull();
    fireEvent.click(within(edit).getByRole('button', { name: 'Cancel', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Unlist: Donation 30' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unlist Donation 30?' });
    within(confirm).getByText(/pending requests are declined/);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Unlist', hidden: true }));
    await waitFor(() =>
      expect(
        vi
          .mocked(fetch)
          .mock.calls.some(
            ([url, init]) => String(url).endsWith('/api/medicines/30') && init?.method === 'DELETE',
          ),
      ).toBe(true),
    );
  });

  it('dashboard: the 5 newest from page 1 and View all, counted by the summary', async () => {
    const asked = servePages(answerPages);
    await show(<Dashboard />);
    await screen.findByText('Donation 30');
    expect(screen.getAllByTestId('medicine-row')).toHaveLength(5);
    screen.getByRole('link', { name: 'View all donations' });
    within(screen.getByRole('group', { name: 'Total Donations' })).getByText('30');
    within(screen.getByRole('group', { name: 'Pending Pickups' })).getByText('3');
    const ownPages = asked.filter((u) => u.pathname === '/api/medicines/my');
    expect(ownPages.map((u) => u.search)).toEqual(['?page=1&pageSize=5']);
  });

  it('history: lives impacted from the summary, the newest 20 donations, and where the older ones are (Arabic)', async () => {
    servePages(answerPages);
    await show(<History />, 'ar');
    await screen.findByText(texts.ar.history.olderOnDonations);
    within(screen.getByRole('group', { name: texts.ar.stats.livesImpacted })).getByText('600');
    // The newest 20 donations, and the request collected on one of them (asked for and collected).
    expect(screen.getAllByTestId('timeline-event')).toHaveLength(22);
    within(screen.getByRole('group', { name: texts.ar.stats.successfullyCollected })).getByText('2');
    // Every request is loaded: nothing earlier to show.
    expect(screen.queryByRole('button', { name: texts.ar.history.loadMore })).toBeNull();
  });
});
