// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '@medrelay/api-client';
import { deletedAccountName } from '@medrelay/domain/user-status';
import { shownName } from '@medrelay/i18n';
import { renderInRemote } from '@medrelay/ui/test-support';
import { AccountDeletedPage } from '../auth/account-deleted-page';
import { DeleteAccountCard } from './delete-account-card';

/** The server: DELETE /api/auth/me answers `answer` (noted as "METHOD url body"). */
function server(answer: { status: number; body: unknown }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(init.body ? `${init.method} ${url} ${String(init.body)}` : `${init.method} ${url}`);
      if (init.method === 'DELETE') return Response.json(answer.body, { status: answer.status });
      return new Response(null, { status: 204 });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStore.clear();
});

const settings = (language: 'en' | 'ar' = 'en') =>
  renderInRemote(
    <MemoryRouter initialEntries={['/donor/settings']}>
      <Routes>
        <Route path="/donor/settings" element={<DeleteAccountCard />} />
        <Route path="/account-deleted" element={<AccountDeletedPage />} />
      </Routes>
    </MemoryRouter>,
    { role: 'donor', language },
  );

async function confirmWith(
  password: string,
  labels = { open: 'Delete my account…', password: 'Your password' },
) {
  fireEvent.click(await screen.findByRole('button', { name: labels.open }));
  const field = await screen.findByLabelText(new RegExp(labels.password));
  fireEvent.change(field, { target: { value: password } });
  fireEvent.submit(field.closest('form')!);
}

describe('the "Delete my account" card', () => {
  it('says what happens, asks for the password, then signs this browser out onto the confirmation', async () => {
    tokenStore.set('donor-token');
    const calls = server({ status: 200, body: { message: 'Your account was deleted.' } });
    await settings();
    expect(screen.getByTestId('delete-account').textContent).toContain(
      'Records of hand-overs already completed are kept without your name',
    );
    await confirmWith('Kite-Harbour-7315');
    expect(await screen.findByRole('heading', { name: 'Your account was deleted' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('every device is signed out');
    // No empty subtitle line under the title: it left a wide gap above the text.
    expect([...document.querySelectorAll('p')].filter((p) => !p.textContent?.trim())).toEqual([]);
    expect(calls).toContain('DELETE /api/auth/me {"password":"Kite-Harbour-7315"}');
    expect(tokenStore.get()).toBeNull();
  });

  it('keeps the account and the session on a wrong password, saying so in the dialog (ar)', async () => {
    tokenStore.set('donor-token');
    const message = 'كلمة السر الحالية غلط';
    server({
      status: 400,
      body: {
        message,
        code: 'VALIDATION_FAILED',
        details: [{ path: 'password', rule: 'currentPasswordWrong', message }],
      },
    });
    await settings('ar');
    expect(screen.getByRole('heading', { name: 'امسح حسابي' })).toBeTruthy();
    await confirmWith('not-it', { open: 'امسح حسابي…', password: 'كلمة السر بتاعتك' });
    await waitFor(() => expect(screen.getByText(message)).toBeTruthy());
    expect(screen.queryByText('حسابك اتمسح')).toBeNull();
    expect(tokenStore.get()).toBe('donor-token');
  });

  it('keeps the account on "Keep my account": nothing sent, the submit waits for a password', async () => {
    tokenStore.set('donor-token');
    const calls = server({ status: 200, body: {} });
    await settings();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: 'x' } });
    expect(confirm.hasAttribute('disabled')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);
  });
});

describe("a deleted account's name", () => {
  it("reads in the reader's language, alone and inside any text", async () => {
    const { i18n } = await renderInRemote(<span />, { language: 'ar' });
    expect(shownName(deletedAccountName, 'ar')).toBe('مستخدم محذوف');
    expect(shownName('Hoda Kamal', 'ar')).toBe('Hoda Kamal');
    i18n.addResource('ar', 'common', 'probe', 'الطلب من {{name}}');
    i18n.addResource('en', 'common', 'probe', 'Request from {{name}}');
    expect(i18n.t('common:probe', { name: deletedAccountName })).toBe('الطلب من مستخدم محذوف');
    expect(i18n.t('common:probe', { name: deletedAccountName, lng: 'en' })).toBe(
      'Request from Deleted account',
    );
  });
});
