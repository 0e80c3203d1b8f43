import { translate, type EmailChange, type Language } from '@medrelay/contracts';
import { AppError, httpError, RateLimiter, withTransaction, type PoolClient } from '@medrelay/service-kit';
import type { IdentityContext } from '../context';
import { forgetDevices, rememberDevice } from '../devices/repo';
import {
  allLinkPurposes,
  linkOwner,
  linksEndedByNewPassword,
  linksToAccountAddress,
  useLink,
  type LinkPurpose,
} from '../links/links';
import { retireLinks } from '../links/repo';
import { deleteAllPasskeys } from '../passkeys/repo';
import { wrongSecondStepCodes } from '../two-factor/service';
import { queueMail } from '../mail/outbox';
import { hashPassword } from '../passwords';
import { markEmailVerified, replaceEmail } from '../users/email-repo';
import { recordUserEvent } from '../users/events';
import { findUserById, updatePasswordHash } from '../users/repo';
import { accountMail, forgotPasswordUrl } from './account-mail';
import { linkRequests } from './link-requests';
import {
  checkNewPassword,
  confirmPassword,
  forgiveWrongConfirmations,
  type Confirmer,
} from './password-check';

export const linkInvalid = () => new AppError(400, 'LINK_INVALID', 'linkInvalid');

/**
 * E-mailed links: asking for a reset or unlock by e-mail address (the request writes a job whatever
 * the address, the worker sends: `link-requests.ts`), opening each kind of link, and the links the
 * signed-in owner asks for itself. The answer to an e-mail address never says whether it has an
 * account.
 */
