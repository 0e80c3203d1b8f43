import { translate, type Language, type Settings } from '@medrelay/contracts';
import { passwordProblems, type PasswordOwner } from '@medrelay/domain/password-policy';
import { httpError, RateLimiter } from '@medrelay/service-kit';
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

/** Wrong passwords a signed-in account may give in an hour before confirmations are refused (429). */
export const wrongConfirmationsPerHour = 10;

/**
 * A signed-in account's own password, asked again before a change a stolen session alone must
 * not make (e-mail, password, second factor off, a passkey added): a wrong one is a field error on
 * `path` in the caller's language. Each attempt is counted before the check (so parallel guesses
 * count too) and given back when right: a stolen session cannot guess the password here unlimited.
 */
export async function confirmPassword(
  ctx: Pick<IdentityContext, 'pool' | 'redis' | 'prefix'>,
  userId: number,
  password: string,
  path: string,
  language: Language,
): Promise<void> {
  const hash = await findPasswordHash(ctx.pool, userId);
  if (!hash) throw httpError.unauthenticated('accountGone');
  const wrongGuesses = new RateLimiter(ctx.redis, `${ctx.prefix}:confirm`, wrongConfirmationsPerHour, 3600);
  const attempt = await wrongGuesses.hit(String(userId));
  if (!attempt.allowed) {
    await wrongGuesses.undo(String(userId));
    throw httpError.tooManyRequests(attempt.retryAfterSeconds);
  }
  if (await verifyPassword(hash, password)) return wrongGuesses.undo(String(userId));
  const message = translate('currentPasswordWrong', language);
  throw httpError.validation(message, [{ path, rule: 'currentPasswordWrong', message }]);
}
