// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@medrelay/contracts';
import { MemoryRouter } from 'react-router-dom';
import { renderInRemote } from '@medrelay/ui/test-support';
import { shellTexts } from '../texts';
import { AccountSettingsPage, PasswordCard } from './account-settings';
import { EmailCard } from './email-card';

const user = (overrides: Partial<User>): User => ({
  id: 7,
  email: 'mona@example.com',
  name: 'Mona Adel',
  phone: '+201001234567',
  userType: 'ngo',
  status: 'approved',
  language: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  profile: {
    address: '12 Tahrir St, Cairo',
    organizationName: 'Resala Giza',
    commercialNumber: 'CN-4411',
  },
  emailVerified: true,
  pendingEmail: null,
  ...overrides,
});

/** The server refusing the typed password, as confirmPassword does (its field in `details`). */
const wrongPassword = (path: string) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json(
        {
          message: 'Current password is incorrect',
          code: 'VALIDATION_FAILED',
          details: [{ path, rule: 'currentPasswordWrong', message: 'Current password is incorrect' }],
        },
        { status: 400 },
      ),
    ),
  );

const valueOf = (label: string) => (screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement).value;

describe('account settings', () => {
  it('shows the stored profile in the fields, not empty boxes', async () => {
    await renderInRemote(
      <MemoryRouter>
        <AccountSettingsPage user={user({ governorate: 'giza', area: 'dokki' })} />
      </MemoryRouter>,
      {
        role: 'ngo',
        texts: shellTexts,
        namespace: 'shell',
      },
    );
    await waitFor(() => expect(valueOf('Name')).toBe('Mona Adel'));
    expect(valueOf('Phone')).toBe('+201001234567');
    expect(valueOf('Address')).toBe('12 Tahrir St, Cairo');
    expect(valueOf('Organization Name')).toBe('Resala Giza');
    expect(valueOf('Commercial Number')).toBe('CN-4411');
    // the governorate, one of the 27, chosen from a list.
    expect(valueOf('Governorate')).toBe('giza');
    expect(
      within(screen.getByLabelText('Governorate')).getAllByRole('option', { hidden: true }),
    ).toHaveLength(28);
    // The area, among the governorate's, and no pin yet.
    expect(valueOf('Area')).toBe('dokki');
    expect(within(screen.getByLabelText('Area')).getAllByRole('option', { hidden: true })).toHaveLength(10);
    screen.getByText('No pin: the centre of your area counts');
  });

  it("shows a pharmacy's licence number in Arabic too", async () => {
    await renderInRemote(
      <MemoryRouter>
        <AccountSettingsPage
          user={user({ userType: 'pharmacy', profile: { address: 'الدقي', commercialLicense: 'LIC-9' } })}
        />
      </MemoryRouter>,
      { role: 'pharmacy', language: 'ar', texts: shellTexts, namespace: 'shell' },
    );
    await waitFor(() => expect(valueOf('رقم الترخيص التجاري')).toBe('LIC-9'));
    expect(valueOf('العنوان')).toBe('الدقي');
    expect(valueOf('المحافظة')).toBe('');
    screen.getByRole('option', { name: 'الإسكندرية', hidden: true });
  });

  it('shows a stored pin by its coordinates, in both languages', async () => {
    const pinned = user({ governorate: 'giza', area: 'dokki', pin: { lat: 30.046, lng: 31.2123 } });
    const english = await renderInRemote(
      <MemoryRouter>
        <AccountSettingsPage user={pinned} />
      </MemoryRouter>,
      { role: 'ngo', texts: shellTexts, namespace: 'shell' },
    );
    await screen.findByText('Pinned at 30.046, 31.2123');
    screen.getByRole('button', { name: 'Remove pin' });
    english.unmount();
    await renderInRemote(
      <MemoryRouter>
        <AccountSettingsPage user={pinned} />
      </MemoryRouter>,
      { role: 'ngo', language: 'ar', texts: shellTexts, namespace: 'shell' },
    );
    await screen.findByText('متحدد عند 30.046، 31.2123');
  });
});

