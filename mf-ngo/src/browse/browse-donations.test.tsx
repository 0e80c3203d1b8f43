// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInRemote, servePages } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import BrowseDonations from './browse-donations';

afterEach(() => vi.restoreAllMocks());

const renderBrowse = (
  pharmacistLicense: string | null,
  language: 'en' | 'ar' = 'en',
  pharmacistLicensePending = false,
) => {
  servePages(() => ({ items: [], total: 0 }));
  return renderInRemote(
    <MemoryRouter>
      <BrowseDonations />
    </MemoryRouter>,
    {
      texts,
      role: 'ngo',
      language,
      user: { profile: { address: null, pharmacistLicense, pharmacistLicensePending } },
    },
  );
};

describe("NGO browse: donors' medicines and the pharmacist", () => {
  it('tells an NGO without a pharmacist why donations are not shown, and what to do, in both languages', async () => {
    await renderBrowse(null);
    expect((await screen.findByTestId('no-pharmacist')).textContent).toContain(
      "add your pharmacist's licence number in Settings",
    );
    vi.restoreAllMocks();
    document.body.innerHTML = '';
    await renderBrowse(null, 'ar');
    expect((await screen.findByTestId('no-pharmacist')).textContent).toContain('ضيف رقم ترخيص الصيدلي');
  });

  it('tells an NGO whose licence waits for review that donations come once it is reviewed', async () => {
    await renderBrowse('104471', 'ar', true);
    expect((await screen.findByTestId('no-pharmacist')).textContent).toContain('لحد ما مسؤول المنصة يراجع');
  });

  it('says nothing of it to an NGO with one', async () => {
    await renderBrowse('104471');
    await screen.findByText('Browse Donations', { selector: 'h1' });
    expect(screen.queryByTestId('no-pharmacist')).toBeNull();
  });
});

describe('NGO browse: Clear Filters', () => {
  // An NGO with a pickup point (its area): the list starts nearest first, over all of Egypt.
  const renderNear = async () => {
    // Fewer within a radius: the count line tells which list is shown.
    const asked = servePages((url) => ({ items: [], total: url.searchParams.has('radiusKm') ? 2 : 9 }));
    await renderInRemote(
      <MemoryRouter>
        <BrowseDonations />
      </MemoryRouter>,
      {
        texts,
        role: 'ngo',
        user: { area: 'dokki', profile: { address: null, pharmacistLicense: '104471' } },
      },
    );
    const clear = await screen.findByRole('button', { name: 'Clear Filters' });
    const radius = screen.getByTestId('radius') as HTMLSelectElement;
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    return { asked, clear, radius, sort };
  };

  it('is disabled at rest when the list starts nearest first', async () => {
    const { clear, sort, radius } = await renderNear();
    expect(sort.value).toBe('distance');
    expect(radius.value).toBe('');
    expect(clear.hasAttribute('disabled')).toBe(true);
  });

  it('resets the distance radius with the rest, and is disabled again afterwards', async () => {
    const { asked, clear, radius, sort } = await renderNear();
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toContain('9'));
    fireEvent.change(radius, { target: { value: '10' } });
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toContain('2'));
    expect(asked.at(-1)?.searchParams.get('radiusKm')).toBe('10');
    expect(clear.hasAttribute('disabled')).toBe(false);
    fireEvent.click(clear);
    await waitFor(() => expect(radius.value).toBe(''));
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toContain('9'));
    expect(sort.value).toBe('distance');
    expect(clear.hasAttribute('disabled')).toBe(true);
  });

  it('is enabled by a radius alone, and by a changed sort alone', async () => {
    const { clear, radius, sort } = await renderNear();
    fireEvent.change(sort, { target: { value: 'expiry' } });
    await waitFor(() => expect(clear.hasAttribute('disabled')).toBe(false));
    fireEvent.click(clear);
    await waitFor(() => expect(sort.value).toBe('distance'));
    expect(clear.hasAttribute('disabled')).toBe(true);
    fireEvent.change(radius, { target: { value: '25' } });
    await waitFor(() => expect(clear.hasAttribute('disabled')).toBe(false));
  });
});
