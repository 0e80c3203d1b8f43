// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { medicineFixture, renderInRemote, servePages } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import MyMedicines from './my-medicines';

/** 45 own listings on the server; each GET answers the asked page. */
const listings = Array.from({ length: 45 }, (_, i) =>
  medicineFixture({ id: 45 - i, name: `Listing ${45 - i}` }),
);
const answerPages = (url: URL) => {
  const page = Number(url.searchParams.get('page'));
  const size = Number(url.searchParams.get('pageSize'));
  return { items: listings.slice((page - 1) * size, page * size), total: listings.length };
};

describe('pharmacy My Medicines paging', () => {
  it('shows one page of 20 with the pager, and asks the server for the next page', async () => {
    const asked = servePages(answerPages);
    await renderInRemote(
      <MemoryRouter>
        <MyMedicines />
      </MemoryRouter>,
      { texts },
    );
    await screen.findByText('Listing 45');
    expect(screen.getAllByTestId('medicine-row')).toHaveLength(20);
    screen.getByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Listing 25');
    expect(screen.queryByText('Listing 45')).toBeNull();
    screen.getByText('Page 2 of 3');
    // Edit and unlist stay on every row.
    screen.getByRole('button', { name: 'Edit: Listing 25' });
    expect(asked.map((u) => u.search)).toEqual(['?page=1&pageSize=20', '?page=2&pageSize=20']);
  });

  it('takes focus on its title when Add Medicine brings the pharmacist here, in Arabic too', async () => {
    servePages(answerPages);
    await renderInRemote(
      <MemoryRouter initialEntries={[{ pathname: '/medicines', state: { focusTitle: true } }]}>
        <MyMedicines />
      </MemoryRouter>,
      { texts, language: 'ar' },
    );
    await screen.findByText('Listing 45');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'أدويتي' }));
  });

  it('keeps the empty state without a pager when nothing is listed, in Arabic too', async () => {
    servePages(() => ({ items: [], total: 0 }));
    await renderInRemote(
      <MemoryRouter>
        <MyMedicines />
      </MemoryRouter>,
      { texts, language: 'ar' },
    );
    await screen.findByText(texts.ar.medicines.empty);
    await waitFor(() => expect(screen.queryByRole('navigation')).toBeNull());
  });
});

describe('pharmacy My Medicines: an account without a place', () => {
  it('is told its listings are left out of nearest-first browsing and matching, until it sets its area', async () => {
    servePages(answerPages);
    await renderInRemote(
      <MemoryRouter>
        <MyMedicines />
      </MemoryRouter>,
      { texts, language: 'ar' },
    );
    await screen.findByText('Listing 45');
    expect(screen.getByTestId('own-place-hint').textContent).toContain('حدد منطقتك في الإعدادات');
    // It leads there.
    const link = within(screen.getByTestId('own-place-hint')).getByRole('link', { name: 'الإعدادات' });
    expect(link.getAttribute('href')).toBe('/pharmacy/settings');
  });

  it('says nothing once the account has an area', async () => {
    servePages(answerPages);
    await renderInRemote(
      <MemoryRouter>
        <MyMedicines />
      </MemoryRouter>,
      { texts, user: { governorate: 'giza', area: 'dokki' } },
    );
    await screen.findByText('Listing 45');
    expect(screen.queryByTestId('own-place-hint')).toBeNull();
  });
});

describe('pharmacy My Medicines: a listing whose units are all promised to approved requests', () => {
  it('says so on its row and in its edit form, so the same boxes are not offered again', async () => {
    const promised = medicineFixture({ id: 3, name: 'Concor 5mg', quantity: 0, reservedQuantity: 10 });
    servePages(() => ({ items: [promised], total: 1 }));
    await renderInRemote(
      <MemoryRouter>
        <MyMedicines />
      </MemoryRouter>,
      { texts },
    );
    const row = await screen.findByTestId('medicine-row');
    expect(row.textContent).toContain('10 units given to approved requests');
    expect(row.textContent).toContain('All given out');
    expect(row.textContent).not.toContain('Unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Concor 5mg' }));
    await screen.findByText(/^10 units already went to approved requests/);
  });
});
