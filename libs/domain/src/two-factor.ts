import type { UserType } from '@medrelay/contracts';

/**
 * Who must use a second factor when the administrator's Two-Factor Authentication switch is on
 *: the accounts that decide who receives medicines and run the platform.
 * Donors may still turn it on for themselves.
 */
const requiredOf: readonly UserType[] = ['admin', 'pharmacy', 'ngo'];

export function mustUseTwoFactor(userType: UserType, switchOn: boolean): boolean {
  return switchOn && requiredOf.includes(userType);
}

/** How many single-use recovery codes an enrolment gives, and how long a sign-in waits for its second step. */
export const twoFactorLimits = {
  recoveryCodes: 10,
  challengeSeconds: 300,
  codeTriesPerChallenge: 5,
} as const;
