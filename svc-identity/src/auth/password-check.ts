import { translate, type Language, type Settings } from '@medrelay/contracts';
import { passwordProblems, type PasswordOwner } from '@medrelay/domain/password-policy';
import { httpError, RateLimiter, type Caller } from '@medrelay/service-kit';
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

/** Wrong passwords one session may give in an hour before its confirmations are refused (429). */
export const wrongConfirmationsPerHour = 10;

/** Who confirms: the account and the session (token) asking. */
export type Confirmer = Pick<Caller, 'id' | 'tokenId'>;

/**
 * A signed-in account's own password, asked again before a change a stolen session alone must
 * not make (e-mail, password, second factor off, a passkey added): a wrong one is a field error on
 * `path` in the caller's language. Each attempt is counted before the check (so parallel guesses
 * count too) and given back when right: a stolen session cannot guess the password here unlimited.
 * The count is the session's: a thief's guesses do not lock the owner's own sessions out (a
 * session is opened only with the password, so a thief has no way to a fresh count).
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
  const wrongGuesses = new RateLimiter(ctx.redis, `${ctx.prefix}:confirm`, wrongConfirmationsPerHour, 3600);
  const session = `${who.id}:${who.tokenId}`;
  const attempt = await wrongGuesses.hit(session);
  if (!attempt.allowed) {
    await wrongGuesses.undo(session);
    throw httpError.tooManyRequests(attempt.retryAfterSeconds);
  }
  if (await verifyPassword(hash, password)) return wrongGuesses.undo(session);
  const message = translate('currentPasswordWrong', language);
  throw httpError.validation(message, [{ path, rule: 'currentPasswordWrong', message }]);
}
