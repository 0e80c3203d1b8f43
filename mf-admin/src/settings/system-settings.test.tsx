// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, type Settings } from '@medrelay/contracts';
import { routeKey } from '@medrelay/api-client';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { renderInRemote } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import { SystemSettings } from './system-settings';

const stored: Settings = {
  ...defaultSettings,
  systemName: 'MedRelay Giza',
  adminEmail: 'ops@medrelay.eg',
  welcomeMessage: 'أهلاً بيكم',
  expiryWarningDays: 45,
  sessionTimeout: 600,
};

const valueOf = (label: string) =>
  (screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement | HTMLTextAreaElement).value;

const renderSettings = () =>
  renderInRemote(<SystemSettings />, {
    role: 'admin',
    texts,
    queryFn: async ({ queryKey }) => {
      if (queryKey[0] === '/api/admin/settings') return stored;
      throw new Error(`unexpected ${String(queryKey[0])}`);
    },
  });

describe('system settings', () => {
  it('shows the stored General settings in their fields', async () => {
    await renderSettings();
    await waitFor(() => expect(valueOf('System Name')).toBe('MedRelay Giza'));
    expect(valueOf('Administrator Email')).toBe('ops@medrelay.eg');
    expect(valueOf('Welcome Message')).toBe('أهلاً بيكم');
    expect(valueOf('Expiry Warning Days')).toBe('45');
    // Free text may be Arabic: the box follows what is typed.
    expect(screen.getByLabelText(/^System Name/).getAttribute('dir')).toBe('auto');
  });

  it('keeps values across tabs and shows the defaults after "Reset to Defaults", the administrator e-mail aside', async () => {
    await renderSettings();
    await waitFor(() => expect(valueOf('System Name')).toBe('MedRelay Giza'));
    fireEvent.click(screen.getByRole('tab', { name: 'Security' }));
    expect(valueOf('Session Timeout')).toBe('600');
    fireEvent.click(screen.getByRole('tab', { name: 'General' }));
    expect(valueOf('System Name')).toBe('MedRelay Giza');
    fireEvent.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    await waitFor(() => expect(valueOf('System Name')).toBe(defaultSettings.systemName));
    expect(valueOf('Expiry Warning Days')).toBe(String(defaultSettings.expiryWarningDays));
    // Where the platform's e-mails go stays this deployment's, not the placeholder address.
    expect(valueOf('Administrator Email')).toBe('ops@medrelay.eg');
  });
});

describe('guardrails: what individual donors may not list', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the three categories forbidden by default and saves a change', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    await renderSettings();
    fireEvent.click(await screen.findByRole('tab', { name: 'Guardrails' }));
    const group = screen.getByRole('group', { name: 'Individual donors may not list' });
    const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    expect(group).toBeTruthy();
    expect(box('Prescription-only').checked).toBe(true);
    expect(box('Controlled (narcotic / psychotropic)').checked).toBe(true);
    expect(box('Cold chain (keep refrigerated)').checked).toBe(true);
    screen.getByText(/Law 127\/1955/);
    fireEvent.click(box('Cold chain (keep refrigerated)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ donorForbiddenCategories: ['prescription', 'controlled'] });
  });
});

describe('two administrators editing the settings', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves only the fields this administrator changed, not the rest of what the screen loaded', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ ...stored, systemName: 'MedRelay Alex' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    await renderSettings();
    await waitFor(() => expect(valueOf('System Name')).toBe('MedRelay Giza'));
    fireEvent.change(screen.getByLabelText(/^System Name/), { target: { value: 'MedRelay Alex' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // Another admin's change to any other setting in the meantime is not overwritten.
    expect(sent[0]).toEqual({ systemName: 'MedRelay Alex' });
  });

  it('saves what "Reset to Defaults" changed (it marks no field as edited)', async () => {
    const sent: Record<string, unknown>[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return Response.json({ ...defaultSettings, adminEmail: stored.adminEmail });
    });
    await renderSettings();
    await waitFor(() => expect(valueOf('System Name')).toBe('MedRelay Giza'));
    fireEvent.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      systemName: defaultSettings.systemName,
      expiryWarningDays: defaultSettings.expiryWarningDays,
      sessionTimeout: defaultSettings.sessionTimeout,
    });
    expect(sent[0]).not.toHaveProperty('adminEmail');
  });

  it('asks for the settings again when the screen opens, not the copy loaded earlier', async () => {
    let onServer = 'MedRelay Giza';
    const { client, rerender } = await renderInRemote(<SystemSettings />, {
      role: 'admin',
      texts,
      queryFn: async () => ({ ...stored, systemName: onServer }),
    });
    await waitFor(() => expect(valueOf('System Name')).toBe('MedRelay Giza'));
    rerender(<></>);
    // Another administrator saves meanwhile; this one opens Settings again.
    onServer = 'MedRelay Aswan';
    expect(client.getQueryData<Settings>(routeKey(identityEndpoints.settings))?.systemName).toBe(
      'MedRelay Giza',
    );
    rerender(<SystemSettings />);
    await waitFor(() => expect(valueOf('System Name')).toBe('MedRelay Aswan'));
  });
});
