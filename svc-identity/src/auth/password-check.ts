import { translate, type Language, type Settings } from '@medrelay/contracts';
import { passwordProblems, type PasswordOwner } from '@medrelay/domain/password-policy';
import { AppError, httpError, RateLimiter, type Caller } from '@medrelay/service-kit';
import type { IdentityContext } from '../context';
import { verifyPassword } from '../passwords';
import { findPasswordHash } from '../users/repo';

/**
 * Refuses a new password the platform's policy does not allow, as a field error
 * on `path` in the caller's language. Every place a password is set calls it.
 */
export function checkNewPassword(
  settings: Settings,
  password: string,
  owner: PasswordOwner,
  path: string,
  language: Language,
): void {
  const problems = passwordProblems(password, settings.passwordPolicy, owner);
  if (!problems.length) return;
  const details = problems.map((rule) => ({ path, rule, message: translate(rule, language) }));
  throw httpError.validation(details.map((d) => d.message).join('; '), details);
}

/** Whether a password that just signed in would no longer be allowed (the user is asked to change it). */
export function isWeakPassword(settings: Settings, password: string, owner: PasswordOwner): boolean {
  return settings.passwordPolicy && passwordProblems(password, true, owner).length > 0;
}

/** Wrong passwords one account may give in an hour before its confirmations are refused (429). */
export const wrongConfirmationsPerHour = 10;

/** Who confirms: the account asking (any of its sessions). */
export type Confirmer = Pick<Caller, 'id'>;

const wrongConfirmations = (ctx: Pick<IdentityContext, 'redis' | 'prefix'>) =>
  new RateLimiter(ctx.redis, `${ctx.prefix}:confirm-account`, wrongConfirmationsPerHour, 3600);

/** Refused for a while: the wait in minutes in the caller's language, and `Retry-After`. */
const confirmationsPaused = (retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', 'passwordConfirmPaused', {
    params: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
    details: { retryAfterSeconds },
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });

/**
 * A signed-in account's own password, asked again before a change a stolen session alone must
 * not make (e-mail, password, second factor on or off, a passkey added): a wrong one is a field
 * error on `path` in the caller's language. Each attempt is counted before the check (so parallel
 * guesses count too) and given back when right: a stolen session cannot guess the password here
 * unlimited. The count is the account's, not the session's: a new session (signing out the
 * others gives one without the password) starts from the same count. It pauses only these
 * confirmations: signing in has its own limits (lockout.ts), so the owner is never locked out by
 * a thief's guesses here, and a password reset by e-mail forgives them.
 */
export async function confirmPassword(
  ctx: Pick<IdentityContext, 'pool' | 'redis' | 'prefix'>,
  who: Confirmer,
  password: string,
  path: string,
  language: Language,
): Promise<void> {
  const hash = await findPasswordHash(ctx.pool, who.id);
  if (!hash) throw httpError.unauthenticated('accountGone');
  const wrongGuesses = wrongConfirmations(ctx);
  const account = String(who.id);
  const attempt = await wrongGuesses.hit(account);
  if (!attempt.allowed) {
    await wrongGuesses.undo(account);
    throw confirmationsPaused(attempt.retryAfterSeconds);
  }
  if (await verifyPassword(hash, password)) return wrongGuesses.undo(account);
  const message = translate('currentPasswordWrong', language);
  throw httpError.validation(message, [{ path, rule: 'currentPasswordWrong', message }]);
}

/** The owner proved the mailbox (a password reset): the wrong confirmations counted so far are forgiven. */
export function forgiveWrongConfirmations(
  ctx: Pick<IdentityContext, 'redis' | 'prefix'>,
  userId: number,
): Promise<void> {
  return wrongConfirmations(ctx).reset(String(userId));
}
