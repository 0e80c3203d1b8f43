import { randomUUID } from 'node:crypto';
import type { Language, Settings, TwoFactorResetReason, UserType } from '@medrelay/contracts';
import { formatCairoDateTime } from '@medrelay/domain/formats';
import { fewRecoveryCodesLeft, mustUseTwoFactor } from '@medrelay/domain/two-factor';
import type { PoolClient } from '@medrelay/service-kit';
import type { IdentityContext } from '../context';
import { issueLink, linkUrl, type LinkPurpose } from '../links/links';
import { queueMail } from '../mail/outbox';
import { findCredentialsByEmail } from '../users/repo';

interface Owner {
  id: number;
  name: string;
  email: string;
  language: Language;
}

/** Where an owner who did not make a change takes the account back (account e-mails end with it). */
export const forgotPasswordUrl = (publicUrl: string) => `${publicUrl}/forgot-password`;

/**
 * The e-mails that carry an account's single-use links. Each link is issued in the
 * caller's transaction and travels sealed for its recipient: the outbox and queue never hold it
 * in clear.
 */
export function accountMail(ctx: IdentityContext) {
  const c = ctx.config;
  const now = () => ctx.clock.now().getTime();
  const hour = () => Math.floor(now() / 3_600_000);
  const resetUrl = forgotPasswordUrl(c.PUBLIC_URL);
  /** A single-use link for `email` of the account, valid `validMs` from now, in the caller's transaction: its address. */
  const link = async (
    client: PoolClient,
    userId: number,
    email: string,
    purpose: LinkPurpose,
    path: string,
    validMs: number,
  ) => {
    const token = await issueLink(client, { userId, purpose, email, expiresAt: new Date(now() + validMs) });
    return linkUrl(c.PUBLIC_URL, path, token);
  };
  return {
    /** The link that proves `email` is the user's (the account's own, or a new address for a change). */
    async verificationMail(client: PoolClient, user: { id: number }, email: string, change: boolean) {
      const hours = c.EMAIL_VERIFICATION_HOURS;
      const purpose = change ? 'email-change' : 'email-verification';
      const verifyUrl = await link(client, user.id, email, purpose, '/verify-email', hours * 3_600_000);
      return {
        data: { hours: String(hours), change: change ? ('yes' as const) : ('no' as const) },
        sealed: ctx.secrets.seal(email, { verifyUrl }),
      };
    },

    /** Someone registered with an e-mail that has an account: its owner hears of it (once an hour at most). */
    async tellOwnerOfRegistration(client: PoolClient, settings: Settings, email: string) {
      const found = await findCredentialsByEmail(client, email);
      if (!found) return;
      await queueMail(client, settings, {
        template: 'registration-existing-account',
        to: found.user.email,
        language: found.user.language,
        idempotencyKey: `registration-existing:${found.user.id}:${hour()}`,
        data: {
          name: found.user.name,
          loginUrl: `${c.PUBLIC_URL}/login`,
          resetUrl,
        },
      });
    },

    /** A link that lets the browser it is opened in sign in while the account is locked to others. */
    async unlockMail(client: PoolClient, settings: Settings, owner: Owner, reason: string) {
      const hours = c.UNLOCK_LINK_HOURS;
      const unlockUrl = await link(client, owner.id, owner.email, 'unlock', '/unlock', hours * 3_600_000);
      await queueMail(client, settings, {
        template: 'account-locked-owner',
        to: owner.email,
        language: owner.language,
        idempotencyKey: `unlock:${owner.id}:${reason}`,
        data: {
          name: owner.name,
          hours: String(hours),
          minutes: String(Math.round(c.LOGIN_LOCK_SECONDS / 60)),
        },
        sealed: ctx.secrets.seal(owner.email, { unlockUrl }),
      });
    },

    /**
     * The owner hears that the password changed, by a reset link (the account's passkeys went
     * with it) or in settings, with the way back if it was not them.
     */
    async passwordChangedMail(
      client: PoolClient,
      settings: Settings,
      owner: Owner,
      by: 'reset' | 'settings',
    ) {
      await queueMail(client, settings, {
        template: 'password-changed',
        to: owner.email,
        language: owner.language,
        idempotencyKey: `password-changed:${owner.id}:${now()}`,
        data: { name: owner.name, resetUrl, passkeysRemoved: by === 'reset' ? 'yes' : 'no' },
      });
    },

    /** The owner hears that a passkey (a way in without the password) was added, and from which device. */
    async passkeyAddedMail(client: PoolClient, settings: Settings, owner: Owner, device: string) {
      await queueMail(client, settings, {
        template: 'passkey-added',
        to: owner.email,
        language: owner.language,
        idempotencyKey: `passkey-added:${owner.id}:${now()}`,
        data: { name: owner.name, device, resetUrl },
      });
    },

    /** The owner hears that a passkey was removed (a stolen session may be taking the owner's ways in away). */
    async passkeyRemovedMail(client: PoolClient, settings: Settings, owner: Owner, device: string) {
      await queueMail(client, settings, {
        template: 'passkey-removed',
        to: owner.email,
        language: owner.language,
        // Once per removal, in its transaction (two can share a millisecond of a pinned clock).
        idempotencyKey: `passkey-removed:${owner.id}:${randomUUID()}`,
        data: { name: owner.name, device, resetUrl },
      });
    },

    /** The owner hears that two-factor sign-in was turned on or off (and every other device signed out). */
    async twoFactorChangedMail(
      client: PoolClient,
      settings: Settings,
      owner: Owner & { userType: UserType },
      turned: 'on' | 'off',
    ) {
      // Off on an account the administrator's switch requires it of (its owner moving to a new
      // phone): the password alone does not sign it in, the next sign-in enrols again.
      const enrolAgain = turned === 'off' && mustUseTwoFactor(owner.userType, settings.twoFactorRequired);
      await queueMail(client, settings, {
        template: 'two-factor-changed',
        to: owner.email,
        language: owner.language,
        idempotencyKey: `two-factor-${turned}:${owner.id}:${now()}`,
        data: { name: owner.name, turned, enrolAgain: enrolAgain ? 'yes' : 'no', resetUrl },
      });
    },

    /**
     * The owner hears that an administrator removed their two-factor sign-in: when (Cairo time, in
     * their language), why, whether the next sign-in enrols again, and the way back if they did
     * not ask for it.
     */
    async twoFactorResetMail(
      client: PoolClient,
      settings: Settings,
      owner: Owner & { userType: UserType },
      reason: TwoFactorResetReason,
      at: Date,
    ) {
      await queueMail(client, settings, {
        template: 'two-factor-reset',
        to: owner.email,
        language: owner.language,
        idempotencyKey: `two-factor-reset:${owner.id}:${at.getTime()}`,
        data: {
          name: owner.name,
          at: formatCairoDateTime(at, owner.language),
          reason,
          enrolAgain: mustUseTwoFactor(owner.userType, settings.twoFactorRequired) ? 'yes' : 'no',
          loginUrl: `${c.PUBLIC_URL}/login`,
          resetUrl,
        },
      });
    },

    /**
     * The owner hears that a recovery code stood in for the authenticator app: to sign in, or to
     * turn two-factor off. When (Cairo time, in their language), from which browser ('' when it
     * sent no name), how many codes are left (none once it is off) and, with few left, to make new
     * ones; the way back if it was not them.
     */
    async recoveryCodeUsedMail(
      client: PoolClient,
      settings: Settings,
      owner: Owner,
      use: { by: 'sign-in' | 'two-factor-off'; at: Date; device: string; left: number },
    ) {
      await queueMail(client, settings, {
        template: 'recovery-code-used',
        to: owner.email,
        language: owner.language,
        // Once per use (two can share a millisecond).
        idempotencyKey: `recovery-code-used:${owner.id}:${randomUUID()}`,
        data: {
          name: owner.name,
          by: use.by,
          at: formatCairoDateTime(use.at, owner.language),
          device: use.device,
          left: String(use.left),
          fewLeft: use.by === 'sign-in' && fewRecoveryCodesLeft(use.left) ? 'yes' : 'no',
          resetUrl,
        },
      });
    },

    /** The owner hears that every recovery code was replaced with a new set (when, from which browser). */
    async recoveryCodesReplacedMail(
      client: PoolClient,
      settings: Settings,
      owner: Owner,
      use: { at: Date; device: string },
    ) {
      await queueMail(client, settings, {
        template: 'recovery-codes-replaced',
        to: owner.email,
        language: owner.language,
        idempotencyKey: `recovery-codes-replaced:${owner.id}:${randomUUID()}`,
        data: {
          name: owner.name,
          at: formatCairoDateTime(use.at, owner.language),
          device: use.device,
          resetUrl,
        },
      });
    },

    /** A password reset link, valid PASSWORD_RESET_MINUTES; `asked` names the request (one e-mail each). */
    async resetMail(client: PoolClient, settings: Settings, owner: Owner, asked = String(now())) {
      const minutes = c.PASSWORD_RESET_MINUTES;
      const linkToReset = await link(
        client,
        owner.id,
        owner.email,
        'password-reset',
        '/reset-password',
        minutes * 60_000,
      );
      await queueMail(client, settings, {
        template: 'password-reset',
        to: owner.email,
        language: owner.language,
        idempotencyKey: `password-reset:${owner.id}:${asked}`,
        data: { name: owner.name, minutes: String(minutes) },
        sealed: ctx.secrets.seal(owner.email, { resetUrl: linkToReset }),
      });
    },
  };
}