describe("the pharmacist's licence an approved NGO adds", () => {
  const ngo = (profile: Partial<NonNullable<User['profile']>>) =>
    user({
      profile: { address: null, organizationName: 'Resala Giza', commercialNumber: 'CN-4411', ...profile },
    });

  it('says it waits for the administrator, in both languages, and cannot be changed meanwhile', async () => {
    const waiting = ngo({ pharmacistLicense: '104471', pharmacistLicensePending: true });
    const english = await renderInRemote(
      <MemoryRouter>
        <AccountSettingsPage user={waiting} />
      </MemoryRouter>,
      { role: 'ngo', texts: shellTexts, namespace: 'shell' },
    );
    await waitFor(() => expect(valueOf("Pharmacist's Licence Number")).toBe('104471'));
    screen.getByText(
      "Waiting for the administrator's review. Until it is accepted you receive pharmacies' stock, not donors' medicines.",
    );
    expect((screen.getByLabelText(/^Pharmacist's Licence Number/) as HTMLInputElement).readOnly).toBe(true);
    english.unmount();
    await renderInRemote(
      <MemoryRouter>
        <AccountSettingsPage user={waiting} />
      </MemoryRouter>,
      { role: 'ngo', language: 'ar', texts: shellTexts, namespace: 'shell' },
    );
    await screen.findByText(
      'مستني مراجعة إدارة المنصة. لحد ما يتقبل، بيوصلكم أدوية الصيدليات بس مش أدوية المتبرعين.',
    );
  });

  it('may be typed when none is recorded, saying the administrator reviews it; an accepted one is locked', async () => {
    const none = await renderInRemote(
      <MemoryRouter>
        <AccountSettingsPage user={ngo({ pharmacistLicense: null })} />
      </MemoryRouter>,
      { role: 'ngo', texts: shellTexts, namespace: 'shell' },
    );
    await screen.findByText(
      "Add your pharmacist's licence number: the administrator reviews it before donors' medicines can reach you.",
    );
    expect((screen.getByLabelText(/^Pharmacist's Licence Number/) as HTMLInputElement).readOnly).toBe(false);
    expect(screen.queryByText(/Waiting for the administrator's review/)).toBeNull();
    none.unmount();
    await renderInRemote(
      <MemoryRouter>
        <AccountSettingsPage user={ngo({ pharmacistLicense: '104471', pharmacistLicensePending: false })} />
      </MemoryRouter>,
      { role: 'ngo', language: 'ar', texts: shellTexts, namespace: 'shell' },
    );
    await waitFor(() => expect(valueOf('رقم ترخيص الصيدلي')).toBe('104471'));
    expect((screen.getByLabelText(/^رقم ترخيص الصيدلي/) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByText(/مستني مراجعة/)).toBeNull();
  });

  it('tells a short new password the policy’s 10 characters, as the meter does, not "6" and then "10"', async () => {
    await renderInRemote(
      <MemoryRouter>
        <PasswordCard user={user({})} />
      </MemoryRouter>,
      { role: 'ngo', texts: shellTexts, namespace: 'shell' },
    );
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'Old-Password-1' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    // The field's error and the meter's problem: the same bar.
    await waitFor(() =>
      expect(screen.getAllByText('Password must be at least 10 characters')).toHaveLength(2),
    );
    expect(screen.queryByText('Password must be at least 6 characters')).toBeNull();
  });

  it('says under the current password box that it is wrong, and puts focus there', async () => {
    wrongPassword('currentPassword');
    await renderInRemote(
      <MemoryRouter>
        <PasswordCard user={user({})} />
      </MemoryRouter>,
      { role: 'ngo', texts: shellTexts, namespace: 'shell', language: 'ar' },
    );
    const current = screen.getByLabelText(/^كلمة السر الحالية/);
    fireEvent.change(current, { target: { value: 'Not-The-Password-1' } });
    fireEvent.change(screen.getByLabelText(/^كلمة السر الجديدة/), {
      target: { value: 'A-New-Strong-Pass-77' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'غيّر كلمة السر' }));
    expect(await screen.findByText('كلمة السر الحالية مش صحيحة')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(current));
    vi.unstubAllGlobals();
  });
});

describe('the e-mail change', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says under the password box that it is wrong, and puts focus there', async () => {
    wrongPassword('password');
    await renderInRemote(<EmailCard user={user({})} />, {
      role: 'ngo',
      texts: shellTexts,
      namespace: 'shell',
    });
    fireEvent.change(screen.getByLabelText(/^New e-mail address/), {
      target: { value: 'mona.new@example.com' },
    });
    const password = screen.getByLabelText(/^Your password/);
    fireEvent.change(password, { target: { value: 'Not-The-Password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(password));
  });
});

describe('buttons while their change runs', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A server whose answer to a change waits until `answer` is called. */
  function slowServer(body: unknown) {
    let answer = () => undefined as void;
    const waiting = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        if (init.method === 'GET') return Response.json({});
        await waiting;
        return Response.json(body);
      }),
    );
    return () => answer();
  }
  /** Stays focusable (aria-disabled, not disabled) while the change runs, and keeps focus after. */
  const staysFocused = async (button: HTMLButtonElement, answer: () => void) => {
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    answer();
    await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
    expect(document.activeElement).toBe(button);
  };

  it("keeps focus on the profile's Save while it saves (Arabic)", async () => {
    const answer = slowServer(user({}));
    await renderInRemote(
      <MemoryRouter>
        <AccountSettingsPage user={user({})} />
      </MemoryRouter>,
      { role: 'ngo', language: 'ar', texts: shellTexts, namespace: 'shell' },
    );
    const save = screen.getByRole('button', { name: 'احفظ البيانات' }) as HTMLButtonElement;
    save.focus();
    fireEvent.click(save);
    await staysFocused(save, answer);
  });

  it('keeps focus on "Send the confirmation link again" while it sends', async () => {
    const answer = slowServer({ message: 'Sent' });
    await renderInRemote(<EmailCard user={user({ emailVerified: false })} />, {
      role: 'ngo',
      texts: shellTexts,
      namespace: 'shell',
    });
    const resend = screen.getByRole('button', {
      name: 'Send the confirmation link again',
    }) as HTMLButtonElement;
    resend.focus();
    fireEvent.click(resend);
    await staysFocused(resend, answer);
  });
});
