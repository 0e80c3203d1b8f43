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

/**
 * Whether a registration with this account's address replaces its application and puts it back to
 * review: only an account rejected at registration, never approved (its owner corrects what the
 * administrator could not accept). A pending or approved account, or one suspended after its
 * approval, is not reopened by registering: its owner is told that the address has an account.
 */
export function mayApplyAgain(status: UserStatus, approvedBefore: boolean): boolean {
  return status === 'rejected' && !approvedBefore;
}

/**
 * The status a registration starts in. "Auto-approve Users" lets donors and NGOs in at once, but
 * never a pharmacy: a pharmacy dispenses, and its commercial licence is what an administrator's
 * review checks (Law 127/1955 lets only licensed pharmacies dispense). An NGO approved this way
 * has its pharmacist's licence held for review (`licenceHeldAtRegistration`): without a review it
 * would receive a donor's medicine on a number nobody checked.
 */
export function registrationStatus(userType: string, autoApproveUsers: boolean): 'approved' | 'pending' {
  return autoApproveUsers && userType !== 'pharmacy' && userType !== 'admin' ? 'approved' : 'pending';
}

/** Whether a new account's pharmacist's licence waits for an administrator apart from the account. */
export function licenceHeldAtRegistration(
  user: { userType: string; pharmacistLicense?: string | null | undefined },
  status: 'approved' | 'pending',
): boolean {
  return status === 'approved' && user.userType === 'ngo' && Boolean(user.pharmacistLicense);
}

/**
 * Who may delete their own account (the right to erasure, Law 151/2020): donors. A pharmacy or an
 * NGO holds business and legal records (its licences, the medicines it handed over or received),
 * so it writes to the administrator instead.
 */
export function maySelfDelete(userType: string): boolean {
  return userType === 'donor';
}

/**
 * The name a deleted account keeps, so the hand-overs and custody entries that refer to it still
 * name someone; screens show it as "Deleted account" in the reader's language (libs/i18n).
 */
export const deletedAccountName = 'Deleted account';

/**
 * The address a deleted account keeps: unique, under `.invalid` (RFC 2606: no mail can be
 * delivered there), so the real address is free to register again.
 */
export function deletedAccountEmail(id: number): string {
  return `deleted-${id}@deleted.invalid`;
}

/** Whether mail can reach an address: not one under `.invalid` (a deleted account's). */
export function receivesMail(address: string): boolean {
  return !/\.invalid>?$/i.test(address.trim());
}
