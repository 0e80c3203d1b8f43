/**
 * The password policy: the administrator's switch. On (the default for new
 * platforms): at least 10 characters, not among the most common passwords, not containing the
 * account's e-mail or name (`password-policy.ts`, which carries the list). Off: spec §5's 6.
 * This module holds only the lengths, so forms can check them without loading the list.
 */
export const passwordLengths = { basic: 6, policy: 10, max: 128 } as const;

export function minimumPasswordLength(policyOn: boolean): number {
  return policyOn ? passwordLengths.policy : passwordLengths.basic;
}

/** What a password breaks, as message keys (libs/contracts messages). */
export type PasswordProblem = 'passwordMin' | 'passwordMinPolicy' | 'passwordCommon' | 'passwordPersonal';
