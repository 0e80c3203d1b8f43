import type { UserStatus } from '@medrelay/contracts';

/** What an administrator's status change means, named as the admin screens name it (spec §4). */
export type UserStatusAction = 'approve' | 'reject' | 'suspend' | 'reactivate';

const transitions: Record<UserStatus, Partial<Record<UserStatus, UserStatusAction>>> = {
  pending: { approved: 'approve', rejected: 'reject' },
  approved: { rejected: 'suspend' },
  rejected: { approved: 'reactivate' },
};

/**
 * The action a change from `from` to `to` is, or null when the change is not allowed.
 * `approvedBefore`: whether the account was ever approved; approving a rejected account that
 * never was (rejected at registration) is its first approval, not a reactivation.
 */
export function userStatusAction(
  from: UserStatus,
  to: UserStatus,
  approvedBefore = true,
): UserStatusAction | null {
  const action = transitions[from][to] ?? null;
  return action === 'reactivate' && !approvedBefore ? 'approve' : action;
}

/**
 * Approve / Reject decide a registration, so they act on a pending account only: a click on a
 * row another administrator already reviewed must not suspend or reactivate it (suspend and
 * reinstate are status changes of their own). Null when the account is no longer pending.
 */
export function reviewAction(from: UserStatus, to: UserStatus): UserStatusAction | null {
  return from === 'pending' ? userStatusAction(from, to) : null;
}
