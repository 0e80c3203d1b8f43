// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInRemote } from '@medrelay/ui/test-support';
import { ToastProvider } from '../chrome/toasts';
import { RecoveryCodes, useSecondStep, type SecondStepState } from './second-step';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const focusedOn = (element: HTMLElement) => waitFor(() => expect(document.activeElement).toBe(element));

describe('the recovery codes shown once', () => {
  it('offers to copy or download the codes shown at sign-in, when the administrator requires enrolment', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const codes = ['aaaaa-11111', 'bbbbb-22222'];
    // The sign-in's enrolment step shows its codes with this component (auth/second-step.tsx).
    await renderInRemote(
      <ToastProvider>
        <RecoveryCodes codes={codes} />
      </ToastProvider>,
      { language: 'ar' },
    );
    // Left-to-right strings, aligned at their start (left) in Arabic too, not at the right.
    const list = screen.getByRole('list', { name: 'احفظ أكواد الاسترجاع' });
    expect(list.getAttribute('dir')).toBe('ltr');
    expect(getComputedStyle(list).textAlign).toBe('start');
    fireEvent.click(screen.getByRole('button', { name: 'انسخ الأكواد' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expect.stringContaining(codes.join('\n'))));
    expect(screen.getByRole('button', { name: 'نزّلهم في ملف' })).toBeTruthy();
  });
});

describe("the sign-in's second step", () => {
  /** The login page's second step, as it shows it once the password was right. */
  function SecondStep({ first }: { first: SecondStepState }) {
    const [step, setStep] = useState(first);
    const second = useSecondStep({ step, onStep: setStep, done: () => undefined, restart: () => undefined });
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void second.submit();
        }}
      >
        <p data-testid="subtitle">{second.subtitle}</p>
        {second.body}
      </form>
    );
  }

  it('puts focus on the code box when it comes, and back on it after a wrong code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: 'That code is not right', code: 'X', details: [] }, { status: 401 }),
      ),
    );
    await renderInRemote(
      <ToastProvider>
        <SecondStep first={{ kind: 'code', challenge: 'ch-1' }} />
      </ToastProvider>,
    );
    const box = screen.getByLabelText('Code', { exact: false });
    // The password form it replaces is gone: focus is on the box, not the page's body.
    await focusedOn(box);
    fireEvent.change(box, { target: { value: '000000' } });
    screen.getByRole('button', { name: 'Verify' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right')).toBeTruthy();
    await focusedOn(box);
  });

  it('shows the codes made at the enrolment the administrator requires, focused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        Response.json(
          url.endsWith('/setup')
            ? { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://x', qrSvg: '<svg></svg>' }
            : { token: 't', user: { id: 'u' }, recoveryCodes: ['aaaaa-11111'] },
        ),
      ),
    );
    await renderInRemote(
      <ToastProvider>
        <SecondStep first={{ kind: 'enrol', challenge: 'ch-2', setup: null, codes: null, answer: null }} />
      </ToastProvider>,
    );
    const box = await screen.findByLabelText('Code', { exact: false });
    await focusedOn(box);
    expect(screen.getByRole('button', { name: 'Start again' })).toBeTruthy();
    fireEvent.change(box, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await focusedOn(await screen.findByRole('list', { name: 'Save your recovery codes' }));
    // Two-factor is on now: starting again could only fail.
    expect(screen.queryByRole('button', { name: 'Start again' })).toBeNull();
    // No QR code is left to scan: the subtitle no longer asks to.
    expect(screen.getByTestId('subtitle').textContent).toBe(
      'On: signing in asks for a code from your authenticator app.',
    );
  });
});
