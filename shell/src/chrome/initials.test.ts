import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initials (#6)', () => {
  it('takes the first letters of the first and last words, in reading order', () => {
    expect(initialsOf('Mona Adel')).toBe('MA');
    expect(initialsOf('mona el sayed adel')).toBe('MA');
    expect(initialsOf('Dokki Corner Pharmacy (branch 2)')).toBe('DP');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('  ')).toBe('');
  });

  it('gives Arabic names their initials, kept apart so they do not join', () => {
    expect(initialsOf('منى عادل')).toBe('م\u200cع');
  });
});
