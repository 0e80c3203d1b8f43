import { describe, expect, it } from 'vitest';
import { mustUseTwoFactor } from './two-factor';

// The switch makes admins, pharmacies and NGOs enrol; donors choose.
describe('who must use two-factor sign-in', () => {
  it('is nobody while the switch is off', () => {
    for (const role of ['admin', 'pharmacy', 'ngo', 'donor'] as const)
      expect(mustUseTwoFactor(role, false)).toBe(false);
  });
  it('is admins, pharmacies and NGOs when it is on, not donors', () => {
    expect(['admin', 'pharmacy', 'ngo', 'donor'].filter((r) => mustUseTwoFactor(r as 'admin', true))).toEqual(
      ['admin', 'pharmacy', 'ngo'],
    );
  });
});
