import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { minimumPasswordLength, type PasswordProblem } from './password-rules';

export * from './password-rules';

/** Whose password it is: its words must not be in it. */
export interface PasswordOwner {
  email?: string | null | undefined;
  name?: string | null | undefined;
}

let common: ReadonlySet<string> | null = null;
/** zxcvbn-ts's list of common passwords (about 49,000, most used first), built on first use. */
function commonPasswords(): ReadonlySet<string> {
  return (common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));
}

/** The account's words worth guessing: the e-mail, its local part and the name's words (3+ letters). */
function personalWords(owner: PasswordOwner): string[] {
  const email = owner.email?.trim().toLowerCase() ?? '';
  const local = email.split('@')[0] ?? '';
  const nameWords = (owner.name ?? '').toLowerCase().split(/[\s._-]+/u);
  return [email, local, ...local.split(/[._+-]+/), ...nameWords].filter((w) => [...w].length >= 3);
}

/**
 * Everything a new password breaks under the policy; empty when it may be used.
 * With the policy off, only spec §5's 6 characters apply.
 */
export function passwordProblems(
  password: string,
  policyOn: boolean,
  owner: PasswordOwner = {},
): PasswordProblem[] {
  // Under the policy a short one is told the policy's length from the first keystroke.
  if (password.length < minimumPasswordLength(false)) return [policyOn ? 'passwordMinPolicy' : 'passwordMin'];
  if (!policyOn) return [];
  const problems: PasswordProblem[] = [];
  if (password.length < minimumPasswordLength(true)) problems.push('passwordMinPolicy');
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) problems.push('passwordCommon');
  if (personalWords(owner).some((word) => lower.includes(word))) problems.push('passwordPersonal');
  return problems;
}

let estimator: ZxcvbnFactory | null = null;
/**
 * How hard the password is to guess, 0 (very weak) to 4 (strong), by zxcvbn-ts with the common
 * list and the owner's words: the strength meter beside every password field.
 */
export function passwordStrength(password: string, owner: PasswordOwner = {}): 0 | 1 | 2 | 3 | 4 {
  if (!password) return 0;
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  return estimator.check(password, personalWords(owner)).score;
}
