// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@medrelay/contracts';
import { renderInRemote } from '@medrelay/ui/test-support';
import { ToastProvider } from '../chrome/toasts';
import { DevicesCard } from './devices-card';
import { PasskeysCard } from './passkeys-card';
import { TwoFactorCard } from './two-factor-card';

const at = '2026-11-20T10:00:00.000Z';
const sessions: Session[] = [
  {
    id: 'this-browser-1',
    device: 'Firefox on Linux',
    country: 'EG',
    signedInAt: at,
    lastSeenAt: at,
    current: true,
  },
  {
    id: 'old-phone-22',
    device: 'Chrome on Android',
    country: null,
    signedInAt: at,
    lastSeenAt: at,
    current: false,
  },
];

/** A server answering the cards' calls (noted as "METHOD url body"); `refuse` makes a change answer with that error. */
function server(lists: Record<string, unknown>, refuse?: { status: number; message: string }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(init.body ? `${init.method} ${url} ${String(init.body)}` : `${init.method} ${url}`);
      if (init.method === 'GET') return Response.json(lists[url]);
      if (refuse)
        return Response.json({ message: refuse.message, code: 'X', details: [] }, { status: refuse.status });
      return new Response(null, { status: 204 });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const toast = async () => (await screen.findByTestId('toast')).textContent;
const focusedOn = (element: HTMLElement) => waitFor(() => expect(document.activeElement).toBe(element));

describe('the devices card', () => {
  it('signs another browser out, says so, and reads the list again', async () => {
    const calls = server({ '/api/auth/sessions': sessions });
    await renderInRemote(
      <ToastProvider>
        <DevicesCard />
      </ToastProvider>,
    );
    await screen.findByText('Chrome on Android');
    expect(screen.getAllByRole('button', { name: 'Sign out' })).toHaveLength(1);
    screen.getByRole('button', { name: 'Sign out' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await toast()).toBe('Signed out');
    expect(calls).toContain('DELETE /api/auth/sessions/old-phone-22');
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/auth/sessions')).toHaveLength(2));
    // The row (and its button) leaves the list: focus lands on the card's heading, not the page's body.
    await focusedOn(screen.getByRole('heading', { name: 'Where you are signed in' }));
  });

  it("says why it could not, in the server's words, and still reads the list again", async () => {
    const calls = server(
      { '/api/auth/sessions': sessions },
      { status: 404, message: 'That session is gone' },
    );
    await renderInRemote(
      <ToastProvider>
        <DevicesCard />
      </ToastProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await toast()).toBe('Could not sign the device outThat session is gone');
    expect((await screen.findByTestId('toast')).dataset.intent).toBe('destructive');
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/auth/sessions')).toHaveLength(2));
    expect((screen.getByRole('button', { name: 'Sign out' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the passkeys card', () => {
  it('removes a passkey, says so, and reads the list again', async () => {
    const passkeys = [{ id: 'pk-1', name: 'Pixel 8', createdAt: at, lastUsedAt: null }];
    const calls = server({ '/api/auth/passkeys': passkeys });
    await renderInRemote(
      <ToastProvider>
        <PasskeysCard />
      </ToastProvider>,
    );
    await screen.findByText('Pixel 8');
    screen.getByRole('button', { name: 'Remove' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await toast()).toBe('Passkey removed');
    expect(calls.some((c) => c.startsWith('DELETE /api/auth/passkeys/pk-1'))).toBe(true);
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/auth/passkeys')).toHaveLength(2));
    await focusedOn(screen.getByRole('heading', { name: 'Passkeys' }));
  });

  it('asks for the password before adding one, and says so when it is wrong', async () => {
    const calls = server(
      { '/api/auth/passkeys': [] },
      { status: 400, message: 'Current password is incorrect' },
    );
    await renderInRemote(
      <ToastProvider>
        <PasskeysCard />
      </ToastProvider>,
    );
    const add = (await screen.findByRole('button', { name: 'Add a passkey' })) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Your password (asked before adding a passkey)'), {
      target: { value: 'not-it' },
    });
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    expect(await toast()).toBe('The passkey could not be addedCurrent password is incorrect');
    expect(calls).toContain('POST /api/auth/passkeys/options {"password":"not-it"}');
  });
});

describe('the two-factor card', () => {
  /** A server for the card: its status, a setup, and the answer to the change (or a refusal). */
  function twoFactorServer(
    enabled: boolean,
    change: { status: number; body: unknown },
    required = false,
    recoveryCodesLeft = 10,
  ) {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(init.body ? `${init.method} ${url} ${String(init.body)}` : `${init.method} ${url}`);
        if (init.method === 'GET')
          return Response.json({ enabled, recoveryCodesLeft: enabled ? recoveryCodesLeft : 0, required });
        if (url.endsWith('/disable') && change.status === 200) enabled = false;
        if (url.endsWith('/confirm') && change.status === 200) enabled = true;
        if (url.endsWith('/setup'))
          return Response.json({
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://x',
            qrSvg: '<svg></svg>',
          });
        return Response.json(change.body, { status: change.status });
      }),
    );
    return calls;
  }
  const render = () =>
    renderInRemote(
      <ToastProvider>
        <TwoFactorCard />
      </ToastProvider>,
    );
  const startAdding = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Add an authenticator app' }));
    // The button went: focus is on the box for the app's first code.
    await focusedOn(await screen.findByLabelText('Code', { exact: false }));
    fireEvent.change(await screen.findByLabelText('Code', { exact: false }), { target: { value: '123456' } });
  };
  const turnOn = () => screen.getByRole('button', { name: 'Turn on' }) as HTMLButtonElement;
  const passwordBox = () =>
    screen.getByLabelText('Your password (asked before turning it on)', { exact: false });

  it('turns on with the code and the password, shows the recovery codes and goes on with the new token', async () => {
    localStorage.setItem('token', 'old-token');
    const calls = twoFactorServer(false, {
      status: 200,
      body: { recoveryCodes: ['aaaa-bbbb'], token: 'new-token' },
    });
    await render();
    await startAdding();
    // A session alone is not enough: the button waits for the password.
    expect(turnOn().disabled).toBe(true);
    fireEvent.change(passwordBox(), { target: { value: 'My-Password-1' } });
    fireEvent.click(turnOn());
    expect(await toast()).toBe(
      'Two-factor sign-in is onEvery other device was signed out, and we e-mailed you about the change.',
    );
    expect(calls).toContain('POST /api/auth/two-factor/confirm {"code":"123456","password":"My-Password-1"}');
    expect(await screen.findByTestId('recovery-codes')).toHaveProperty(
      'textContent',
      expect.stringContaining('aaaa-bbbb'),
    );
    // The form went: the codes, shown once, are read next.
    await focusedOn(screen.getByRole('list', { name: 'Save your recovery codes' }));
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('lets one go back from adding an app without turning it on', async () => {
    const calls = twoFactorServer(false, { status: 200, body: {} });
    await render();
    await startAdding();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await focusedOn(await screen.findByRole('button', { name: 'Add an authenticator app' }));
    expect(screen.queryByLabelText('Code', { exact: false })).toBeNull();
    expect(calls.some((c) => c.includes('/confirm'))).toBe(false);
  });

  it('says why an authenticator app could not be added', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) =>
        init.method === 'GET'
          ? Response.json({ enabled: false, recoveryCodesLeft: 0, required: false })
          : Response.json(
              { message: 'Two-factor sign-in is already on', code: 'TWO_FACTOR_ENABLED', details: [] },
              { status: 409 },
            ),
      ),
    );
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add an authenticator app' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Could not change two-factor sign-inTwo-factor sign-in is already on',
    );
  });

  it('reads its status again after a conflict (turned on in another tab), and shows it on', async () => {
    let enabled = false;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        if (init.method === 'GET') return Response.json({ enabled, recoveryCodesLeft: 10, required: false });
        enabled = true;
        return Response.json(
          { message: 'Two-factor sign-in is already on', code: 'TWO_FACTOR_ENABLED', details: [] },
          { status: 409 },
        );
      }),
    );
    await renderInRemote(
      <ToastProvider>
        <TwoFactorCard />
      </ToastProvider>,
      { language: 'ar' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'ضيف تطبيق مصادقة' }));
    expect(await screen.findByText('شغال: تسجيل الدخول بيطلب كود من تطبيق المصادقة.')).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('GET'))).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toContain('Two-factor sign-in is already on');
    expect(screen.queryByRole('button', { name: 'ضيف تطبيق مصادقة' })).toBeNull();
    await focusedOn(screen.getByRole('heading', { name: 'التحقق بخطوتين' }));
  });

  it('hides the codes shown when it was turned on while new ones are being made', async () => {
    twoFactorServer(false, { status: 200, body: { recoveryCodes: ['aaaa-bbbb'], token: 'new-token' } });
    await render();
    await startAdding();
    fireEvent.change(passwordBox(), { target: { value: 'My-Password-1' } });
    fireEvent.click(turnOn());
    await screen.findByTestId('recovery-codes');
    fireEvent.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    await screen.findByTestId('two-factor-new-codes');
    // Those codes are about to stop working: only the form is on screen.
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await screen.findByTestId('recovery-codes')).textContent).toBe('aaaa-bbbb');
  });

  it('says under the password box when the password is wrong, and stays off', async () => {
    localStorage.setItem('token', 'old-token');
    twoFactorServer(false, {
      status: 400,
      body: {
        message: 'Current password is incorrect',
        code: 'VALIDATION_FAILED',
        details: [
          { path: 'password', rule: 'currentPasswordWrong', message: 'Current password is incorrect' },
        ],
      },
    });
    await render();
    await startAdding();
    fireEvent.change(passwordBox(), { target: { value: 'not-it' } });
    fireEvent.click(turnOn());
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect((passwordBox() as HTMLInputElement).value).toBe('');
    expect(turnOn().disabled).toBe(true);
    expect(localStorage.getItem('token')).toBe('old-token');
  });

  it('turns off with the password and goes on with the new token', async () => {
    localStorage.setItem('token', 'old-token');
    const calls = twoFactorServer(true, {
      status: 200,
      body: { enabled: false, recoveryCodesLeft: 0, required: false, token: 'after-off' },
    });
    await render();
    fireEvent.change(await screen.findByLabelText('Your password'), { target: { value: 'My-Password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await toast()).toBe(
      'Two-factor sign-in is offEvery other device was signed out, and we e-mailed you about the change.',
    );
    expect(calls).toContain('POST /api/auth/two-factor/disable {"password":"My-Password-1"}');
    expect(localStorage.getItem('token')).toBe('after-off');
    await focusedOn(await screen.findByRole('button', { name: 'Add an authenticator app' }));
  });

  it('where it is required, moves to a new phone with a recovery code and the password, then shows the new QR code', async () => {
    localStorage.setItem('token', 'old-token');
    const calls = twoFactorServer(
      true,
      { status: 200, body: { enabled: false, recoveryCodesLeft: 0, required: true, token: 'after-move' } },
      true,
    );
    await render();
    const move = await screen.findByTestId('two-factor-move');
    expect(move.textContent).toContain('New phone, or lost yours?');
    // No plain "Turn off" where the administrator requires it.
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Remove it and add a new one' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Code', { exact: false }), { target: { value: 'abcde-fghjk' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Your password', { exact: false }), {
      target: { value: 'My-Password-1' },
    });
    fireEvent.click(button);
    expect(await toast()).toBe(
      'Authenticator removed: add your new one nowEvery other device was signed out, and we e-mailed you about the change.',
    );
    expect(calls).toContain(
      'POST /api/auth/two-factor/disable {"password":"My-Password-1","code":"abcde-fghjk"}',
    );
    expect(localStorage.getItem('token')).toBe('after-move');
    // The new phone's app is added right away: its QR code and the box for its first code.
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeTruthy();
    expect(calls).toContain('POST /api/auth/two-factor/setup');
    // Off, but not "your password alone signs you in": the next sign-in enrols, as the e-mail says.
    expect(
      screen.getByText('Off: add your authenticator app now, or your next sign-in asks you to.'),
    ).toBeTruthy();
    expect(screen.queryByText('Off: your password alone signs you in.')).toBeNull();
    await focusedOn(screen.getByLabelText('Code', { exact: false }));
  });

  it('makes new recovery codes with a code and the password, shows them once to copy, and keeps the session', async () => {
    localStorage.setItem('token', 'old-token');
    const fresh = ['kmnpq-rstvw', 'xyzab-cdefg'];
    const calls = twoFactorServer(true, { status: 200, body: { recoveryCodes: fresh } });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    await focusedOn(screen.getByLabelText('Code', { exact: false }));
    // Cancel gives focus back to the button that opened the form.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await focusedOn(screen.getByRole('button', { name: 'New recovery codes' }));
    fireEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const form = await screen.findByTestId('two-factor-new-codes');
    expect(form.textContent).toContain('Every recovery code you have now stops working');
    // One form at a time: "Turn off" waits.
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    const make = screen.getByRole('button', { name: 'Make new codes' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Code', { exact: false }), { target: { value: '123456' } });
    expect(make.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Your password', { exact: false }), {
      target: { value: 'My-Password-1' },
    });
    fireEvent.click(make);
    expect(await toast()).toBe(
      'New recovery codes madeThe old ones no longer work, and we e-mailed you about the change.',
    );
    expect(calls).toContain(
      'POST /api/auth/two-factor/recovery-codes {"password":"My-Password-1","code":"123456"}',
    );
    expect((await screen.findByTestId('recovery-codes')).textContent).toBe(fresh.join(''));
    await focusedOn(screen.getByTestId('recovery-codes'));
    expect(localStorage.getItem('token')).toBe('old-token');
    fireEvent.click(screen.getByRole('button', { name: 'Copy the codes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expect.stringContaining(fresh.join('\n'))));
    expect(screen.getByRole('button', { name: 'Download as a file' })).toBeTruthy();
  });

  it('says to make new recovery codes when two or fewer are left', async () => {
    twoFactorServer(true, { status: 200, body: {} }, false, 2);
    await render();
    expect((await screen.findByTestId('few-recovery-codes')).textContent).toBe(
      'Only a few recovery codes are left: make new ones before you run out.',
    );
    cleanup();
    twoFactorServer(true, { status: 200, body: {} }, false, 3);
    await render();
    await screen.findByText('Recovery codes left: 3');
    expect(screen.queryByTestId('few-recovery-codes')).toBeNull();
  });
});
