import {
  translate,
  type Language,
  type Settings,
  type TotpSetup,
  type TwoFactorResetReason,
  type TwoFactorStatus,
} from '@medrelay/contracts';
import { mustUseTwoFactor, twoFactorLimits } from '@medrelay/domain/two-factor';
import {
  AppError,
  httpError,
  RateLimiter,
  withTransaction,
  type Caller,
  type PoolClient,
} from '@medrelay/service-kit';
import type { IdentityContext } from '../context';
import { accountMail } from '../auth/account-mail';
import { confirmPassword, type Confirmer } from '../auth/password-check';
import { deviceName } from '../passkeys/service';
import { findUserById } from '../users/repo';
import {
  acceptStep,
  disableTotp,
  enableTotp,
  readTotp,
  recordTwoFactorReset,
  replaceRecoveryCodes,
  setPendingSecret,
  unusedRecoveryCodes,
  useRecoveryCode,
} from './repo';
import { totpKit } from './totp';

export const secondFactorWrong = () => new AppError(401, 'SECOND_FACTOR_WRONG', 'secondFactorWrong');

/**
 * Wrong second-step codes per account, whatever the challenge: a guesser must start over with the
 * password (throttled) every few codes, and gets this many an hour. A password reset by e-mail
 * forgives them: whoever spent them had the old password, and the owner who reset it must not
 * wait out their hour.
 */
export const wrongSecondStepCodes = (ctx: Pick<IdentityContext, 'redis' | 'prefix'>) =>
  new RateLimiter(ctx.redis, `${ctx.prefix}:login:code-failures`, 10, 3600);
const alreadyOn = () => new AppError(409, 'TWO_FACTOR_ENABLED', 'twoFactorAlreadyOn');
const notOn = () => new AppError(409, 'TWO_FACTOR_NOT_ENABLED', 'twoFactorNotOn');

/**
 * What a second-step code is given for, and the browser it came from (its User-Agent): a
 * recovery code used to sign in or to turn two-factor off is e-mailed to the owner.
 */
export interface CodeUse {
  by: 'sign-in' | 'two-factor-off' | 'new-codes';
  userAgent: string | undefined;
}
/**
 * The browser a security e-mail names, in the owner's language, as the sessions list does; ''
 * when its User-Agent names none we know (none sent, curl, a script).
 */
function browserOf(userAgent: string | undefined, language: Language): string {
  const name = deviceName(userAgent, language);
  return name === translate('deviceBrowser', language) ? '' : name;
}

/** How the second factor changed: turned on or off by its owner, or removed by an administrator. */
type Change = 'on' | 'off' | { reset: TwoFactorResetReason; at: Date };

/**
 * Two-factor sign-in with an authenticator app: enrolment (a secret shown as a QR code, on only
 * once a code confirms it, with ten recovery codes in the same transaction), the check of a
 * sign-in's second step (a code is taken once: its time step must be later than the last accepted
 * one; a recovery code once, its owner e-mailed), a new set of recovery codes, and turning it
 * off. Turning it on or off, like a password change, e-mails the owner and ends every other
 * session of the account: a stolen session can neither lock the owner out with an authenticator
 * of its own nor change the second factor unseen.
 */
