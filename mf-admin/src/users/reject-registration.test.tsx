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

describe('User Approvals: focus after Suspend and Reject', () => {
  /** A server that keeps the accounts and applies each decision, so the lists asked again show it. */
  function serveDecisions(accounts: User[]) {
    servePages((url) => {
      if (url.pathname.endsWith('/no-shows') || url.pathname.endsWith('/pharmacist-licenses'))
        return { items: [], total: 0 };
      const status = url.searchParams.get('status');
      const shown = accounts.filter((u) => !status || u.status === status);
      return { items: shown, total: shown.length };
    });
    const list = vi.mocked(globalThis.fetch).getMockImplementation()!;
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      if (init?.method !== 'PUT') return list(input, init);
      const { pathname } = new URL(String(input), 'http://localhost');
      const account = accounts.find((u) => u.id === Number(/\/users\/(\d+)\//.exec(pathname)?.[1]))!;
      account.status = pathname.endsWith('/reject')
        ? 'rejected'
        : (JSON.parse(String(init.body)) as { status: User['status'] }).status;
      return new Response(JSON.stringify(account), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
  }

  const approvals = async (language: 'en' | 'ar' = 'en') => {
    const rendered = await renderInRemote(
      <MemoryRouter>
        <UserApprovals />
      </MemoryRouter>,
      { role: 'admin', texts, language },
    );
    await screen.findAllByTestId('user-row');
    return rendered;
  };
  const rowOf = (name: string) =>
    screen.getAllByTestId('user-row').find((row) => within(row).queryByText(name))!;
  /** Opens a row's decision and answers it; the dialog's buttons are found by their text (see buttonIn). */
  const decide = async (row: HTMLElement, action: string, answer: string, reason?: string) => {
    const button = within(row).getByRole('button', { name: action });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { hidden: true });
    if (reason)
      fireEvent.change(within(dialog).getByRole('combobox', { hidden: true }), { target: { value: reason } });
    fireEvent.click(buttonIn(dialog, answer));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
  };

  it('Suspend gives focus to the row’s Re-approve that takes its place', async () => {
    serveDecisions([
      userFixture(21, { name: 'Dokki Pharmacy' }),
      userFixture(22, { name: 'Zamalek Pharmacy' }),
    ]);
    await approvals();
    await decide(rowOf('Dokki Pharmacy'), 'Suspend', 'Suspend');
    const reapprove = await within(rowOf('Dokki Pharmacy')).findByRole('button', { name: 'Re-approve' });
    await waitFor(() => expect(document.activeElement).toBe(reapprove));
  });

  it('Suspend called off (Cancel) gives focus back to Suspend', async () => {
    serveDecisions([userFixture(23, { name: 'Dokki Pharmacy' })]);
    await approvals();
    await decide(rowOf('Dokki Pharmacy'), 'Suspend', 'Cancel');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(rowOf('Dokki Pharmacy')).getByRole('button', { name: 'Suspend' }),
      ),
    );
  });

  it('Reject gives focus to the row’s Re-approve; Cancel back to Reject (in Arabic)', async () => {
    serveDecisions([applicant(24)]);
    await approvals('ar');
    await decide(rowOf('Applicant 24'), 'رفض', 'إلغاء');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(rowOf('Applicant 24')).getByRole('button', { name: 'رفض' })),
    );
    await decide(rowOf('Applicant 24'), 'رفض', 'رفض', 'duplicate');
    const reapprove = await within(rowOf('Applicant 24')).findByRole('button', { name: 'إعادة الموافقة' });
    await waitFor(() => expect(document.activeElement).toBe(reapprove));
  });

  it('a rejected row leaving the Pending filter gives focus to the next row, the last one to the heading', async () => {
    serveDecisions([applicant(25), applicant(26)]);
    await approvals();
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'pending' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 accounts'));
    await decide(rowOf('Applicant 25'), 'Reject', 'Reject', 'duplicate');
    await waitFor(() => expect(screen.queryByText('Applicant 25')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(rowOf('Applicant 26')).getByRole('button', { name: 'Details' }),
      ),
    );
    await decide(rowOf('Applicant 26'), 'Reject', 'Reject', 'other');
    await screen.findByText('No accounts match these filters');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'User Approvals' })),
    );
  });
});
