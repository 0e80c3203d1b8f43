import { describe, expect, it } from 'vitest';
import { stoppedBySwitch } from './mail-switch';

describe('what the "Email Notifications" switch stops', () => {
  it('stops notices and digests only', () => {
    for (const template of ['account-approved', 'account-suspended', 'admin-registration-digest'] as const) {
      expect(stoppedBySwitch({ template }), template).toBe(true);
    }
    for (const template of [
      'password-reset',
      'email-verification',
      'account-locked-owner',
      'password-changed',
      'passkey-added',
      'passkey-removed',
      'two-factor-changed',
      'two-factor-reset',
      'recovery-code-used',
      'recovery-codes-replaced',
      'admin-account-locked',
      'registration-received',
      'recall-quarantined',
      'account-rejected',
    ] as const) {
      expect(stoppedBySwitch({ template }), template).toBe(false);
    }
  });

  it('lets an approval at registration through: it carries the verification link', () => {
    expect(stoppedBySwitch({ template: 'account-approved', sealed: 'sealed-link' })).toBe(false);
  });
});