export function createTwoFactorService(ctx: IdentityContext) {
  const kit = totpKit(ctx.config.SEALING_KEYS);
  const now = () => ctx.clock.now();

  /** A new set of recovery codes replaces every earlier one, in the caller's transaction: the codes to show once. */
  async function newRecoveryCodes(client: PoolClient, userId: number): Promise<string[]> {
    const { shown, kept } = kit.newRecoveryCodes(twoFactorLimits.recoveryCodes);
    await replaceRecoveryCodes(client, userId, kept);
    return shown;
  }

  /**
   * In the change's transaction (the account's row locked): the owner is e-mailed, and every
   * session of the account ends before the commit, so if Redis fails nothing has changed.
   */
  async function changed(client: PoolClient, userId: number, change: Change): Promise<void> {
    const owner = await findUserById(client, userId);
    if (!owner) throw httpError.unauthenticated('accountGone');
    const settings = await ctx.settings.get();
    const mails = accountMail(ctx);
    if (typeof change === 'string') await mails.twoFactorChangedMail(client, settings, owner, change);
    else await mails.twoFactorResetMail(client, settings, owner, change.reset, change.at);
    await ctx.tokens.revokeAllFor(userId, client);
  }

  /** After the commit: the e-mail goes, and a token signed next is not counted as revoked. */
  async function afterChange(): Promise<void> {
    ctx.outbox.nudge();
    // A token issued in the same millisecond as the revocation would count as revoked.
    await new Promise((r) => setTimeout(r, 2));
  }

  /** This browser goes on in a new session that ends when the caller's would have. */
  async function replacementToken(who: Pick<Caller, 'id' | 'expiresAt'>): Promise<string> {
    const user = await findUserById(ctx.pool, who.id);
    if (!user) throw httpError.unauthenticated('accountGone');
    return ctx.tokens.signReplacement(user, who.expiresAt, (await ctx.settings.get()).sessionTimeout);
  }

  /**
   * A code from the app confirms the pending secret: two-factor is on with its recovery codes (one
   * transaction: never on without codes), the owner is e-mailed and every session of the account
   * ends; the recovery codes to save (null: the code is wrong). The caller has proved the password
   * (settings) or is signing in with it (enrolment).
   */
  async function enable(userId: number, code: string): Promise<string[] | null> {
    const recoveryCodes = await withTransaction(ctx.pool, async (client) => {
      const totp = await readTotp(client, userId, true);
      if (totp?.secret) throw alreadyOn();
      if (!totp?.pending) throw new AppError(409, 'BAD_REQUEST', 'twoFactorNotPending');
      const secret = kit.open(userId, totp.pending);
      const matched = secret ? await kit.check(secret, code, now(), null) : null;
      if (matched === null) return null;
      await enableTotp(client, userId, matched, now());
      const shown = await newRecoveryCodes(client, userId);
      await changed(client, userId, 'on');
      return shown;
    });
    if (recoveryCodes === null) return null;
    await afterChange();
    return recoveryCodes;
  }

  /**
   * A second-step code: from the app (its time step taken once) or an unused recovery code
   * (taken): which one matched, or null. A recovery code that signs in is e-mailed to the owner in
   * the transaction that takes it (turning two-factor off e-mails it with that change).
   */
  async function check(userId: number, code: string, use: CodeUse): Promise<'app' | 'recovery' | null> {
    const totp = await readTotp(ctx.pool, userId);
    if (!totp?.secret) return null;
    if (/^\d{6}$/.test(code)) {
      const secret = kit.open(userId, totp.secret);
      const step = secret ? await kit.check(secret, code, now(), totp.lastStep) : null;
      return step !== null && (await acceptStep(ctx.pool, userId, step)) ? 'app' : null;
    }
    const match = kit.matchRecoveryCode(code, await unusedRecoveryCodes(ctx.pool, userId));
    if (!match) return null;
    const settings = await ctx.settings.get();
    const taken = await withTransaction(ctx.pool, async (client) => {
      if (!(await useRecoveryCode(client, userId, match.digest, now()))) return false;
      if (use.by !== 'sign-in') return true;
      const owner = await findUserById(client, userId);
      if (!owner) return true;
      await accountMail(ctx).recoveryCodeUsedMail(client, settings, owner, {
        by: 'sign-in',
        at: now(),
        device: browserOf(use.userAgent, owner.language),
        left: (await unusedRecoveryCodes(client, userId)).length,
      });
      return true;
    });
    if (taken && use.by === 'sign-in') ctx.outbox.nudge();
    return taken ? 'recovery' : null;
  }

  /**
   * A code the owner gives in settings (to turn a required two-factor off, or for new recovery
   * codes), counted with the sign-in's wrong codes as at sign-in: before the check, given back
   * when right. Which one matched; wrong: 401, past the hour's wrong codes: 429.
   */
  async function checkCounted(userId: number, code: string, use: CodeUse): Promise<'app' | 'recovery'> {
    const wrongCodes = wrongSecondStepCodes(ctx);
    const attempt = await wrongCodes.hit(String(userId));
    if (!attempt.allowed) {
      await wrongCodes.undo(String(userId));
      throw httpError.tooManyRequests(attempt.retryAfterSeconds);
    }
    const matched = await check(userId, code, use);
    if (!matched) throw secondFactorWrong();
    await wrongCodes.undo(String(userId));
    return matched;
  }

  return {
    async enabled(userId: number): Promise<boolean> {
      return Boolean((await readTotp(ctx.pool, userId))?.secret);
    },

    async status(
      userId: number,
      userType: Parameters<typeof mustUseTwoFactor>[0],
      settings: Settings,
    ): Promise<TwoFactorStatus> {
      const totp = await readTotp(ctx.pool, userId);
      return {
        enabled: Boolean(totp?.secret),
        recoveryCodesLeft: totp?.secret ? (await unusedRecoveryCodes(ctx.pool, userId)).length : 0,
        required: mustUseTwoFactor(userType, settings.twoFactorRequired),
      };
    },

    /**
     * A new secret waiting to be confirmed (replacing any earlier one not confirmed). Refused while
     * two-factor is on: replacing the authenticator with a session alone would hand the second
     * factor to whoever holds a stolen one; turning it off asks for the password.
     */
    async setup(userId: number): Promise<TotpSetup> {
      const user = await findUserById(ctx.pool, userId);
      if (!user) throw httpError.unauthenticated('accountGone');
      if ((await readTotp(ctx.pool, userId))?.secret) throw alreadyOn();
      const settings = await ctx.settings.get();
      const setup = await kit.newSecret(settings.systemName, user.email);
      await setPendingSecret(ctx.pool, userId, kit.seal(userId, setup.secret));
      return setup;
    },

    enable,

    /**
     * On in settings: the password first (as turning it off asks, with the same per-account count
     * of wrong ones), then the app's code. The caller goes on with a new token.
     */
    async confirm(
      who: Confirmer & Pick<Caller, 'expiresAt'>,
      password: string,
      code: string,
      language: Language,
    ): Promise<{ recoveryCodes: string[]; token: string }> {
      await confirmPassword(ctx, who, password, 'password', language);
      const recoveryCodes = await enable(who.id, code);
      if (!recoveryCodes) throw secondFactorWrong();
      return { recoveryCodes, token: await replacementToken(who) };
    },

    check,

    /**
     * Off, with the password. Where the administrator requires it of this account, also with a
     * code from the app or an unused recovery code (taken), counted with the sign-in's wrong
     * codes: its owner moving to a new phone adds the new app next (the card offers it, and the
     * next sign-in would enrol it anyway), without waiting for an administrator; a session and
     * the password alone still cannot drop it. When it was on, the owner is e-mailed (and told of
     * the recovery code, when one was given), every other session ends and the caller gets a new
     * token.
     */
    async disable(
      who: Confirmer & Pick<Caller, 'expiresAt'>,
      password: string,
      code: string | undefined,
      userAgent: string | undefined,
      language: Language,
    ): Promise<TwoFactorStatus & { token?: string }> {
      const userId = who.id;
      const user = await findUserById(ctx.pool, userId);
      if (!user) throw httpError.unauthenticated('accountGone');
      const settings = await ctx.settings.get();
      const required = mustUseTwoFactor(user.userType, settings.twoFactorRequired);
      if (required && code === undefined)
        throw new AppError(409, 'TWO_FACTOR_REQUIRED', 'twoFactorStillRequired');
      await confirmPassword(ctx, who, password, 'password', language);
      // Already off (turned off from another tab): nothing for a code to prove, none counted wrong.
      const matched =
        required && (await readTotp(ctx.pool, userId))?.secret
          ? await checkCounted(userId, code!, { by: 'two-factor-off', userAgent })
          : null;
      const wasOn = await withTransaction(ctx.pool, async (client) => {
        const on = Boolean((await readTotp(client, userId, true))?.secret);
        await disableTotp(client, userId);
        if (on) await changed(client, userId, 'off');
        if (on && matched === 'recovery') {
          await accountMail(ctx).recoveryCodeUsedMail(client, settings, user, {
            by: 'two-factor-off',
            at: now(),
            device: browserOf(userAgent, user.language),
            left: 0,
          });
        }
        return on;
      });
      const off = { enabled: false, recoveryCodesLeft: 0, required };
      if (!wasOn) return off;
      await afterChange();
      return { ...off, token: await replacementToken(who) };
    },

    /**
     * Every recovery code replaced with a new set (the old ones stop working at once), shown once:
     * with the password, then a code from the app or an unused recovery code, both counted as when
     * turning a required two-factor off. The owner is e-mailed; sessions go on (the second factor
     * itself is unchanged).
     */
    async renewRecoveryCodes(
      who: Confirmer,
      password: string,
      code: string,
      userAgent: string | undefined,
      language: Language,
    ): Promise<string[]> {
      const userId = who.id;
      const user = await findUserById(ctx.pool, userId);
      if (!user) throw httpError.unauthenticated('accountGone');
      if (!(await readTotp(ctx.pool, userId))?.secret) throw notOn();
      await confirmPassword(ctx, who, password, 'password', language);
      await checkCounted(userId, code, { by: 'new-codes', userAgent });
      const settings = await ctx.settings.get();
      const recoveryCodes = await withTransaction(ctx.pool, async (client) => {
        // Turned off meanwhile (its codes went with it): nothing to replace.
        if (!(await readTotp(client, userId, true))?.secret) throw notOn();
        const shown = await newRecoveryCodes(client, userId);
        await accountMail(ctx).recoveryCodesReplacedMail(client, settings, user, {
          at: now(),
          device: browserOf(userAgent, user.language),
        });
        return shown;
      });
      ctx.outbox.nudge();
      return recoveryCodes;
    },

    /**
     * An administrator removes another account's authenticator and recovery codes (its owner lost
     * both, or found an app that is not theirs): the administrator's own password first, with its
     * per-account count of wrong ones. Then, in one transaction with the account's row locked, the
     * second factor goes, the reset is recorded (who, when, why), the owner is e-mailed and every
     * session of the account ends, as when its owner turns it off. The next password sign-in asks
     * for no code, or enrols again where the administrator's switch requires it. An administrator
     * cannot reset their own: another one checks it is them.
     */
    async reset(
      admin: Confirmer,
      userId: number,
      reason: TwoFactorResetReason,
      password: string,
      language: Language,
    ): Promise<void> {
      if (admin.id === userId) throw new AppError(403, 'SELF_TWO_FACTOR_RESET', 'selfTwoFactorReset');
      await confirmPassword(ctx, admin, password, 'password', language);
      await withTransaction(ctx.pool, async (client) => {
        const totp = await readTotp(client, userId, true);
        if (!totp) throw httpError.notFound('userNotFound');
        if (!totp.secret) throw httpError.conflict('TWO_FACTOR_NOT_ENABLED', 'userHasNoTwoFactor');
        await disableTotp(client, userId);
        const at = now();
        await recordTwoFactorReset(client, userId, reason, admin.id, at);
        await changed(client, userId, { reset: reason, at });
      });
      await afterChange();
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
