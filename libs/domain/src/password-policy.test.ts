import { describe, expect, it } from 'vitest';
import { minimumPasswordLength, passwordProblems, passwordStrength } from './password-policy';

// The policy the administrator's switch turns on; off → spec §5's 6 characters.
describe('the password policy', () => {
  const owner = { email: 'mona.adel@resala.org', name: 'Mona Adel' };

  it('off: only the 6 characters of spec §5', () => {
    expect(minimumPasswordLength(false)).toBe(6);
    expect(passwordProblems('12345', false, owner)).toEqual(['passwordMin']);
    expect(passwordProblems('secret123', false, owner)).toEqual([]);
    expect(passwordProblems('mona1234', false, owner)).toEqual([]);
  });

  it('on: 10 characters, not a common password, nothing of the e-mail or name', () => {
    expect(minimumPasswordLength(true)).toBe(10);
    // One bar from the first keystroke: not "6" under 6 characters and then "10".
    expect(passwordProblems('12345', true, owner)).toEqual(['passwordMinPolicy']);
    expect(passwordProblems('Nile-Ferry', true, owner)).toEqual([]);
    expect(passwordProblems('secret123', true, owner)).toEqual(['passwordMinPolicy', 'passwordCommon']);
    expect(passwordProblems('1234567890', true, owner)).toEqual(['passwordCommon']);
    expect(passwordProblems('Qwertyuiop', true, owner)).toEqual(['passwordCommon']);
    expect(passwordProblems('adel-2026-nile', true, owner)).toEqual(['passwordPersonal']);
    expect(passwordProblems('x-MONA-feb-2x', true, owner)).toEqual(['passwordPersonal']);
    expect(passwordProblems('Delta-Barrage-2031', true, owner)).toEqual([]);
  });

  it('rates strength from 0 to 4 for the meter', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('password')).toBe(0);
    expect(passwordStrength('mona.adel1', owner)).toBeLessThanOrEqual(1);
    expect(passwordStrength('secret123')).toBeLessThanOrEqual(1);
    expect(passwordStrength('Delta-Barrage-2031 kite')).toBe(4);
  });
});
