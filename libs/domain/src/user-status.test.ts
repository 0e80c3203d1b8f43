import { describe, expect, it } from 'vitest';
import { reviewAction } from './user-status';

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
