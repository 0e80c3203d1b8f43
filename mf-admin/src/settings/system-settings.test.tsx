// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '@medrelay/contracts';
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

describe('system settings (issue 13 #1)', () => {
  it('shows the stored General settings in their fields', async () => {
    await renderSettings();
    await waitFor(() => expect(valueOf('System Name')).toBe('MedRelay Giza'));
    expect(valueOf('Administrator Email')).toBe('ops@medrelay.eg');
    expect(valueOf('Welcome Message')).toBe('أهلاً بيكم');
    expect(valueOf('Expiry Warning Days')).toBe('45');
    // Free text may be Arabic: the box follows what is typed.
    expect(screen.getByLabelText(/^System Name/).getAttribute('dir')).toBe('auto');
  });

  it('keeps values across tabs and shows the defaults after "Reset to Defaults"', async () => {
    await renderSettings();
    await waitFor(() => expect(valueOf('System Name')).toBe('MedRelay Giza'));
    fireEvent.click(screen.getByRole('tab', { name: 'Security' }));
    expect(valueOf('Session Timeout')).toBe('600');
    fireEvent.click(screen.getByRole('tab', { name: 'General' }));
    expect(valueOf('System Name')).toBe('MedRelay Giza');
    fireEvent.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    await waitFor(() => expect(valueOf('System Name')).toBe(defaultSettings.systemName));
    expect(valueOf('Expiry Warning Days')).toBe(String(defaultSettings.expiryWarningDays));
  });
});
