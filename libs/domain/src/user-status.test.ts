import { describe, expect, it } from 'vitest';
import { mayApplyAgain, reviewAction, userStatusAction } from './user-status';

describe('reviewAction (Approve / Reject of a registration)', () => {
  it('decides a pending account only', () => {
    expect(reviewAction('pending', 'approved')).toBe('approve');
    expect(reviewAction('pending', 'rejected')).toBe('reject');
    // Already reviewed by someone else: no suspension or reactivation through Approve / Reject.
    expect(reviewAction('approved', 'rejected')).toBeNull();
    expect(reviewAction('rejected', 'approved')).toBeNull();
    expect(reviewAction('approved', 'approved')).toBeNull();
  });
});

describe('userStatusAction', () => {
  it('approving a rejected account is a reactivation only if it had been approved before', () => {
    expect(userStatusAction('rejected', 'approved', true)).toBe('reactivate');
    expect(userStatusAction('rejected', 'approved', false)).toBe('approve');
    expect(userStatusAction('approved', 'rejected', true)).toBe('suspend');
  });
});

describe('mayApplyAgain', () => {
  it('reopens only an account rejected at registration, never one suspended after its approval', () => {
    expect(mayApplyAgain('rejected', false)).toBe(true);
    expect(mayApplyAgain('rejected', true)).toBe(false);
    expect(mayApplyAgain('pending', false)).toBe(false);
    expect(mayApplyAgain('approved', true)).toBe(false);
  });
});
