import {
  translate,
  type Language,
  type PasswordChange,
  type ProfileUpdate,
  type User,
  type UserType,
} from '@medrelay/contracts';
import { placeChange } from '@medrelay/domain/pickup-points';
import { maySelfDelete } from '@medrelay/domain/user-status';
import { AppError, httpError, withTransaction, type Caller } from '@medrelay/service-kit';
import type { IdentityContext } from '../context';
import { accountMail } from '../auth/account-mail';
import { checkNewPassword, confirmPassword, type Confirmer } from '../auth/password-check';
import { forgetDevices } from '../devices/repo';
import { linksEndedByNewPassword } from '../links/links';
import { retireLinks } from '../links/repo';
import { queueMail } from '../mail/outbox';
import { hashPassword } from '../passwords';
import { recordUserEvent } from '../users/events';
import { tellAdministrators } from '../users/live';
import { eraseAccount } from './deletion-repo';
import {
  findUserById,
  holdLicenseForReview,
  publicUser,
  updateAccount,
  updatePasswordHash,
} from '../users/repo';

/** Profile fields each role has (spec §3); the others are refused for that role. */
const roleFields: Record<UserType, readonly string[]> = {
  pharmacy: ['address', 'commercialLicense'],
  ngo: ['address', 'organizationName', 'commercialNumber', 'pharmacistLicense'],
  donor: ['address'],
  admin: [],
};
const commonFields = ['name', 'phone', 'language', 'governorate', 'area', 'pin'];
/**
 * What the administrator checked before approving (spec §3): once approved, changing it would
 * bypass the review, so only the administrator's team can change it then. One left empty may be
 * filled in once by the owner; a pharmacist's licence filled in so waits for an administrator's
 * review of its own (docs/accounts.md).
 */
const verifiedFields = [
  'commercialLicense',
  'organizationName',
  'commercialNumber',
  'pharmacistLicense',
] as const;

export function createAccountService(ctx: IdentityContext) {
  return {
    /** Changes the caller's own account and tells the other services (user.updated). */
    async update(userId: number, changes: ProfileUpdate, language: Language): Promise<User> {
      const user = await withTransaction(ctx.pool, async (client) => {
        const current = await findUserById(client, userId, true);
        if (!current) throw httpError.unauthenticated('accountGone');
        const foreign = Object.keys(changes).filter(
          (f) => !commonFields.includes(f) && !roleFields[current.userType].includes(f),
        );
        if (foreign.length) {
          throw httpError.validation(
            translate('unknownField', language),
            foreign.map((path) => ({
              path,
              rule: 'unknownField',
              message: translate('unknownField', language),
            })),
          );
        }
        const reviewed = current.status !== 'pending';
        // Filling one still empty is allowed (an NGO approved before the pharmacist's licence was
        // asked could never add it); replacing a value would bypass the review.
        const changedVerified = verifiedFields.filter((f) => {
          const was = current.profile?.[f] ?? null;
          return changes[f] !== undefined && changes[f] !== was && was !== null && was !== '';
        });
        if (reviewed && changedVerified.length) {
          throw new AppError(409, 'VERIFIED_DETAILS_LOCKED', 'verifiedDetailsLocked', {
            details: changedVerified.map((path) => ({
              path,
              rule: 'verifiedDetailsLocked',
              message: translate('verifiedDetailsLocked', language),
            })),
          });
        }
        await updateAccount(client, current, { ...changes, ...placeChange(current, changes) });
        // A licence added after the review was never seen by an administrator: until one accepts
        // it, the NGO has no pharmacist (libs/domain `hasPharmacist`) and receives no donation.
        const licenseAdded =
          current.userType === 'ngo' && changes.pharmacistLicense && !current.profile?.pharmacistLicense;
        if (reviewed && licenseAdded) {
          await holdLicenseForReview(client, userId);
          await tellAdministrators(client);
        }
        const updated = (await findUserById(client, userId))!;
        await recordUserEvent(client, 'user.updated', updated);
        return updated;
      });
      ctx.outbox.nudge();
      return publicUser(user);
    },

    /**
     * Changes the password after checking the current one, ends every other session, makes every
     * other browser the account knew a stranger again (`device`: the caller's, kept), tells the
     * owner by e-mail (someone with a stolen session and password would otherwise do it unseen),
     * and returns a fresh token for this one, ending when this session would have ended.
     */
    async changePassword(
      who: Confirmer & Pick<Caller, 'expiresAt'>,
      change: PasswordChange,
      device: string | null,
      language: Language,
    ): Promise<{ token: string }> {
      const userId = who.id;
      await confirmPassword(ctx, who, change.currentPassword, 'currentPassword', language);
      // Sessions end before the new password is stored: if Redis fails, nothing has changed.
      const current = (await findUserById(ctx.pool, userId))!;
      const settings = await ctx.settings.get();
      checkNewPassword(settings, change.newPassword, current, 'newPassword', language);
      const newHash = await hashPassword(change.newPassword);
      await ctx.tokens.revokeAllFor(userId);
      await withTransaction(ctx.pool, async (client) => {
        await updatePasswordHash(client, userId, newHash);
        await retireLinks(client, userId, linksEndedByNewPassword, ctx.clock.now());
        await forgetDevices(client, userId, device);
        await accountMail(ctx).passwordChangedMail(client, settings, current, 'settings');
      });
      ctx.outbox.nudge();
      // A token issued in the same millisecond as the revocation would count as revoked.
      await new Promise((r) => setTimeout(r, 2));
      const user = (await findUserById(ctx.pool, userId))!;
      return { token: await ctx.tokens.signReplacement(user, who.expiresAt, settings.sessionTimeout) };
    },

    /**
     * A donor deletes their own account (Law 151/2020's erasure; docs/accounts.md, "Deleting an
     * account"), with the password (`confirmPassword`, its per-account count of wrong ones). In one
     * transaction, the row locked: the personal data and every way in are erased, every session
     * ends (before the commit: if Redis fails nothing changed), the `user.deleted` event goes to
     * the other services (they end what a suspension ends, withdraw the listings and delete their
     * photos) and the owner is e-mailed at the address as it was, whatever the e-mail switch says.
     */
    async deleteAccount(who: Confirmer, password: string, language: Language): Promise<{ message: string }> {
      const account = await findUserById(ctx.pool, who.id);
      if (!account || account.deletedAt) throw httpError.unauthenticated('accountGone');
      if (!maySelfDelete(account.userType)) {
        throw new AppError(403, 'DELETION_NOT_ALLOWED', 'accountDeletionDonorsOnly');
      }
      await confirmPassword(ctx, who, password, 'password', language);
      const settings = await ctx.settings.get();
      await withTransaction(
        ctx.pool,
        async (client) => {
          const owner = await findUserById(client, who.id, true);
          if (!owner || owner.deletedAt) throw httpError.unauthenticated('accountGone');
          await eraseAccount(client, owner.id, ctx.clock.now());
          await recordUserEvent(client, 'user.deleted', (await findUserById(client, owner.id))!);
          await queueMail(client, settings, {
            template: 'account-deleted',
            to: owner.email,
            language: owner.language,
            idempotencyKey: `account-deleted:${owner.id}`,
            data: { name: owner.name, registerUrl: `${ctx.config.PUBLIC_URL}/register` },
          });
          await ctx.tokens.revokeAllFor(owner.id, client);
          await ctx.tokens.publishStatus(owner.id, 'rejected');
        },
        { lockTimeout: '5s' },
      );
      ctx.outbox.nudge();
      return { message: translate('accountDeleted', language) };
    },
  };
}