export function createLinkService(ctx: IdentityContext) {
  const c = ctx.config;
  const mail = accountMail(ctx);
  const asked = linkRequests(ctx);
  /** Links the signed-in owner asks for itself (the verification again, an e-mail change): its own budget. */
  const ownRequests = new RateLimiter(
    ctx.redis,
    `${ctx.prefix}:links:own`,
    c.LINK_MAILS_PER_ACCOUNT_ADDRESS,
    3600,
  );

  /**
   * Uses a link once, for an account that may still use it, or answers LINK_INVALID. The owner's
   * row is locked first, as a suspension locks it before retiring the links, so the two never
   * wait on each other and a link is never used by an account a suspension just committed. A
   * link of a rejected (or suspended) account, or a reset or unlock link sent to an address the
   * account no longer has, is refused like a used one (the transaction rolls back).
   */
  async function openLink(client: PoolClient, token: string, purposes: readonly LinkPurpose[], now: Date) {
    const owner = await linkOwner(client, token);
    const user = owner === null ? null : await findUserById(client, owner, true);
    if (!user || user.status === 'rejected') throw linkInvalid();
    const link = await useLink(client, token, purposes, now);
    if (!link || link.userId !== user.id) throw linkInvalid();
    const toAccount = linksToAccountAddress.includes(link.purpose);
    if (toAccount && link.email.toLowerCase() !== user.email.toLowerCase()) throw linkInvalid();
    return { link, user };
  }

  const settingsNow = () => ctx.settings.get();
  const resetUrl = forgotPasswordUrl(c.PUBLIC_URL);

  return {
    /** Forgot password: the same 202 for any e-mail; an account gets a link valid PASSWORD_RESET_MINUTES. */
    async requestReset(email: string, address: string, device: string | null, language: Language) {
      await asked.ask('reset', email, address, device);
      return { message: translate('passwordResetSent', language) };
    },

    /**
     * Sets the password with a reset link, once: every session of the account ends before the new
     * hash is stored (if ending them fails, nothing changes and the link still works), the other
     * reset links stop working, and the address counts as proven (the link reached it). Every
     * browser the account knew is a stranger again, and the one that opened the link (`deviceKey`)
     * becomes known, as an unlock link makes it: the owner signs in there even while strangers
     * are locked out.
     */
    async confirmReset(token: string, password: string, deviceKey: string, language: Language) {
      const passwordHash = await hashPassword(password);
      const settings = await settingsNow();
      await withTransaction(ctx.pool, async (client) => {
        const now = ctx.clock.now();
        const { link, user } = await openLink(client, token, ['password-reset'], now);
        // Refused before anything is stored: the transaction rolls back and the link still works.
        checkNewPassword(settings, password, user, 'password', language);
        await ctx.tokens.revokeAllFor(user.id, client);
        // Every session is ended: the wrong confirmations a thief's session made are the owner's no
        // more, nor the wrong sign-in codes of whoever had the old password.
        await forgiveWrongConfirmations(ctx, user.id);
        await wrongSecondStepCodes(ctx).reset(String(user.id));
        await updatePasswordHash(client, user.id, passwordHash);
        await retireLinks(client, user.id, linksEndedByNewPassword, now);
        await deleteAllPasskeys(client, user.id);
        await forgetDevices(client, user.id, null);
        await rememberDevice(client, user.id, deviceKey);
        await markEmailVerified(client, user.id, link.email, now);
        await mail.passwordChangedMail(client, settings, user, 'reset');
      });
      ctx.outbox.nudge();
      return { message: translate('passwordResetDone', language) };
    },

    /** Opens a verification link: the address is proven, or (a change) becomes the account's. */
    async verifyEmail(token: string, language: Language) {
      const changed = await withTransaction(ctx.pool, async (client) => {
        const now = ctx.clock.now();
        const { link } = await openLink(client, token, ['email-verification', 'email-change'], now);
        if (link.purpose === 'email-verification') {
          if (!(await markEmailVerified(client, link.userId, link.email, now))) throw linkInvalid();
          return false;
        }
        try {
          await replaceEmail(client, link.userId, link.email, now);
        } catch (err) {
          // Another account took the address since the link was sent.
          if ((err as { code?: string }).code === '23505')
            throw httpError.conflict('EMAIL_TAKEN', 'emailTaken', { path: 'email' });
          throw err;
        }
        // Every other link goes: a reset or unlock link sent to the old address opens nothing now.
        await retireLinks(client, link.userId, allLinkPurposes, now);
        const user = await findUserById(client, link.userId);
        if (user) await recordUserEvent(client, 'user.updated', user);
        return true;
      });
      if (changed) ctx.outbox.nudge();
      return { message: translate(changed ? 'emailChanged' : 'emailVerified', language) };
    },

    /** The verification link again, to the account's own unproven address (at most LINK_MAILS_PER_ACCOUNT_ADDRESS an hour). */
    async resendVerification(userId: number, language: Language) {
      const user = await findUserById(ctx.pool, userId);
      if (!user) throw httpError.unauthenticated('accountGone');
      if (!user.emailVerified && (await ownRequests.hit(`${user.id}`)).allowed) {
        const settings = await settingsNow();
        await withTransaction(ctx.pool, async (client) => {
          const verify = await mail.verificationMail(client, user, user.email, false);
          await queueMail(client, settings, {
            template: 'email-verification',
            to: user.email,
            language: user.language,
            idempotencyKey: `verify:${user.id}:${ctx.clock.now().getTime()}`,
            data: { name: user.name, ...verify.data },
            sealed: verify.sealed,
          });
        });
        ctx.outbox.nudge();
      }
      return { message: translate('verificationSent', language) };
    },

    /**
     * A new address for the own account, with the current password: it takes effect only when the
     * link sent to it is opened; the old address is told. Whether another account has it is not
     * said here (that would list accounts): opening the link would then fail.
     */
    async changeEmail(who: Confirmer, change: EmailChange, language: Language) {
      const userId = who.id;
      await confirmPassword(ctx, who, change.password, 'password', language);
      const user = (await findUserById(ctx.pool, userId))!;
      if (
        user.email.toLowerCase() !== change.email.toLowerCase() &&
        (await ownRequests.hit(`${user.id}`)).allowed
      ) {
        const settings = await settingsNow();
        await withTransaction(ctx.pool, async (client) => {
          const now = ctx.clock.now();
          await retireLinks(client, user.id, ['email-change'], now);
          const verify = await mail.verificationMail(client, user, change.email, true);
          await queueMail(client, settings, {
            template: 'email-verification',
            to: change.email,
            language: user.language,
            idempotencyKey: `email-change:${user.id}:${now.getTime()}`,
            data: { name: user.name, ...verify.data },
            sealed: verify.sealed,
          });
          await queueMail(client, settings, {
            template: 'email-change-requested',
            to: user.email,
            language: user.language,
            idempotencyKey: `email-change-told:${user.id}:${now.getTime()}`,
            data: { name: user.name, newEmail: change.email, resetUrl },
          });
        });
        ctx.outbox.nudge();
      }
      return { message: translate('emailChangeSent', language) };
    },

    /** A locked-out owner asks for an unlock link: the same 202 for any e-mail. */
    async requestUnlock(email: string, address: string, device: string | null, language: Language) {
      await asked.ask('unlock', email, address, device);
      return { message: translate('unlockSent', language) };
    },

    /** Opens an unlock link: the browser (its device key) becomes known to the account. */
    async unlock(token: string, deviceKey: string, language: Language) {
      await withTransaction(ctx.pool, async (client) => {
        const { link } = await openLink(client, token, ['unlock'], ctx.clock.now());
        await rememberDevice(client, link.userId, deviceKey);
      });
      return { message: translate('deviceTrusted', language) };
    },
  };
}
