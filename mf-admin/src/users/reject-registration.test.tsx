// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@medrelay/contracts';
import { renderInRemote, servePages, userFixture } from '@medrelay/ui/test-support';
import { PendingApprovals } from '../dashboard/pending-approvals';
import { texts } from '../texts';
import UserApprovals from './user-approvals';

const applicant = (id: number, overrides: Partial<User> = {}): User =>
  userFixture(id, { name: `Applicant ${id}`, status: 'pending', ...overrides });

/** Serves the lists with these accounts and records the decisions sent. */
function serve(users: User[]) {
  servePages((url) =>
    url.pathname.endsWith('/no-shows') || url.pathname.endsWith('/pharmacist-licenses')
      ? { items: [], total: 0 }
      : { items: users, total: users.length },
  );
  const list = vi.mocked(globalThis.fetch).getMockImplementation()!;
  const sent: Array<{ call: string; body: unknown }> = [];
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    if (init?.method !== 'PUT') return list(input, init);
    const { pathname } = new URL(String(input), 'http://localhost');
    sent.push({ call: pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify({ ...users[0], status: 'rejected' }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return sent;
}

/** happy-dom keeps the opening dialog aria-hidden (its animation never ends): its button found by its text. */
const buttonIn = (dialog: HTMLElement, label: string) =>
  within(dialog)
    .getAllByText(label)
    .map((el) => el.closest('button'))
    .find((b): b is HTMLButtonElement => b !== null)!;

const dashboard = (language: 'en' | 'ar' = 'en') =>
  renderInRemote(
    <MemoryRouter>
      <PendingApprovals />
    </MemoryRouter>,
    { role: 'admin', texts, language },
  );

describe('rejecting a registration asks why', () => {
  it('on the dashboard: the reason is chosen in the confirmation and sent; nothing is sent without one', async () => {
    const sent = serve([applicant(7)]);
    const { toasts } = await dashboard();
    const row = await screen.findByTestId('pending-user');
    fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    within(dialog).getByText(/Reject Applicant 7\?/);
    // No reason chosen yet: the confirmation waits for one.
    expect(buttonIn(dialog, 'Reject').disabled).toBe(true);
    const reason = within(dialog).getByRole('combobox', { name: 'Why', hidden: true });
    const options = within(reason)
      .getAllByRole('option', { hidden: true })
      .map((o) => o.textContent);
    expect(options).toEqual([
      'Choose a reason',
      'The commercial licence or registration details could not be verified',
      'Not eligible: MedRelay is for pharmacies, NGOs with a pharmacist and donors in Egypt',
      'This organisation already has an account',
      'Another reason (they are asked to write to you)',
    ]);
    fireEvent.change(reason, { target: { value: 'duplicate' } });
    fireEvent.click(buttonIn(dialog, 'Reject'));
    await waitFor(() =>
      expect(sent).toEqual([{ call: '/api/admin/users/7/reject', body: { reason: 'duplicate' } }]),
    );
    await waitFor(() => expect(toasts[0]).toMatchObject({ title: 'User rejected' }));
  });

  it('in Egyptian Arabic too', async () => {
    const sent = serve([applicant(8)]);
    await dashboard('ar');
    const row = await screen.findByTestId('pending-user');
    fireEvent.click(within(row).getByRole('button', { name: 'رفض' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    const reason = within(dialog).getByRole('combobox', { name: 'السبب', hidden: true });
    within(reason).getByRole('option', {
      name: 'مقدرناش نتأكد من الترخيص التجاري أو بيانات التسجيل',
      hidden: true,
    });
    fireEvent.change(reason, { target: { value: 'notEligible' } });
    fireEvent.click(buttonIn(dialog, 'رفض'));
    await waitFor(() =>
      expect(sent).toEqual([{ call: '/api/admin/users/8/reject', body: { reason: 'notEligible' } }]),
    );
  });

  it('on User Approvals as well', async () => {
    const sent = serve([applicant(9)]);
    await renderInRemote(
      <MemoryRouter>
        <UserApprovals />
      </MemoryRouter>,
      { role: 'admin', texts },
    );
    const row = await screen.findByTestId('user-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Why', hidden: true }), {
      target: { value: 'detailsUnverifiable' },
    });
    fireEvent.click(buttonIn(dialog, 'Reject'));
    await waitFor(() =>
      expect(sent).toEqual([{ call: '/api/admin/users/9/reject', body: { reason: 'detailsUnverifiable' } }]),
    );
  });
});

describe('an application made again after a rejection', () => {
  it('shows the earlier reason on its row, in the dashboard and User Approvals', async () => {
    serve([applicant(10, { rejectionReason: 'detailsUnverifiable' }), applicant(11)]);
    await dashboard();
    const rows = await screen.findAllByTestId('pending-user');
    within(rows[0]!).getByText(
      'Applied again after: The commercial licence or registration details could not be verified',
    );
    expect(within(rows[1]!).queryByText(/Applied again after/)).toBeNull();
  });

  it('in Arabic', async () => {
    serve([applicant(12, { rejectionReason: 'duplicate' })]);
    await renderInRemote(
      <MemoryRouter>
        <UserApprovals />
      </MemoryRouter>,
      { role: 'admin', texts, language: 'ar' },
    );
    const row = await screen.findByTestId('user-row');
    within(row).getByText('قدّم تاني بعد رفض سببه: الجهة دي عندها حساب بالفعل');
  });
});
