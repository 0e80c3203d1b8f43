// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@medrelay/contracts';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { renderInRemote, servePages } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import UserApprovals from './user-approvals';

const ngo: User = {
  id: 41,
  email: 'resala@example.com',
  name: 'Mona Adel',
  phone: '+201001234567',
  userType: 'ngo',
  status: 'approved',
  language: 'ar',
  createdAt: '2026-01-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  profile: {
    address: null,
    organizationName: 'Resala Giza',
    commercialNumber: 'CN-1',
    pharmacistLicense: '104471',
    pharmacistLicensePending: true,
  },
  emailVerified: true,
  pendingEmail: null,
};
const other: User = {
  ...ngo,
  id: 42,
  email: 'mek@example.com',
  name: 'Omar Said',
  profile: { ...ngo.profile!, organizationName: 'Misr El Kheir', pharmacistLicense: '20931' },
};

/** Serves the lists (the licence one with `waiting`, less those decided) and records the decisions sent. */
function serve(given: User[]) {
  const waiting = [...given];
  const asked = servePages((url) =>
    url.pathname === identityEndpoints.pendingPharmacistLicenses.path
      ? { items: waiting, total: waiting.length }
      : { items: [], total: 0 },
  );
  const list = vi.mocked(globalThis.fetch).getMockImplementation()!;
  const sent: Array<{ call: string; body: unknown }> = [];
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    if (init?.method !== 'PUT') return list(input, init);
    const { pathname } = new URL(String(input), 'http://localhost');
    sent.push({ call: pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
    // Decided: it leaves the list asked again.
    const id = Number(/\/(\d+)\//.exec(pathname)?.[1]);
    waiting.splice(
      waiting.findIndex((u) => u.id === id),
      1,
    );
    return new Response(
      JSON.stringify({ ...ngo, profile: { ...ngo.profile, pharmacistLicensePending: false } }),
      {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      },
    );
  });
  return { asked, sent };
}

/** happy-dom keeps the opening dialog aria-hidden (its animation never ends): its button found by its text. */
const confirmIn = (dialog: HTMLElement, label: string) =>
  within(dialog)
    .getAllByText(label)
    .map((el) => el.closest('button'))
    .find((b): b is HTMLButtonElement => b !== null)!;

const render = (language: 'en' | 'ar' = 'en') =>
  renderInRemote(
    <MemoryRouter>
      <UserApprovals />
    </MemoryRouter>,
    { role: 'admin', texts, language },
  );

describe("User Approvals: pharmacist's licences added after the review", () => {
  it('lists each NGO with its number, and accepts one', async () => {
    const { sent, asked } = serve([ngo]);
    const { toasts } = await render();
    const section = await screen.findByTestId('license-reviews');
    within(section).getByText("1 pharmacist's licence to review");
    const row = within(section).getByTestId('license-row');
    within(row).getByText('Resala Giza');
    within(row).getByText('104471');
    within(row).getByText('resala@example.com');
    fireEvent.click(within(row).getByRole('button', { name: 'Accept licence: Resala Giza' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    within(dialog).getByText(/Accept licence 104471 for Resala Giza\?/);
    fireEvent.click(confirmIn(dialog, 'Accept licence'));
    await waitFor(() =>
      expect(sent).toEqual([
        { call: identityEndpoints.acceptPharmacistLicense.path.replace(':id', '41'), body: undefined },
      ]),
    );
    await waitFor(() => expect(toasts[0]).toMatchObject({ title: 'Licence accepted' }));
    // The list is asked again.
    await waitFor(() =>
      expect(
        asked.filter((u) => u.pathname === identityEndpoints.pendingPharmacistLicenses.path).length,
      ).toBeGreaterThan(1),
    );
  });

  it('refuses one with the reason chosen, in Arabic', async () => {
    const { sent } = serve([ngo]);
    await render('ar');
    const section = await screen.findByTestId('license-reviews');
    within(section).getByText('رقم ترخيص صيدلي واحد للمراجعة');
    fireEvent.change(within(section).getByRole('combobox', { name: 'لو هترفض، ليه: Resala Giza' }), {
      target: { value: 'notThisOrganization' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'رفض الترخيص: Resala Giza' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    within(dialog).getByText(/الصيدلي مش شغال مع الجمعية دي/);
    fireEvent.click(confirmIn(dialog, 'رفض الترخيص'));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          call: identityEndpoints.rejectPharmacistLicense.path.replace(':id', '41'),
          body: { reason: 'notThisOrganization' },
        },
      ]),
    );
  });

  it("names each row's buttons and reason with its organisation, not the same three labels on every row", async () => {
    serve([ngo, other]);
    await render();
    const section = await screen.findByTestId('license-reviews');
    await within(section).findByRole('button', { name: 'Accept licence: Resala Giza' });
    for (const organization of ['Resala Giza', 'Misr El Kheir'])
      for (const name of [`Accept licence: ${organization}`, `Refuse licence: ${organization}`])
        expect(within(section).getAllByRole('button', { name })).toHaveLength(1);
    within(section).getByRole('combobox', { name: 'If refused, why: Misr El Kheir' });
  });

  it("moves focus to the next row's first button after a decision, then to the page's heading", async () => {
    serve([ngo, other]);
    await render();
    const section = await screen.findByTestId('license-reviews');
    fireEvent.click(await within(section).findByRole('button', { name: 'Accept licence: Resala Giza' }));
    let dialog = await screen.findByRole('dialog', { hidden: true });
    fireEvent.click(confirmIn(dialog, 'Accept licence'));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Accept licence: Misr El Kheir' }),
      ),
    );
    expect(screen.queryByRole('button', { name: 'Accept licence: Resala Giza' })).toBeNull();

    // The last one decided, the card goes: focus lands on the page's heading.
    fireEvent.click(screen.getByRole('button', { name: 'Refuse licence: Misr El Kheir' }));
    dialog = await screen.findByRole('dialog', { hidden: true });
    fireEvent.click(confirmIn(dialog, 'Refuse licence'));
    await waitFor(() => expect(screen.queryByTestId('license-reviews')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'User Approvals' })),
    );
  });

  it('shows no section while no licence waits', async () => {
    const { asked } = serve([]);
    await render();
    await waitFor(() =>
      expect(asked.some((u) => u.pathname === identityEndpoints.pendingPharmacistLicenses.path)).toBe(true),
    );
    await screen.findByText('No accounts match these filters');
    expect(screen.queryByTestId('license-reviews')).toBeNull();
  });
});
