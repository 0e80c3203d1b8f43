// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@medrelay/contracts';
import { renderInRemote, servePages, userFixture } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import UserApprovals from './user-approvals';

const account = (id: number, overrides: Partial<AdminUser> = {}): AdminUser =>
  userFixture(id, { name: `Pharmacist ${id}`, twoFactorEnabled: true, ...overrides });

/** Serves the list with these accounts, answers each reset with `answer`, and records the resets sent. */
function serve(users: AdminUser[], answer: { status: number; body: unknown }) {
  servePages((url) =>
    url.pathname.endsWith('/no-shows') || url.pathname.endsWith('/pharmacist-licenses')
      ? { items: [], total: 0 }
      : { items: users, total: users.length },
  );
  const list = vi.mocked(globalThis.fetch).getMockImplementation()!;
  const sent: Array<{ call: string; body: unknown }> = [];
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    if (init?.method !== 'POST') return list(input, init);
    const { pathname } = new URL(String(input), 'http://localhost');
    sent.push({ call: pathname, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return sent;
}

const show = (language: 'en' | 'ar' = 'en') =>
  renderInRemote(
    <MemoryRouter>
      <UserApprovals />
    </MemoryRouter>,
    // The signed-in administrator is account 1.
    { role: 'admin', texts, language, user: { id: 1 } },
  );

/** happy-dom keeps the opening dialog aria-hidden (its animation never ends): its parts found by their text. */
const buttonIn = (dialog: HTMLElement, label: string) =>
  within(dialog)
    .getAllByText(label)
    .map((el) => el.closest('button'))
    .find((b): b is HTMLButtonElement => b !== null)!;
const rowOf = (name: string) =>
  screen.getAllByTestId('user-row').find((row) => within(row).queryByText(name))!;

describe('resetting the two-factor sign-in of a user who lost their authenticator', () => {
  it('is offered only on other accounts that have it on; asks how the administrator checked it is them and their password', async () => {
    const sent = serve(
      [
        account(7),
        account(8, { twoFactorEnabled: false, name: 'Donor 8', userType: 'donor' }),
        account(1, { name: 'Me', userType: 'admin' }),
        account(9, { name: 'Other admin', userType: 'admin' }),
      ],
      { status: 200, body: account(7, { twoFactorEnabled: false }) },
    );
    const { toasts } = await show();
    await screen.findAllByTestId('user-row');
    expect(within(rowOf('Donor 8')).queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
    // Their own: another administrator resets it.
    expect(within(rowOf('Me')).queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
    within(rowOf('Other admin')).getByRole('button', { name: 'Reset two-factor' });
    within(rowOf('Pharmacist 7')).getByText('Two-factor on');

    fireEvent.click(within(rowOf('Pharmacist 7')).getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    within(dialog).getByText('Reset the two-factor sign-in of Pharmacist 7');
    within(dialog).getByText(/Only after checking it is Pharmacist 7 asking/);
    const reason = within(dialog).getByRole('combobox', { name: /How you checked it is them/, hidden: true });
    expect(
      within(reason)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual([
      'Choose',
      'Lost their app and codes: I checked it is them by a phone call',
      'Lost their app and codes: I checked it is them in person',
      'They report an authenticator app they did not add',
    ]);
    // Nothing is sent without a reason and the password.
    fireEvent.click(buttonIn(dialog, 'Reset two-factor'));
    within(dialog).getByText('Choose how you checked it is them');
    within(dialog).getByText('Enter your password');
    expect(sent).toEqual([]);

    fireEvent.change(reason, { target: { value: 'lostDeviceInPerson' } });
    fireEvent.change(dialog.querySelector('input[type="password"]')!, {
      target: { value: 'Admin-Pass-2026' },
    });
    fireEvent.click(buttonIn(dialog, 'Reset two-factor'));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          call: '/api/admin/users/7/two-factor/reset',
          body: { reason: 'lostDeviceInPerson', password: 'Admin-Pass-2026' },
        },
      ]),
    );
    await waitFor(() =>
      expect(toasts[0]).toMatchObject({
        title: 'Two-factor sign-in reset',
        description: expect.stringContaining('Pharmacist 7 was signed out everywhere and e-mailed'),
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
  });

  it('in Arabic: a wrong password is said beside the field in Arabic and the dialog stays open', async () => {
    const message = 'كلمة السر الحالية مش صحيحة';
    const sent = serve([account(7)], {
      status: 400,
      body: {
        message,
        code: 'VALIDATION_ERROR',
        details: [{ path: 'password', rule: 'currentPasswordWrong', message }],
      },
    });
    const { toasts } = await show('ar');
    const row = await screen.findByTestId('user-row');
    fireEvent.click(within(row).getByRole('button', { name: 'إعادة ضبط التحقق بخطوتين' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    within(dialog).getByText('إعادة ضبط التحقق بخطوتين لحساب \u2068Pharmacist 7\u2069');
    fireEvent.change(within(dialog).getByRole('combobox', { name: /اتأكدت إنه هو إزاي/, hidden: true }), {
      target: { value: 'lostDevicePhoneCall' },
    });
    fireEvent.change(dialog.querySelector('input[type="password"]')!, { target: { value: 'Wrong-Pass-1' } });
    fireEvent.click(buttonIn(dialog, 'إعادة ضبط التحقق بخطوتين'));
    await waitFor(() => within(dialog).getByText(message));
    expect(sent).toHaveLength(1);
    expect(toasts).toEqual([]);
    expect(screen.getByRole('dialog', { hidden: true })).toBe(dialog);
    // The password typed is not kept.
    expect(dialog.querySelector<HTMLInputElement>('input[type="password"]')!.value).toBe('');
  });

  it("shows any other refusal in a toast with the server's words (the caller's language)", async () => {
    const message = 'الحساب ده مفيهوش تحقق بخطوتين عشان يتعمله إعادة ضبط: كلمة السر لوحدها بتدخّله';
    serve([account(7)], { status: 409, body: { message, code: 'TWO_FACTOR_NOT_ENABLED' } });
    const { toasts } = await show('ar');
    const row = await screen.findByTestId('user-row');
    fireEvent.click(within(row).getByRole('button', { name: 'إعادة ضبط التحقق بخطوتين' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    fireEvent.change(within(dialog).getByRole('combobox', { hidden: true }), {
      target: { value: 'unknownAuthenticator' },
    });
    fireEvent.change(dialog.querySelector('input[type="password"]')!, {
      target: { value: 'Admin-Pass-2026' },
    });
    fireEvent.click(buttonIn(dialog, 'إعادة ضبط التحقق بخطوتين'));
    await waitFor(() =>
      expect(toasts[0]).toMatchObject({
        title: 'مقدرناش نعمل إعادة ضبط للتحقق بخطوتين',
        description: message,
        intent: 'destructive',
      }),
    );
  });
});

describe('a deleted account on User Approvals', () => {
  it('says when its owner deleted it, in sight (not in a tooltip), and no e-mail check on its placeholder address', async () => {
    serve(
      [
        account(4, {
          name: 'Deleted account',
          email: 'deleted-4@deleted.invalid',
          status: 'rejected',
          emailVerified: false,
          twoFactorEnabled: false,
          deletedAt: '2026-11-29T10:00:00.000Z',
        }),
      ],
      { status: 200, body: {} },
    );
    await show('ar');
    const row = await waitFor(() => rowOf('مستخدم محذوف'));
    expect(within(row).getByTestId('deleted-on').textContent).toBe('صاحبه مسحه يوم 29\u200f/11\u200f/2026');
    expect(within(row).queryByTestId('email-check')).toBeNull();
  });
});
