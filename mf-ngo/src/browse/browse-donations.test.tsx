// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInRemote, servePages } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import BrowseDonations from './browse-donations';

afterEach(() => vi.restoreAllMocks());

const renderBrowse = (pharmacistLicense: string | null, language: 'en' | 'ar' = 'en') => {
  servePages(() => ({ items: [], total: 0 }));
  return renderInRemote(
    <MemoryRouter>
      <BrowseDonations />
    </MemoryRouter>,
    { texts, role: 'ngo', language, user: { profile: { address: null, pharmacistLicense } } },
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

  it('says nothing of it to an NGO with one', async () => {
    await renderBrowse('104471');
    await screen.findByText('Browse Donations', { selector: 'h1' });
    expect(screen.queryByTestId('no-pharmacist')).toBeNull();
  });
});
