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

/**
 * Few recovery codes left: the owner is told to make new ones (the e-mail after a recovery code
 * is used, and the settings card). At most this many, and at least one: with none left the
 * account has no way in without its phone.
 */
export const fewRecoveryCodes = 2;
export const fewRecoveryCodesLeft = (left: number): boolean => left <= fewRecoveryCodes;
