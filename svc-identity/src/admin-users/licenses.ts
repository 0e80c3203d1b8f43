import type { ListPageQuery, PharmacistLicenseRejectionReason, User } from '@medrelay/contracts';
import { httpError, withTransaction } from '@medrelay/service-kit';
import type { IdentityContext } from '../context';
import { queueMail } from '../mail/outbox';
import { recordUserEvent } from '../users/events';
import { tellAccountOwner, tellAdministrators } from '../users/live';
import { decideLicense, findUserById, listLicensesWaiting, publicUser } from '../users/repo';

/**
 * The administrator's review of a pharmacist's licence an NGO added after its account's review
 * (docs/accounts.md): listed until decided; accepting makes the NGO a receiver of donations
 * (its user event says `hasPharmacist: true`), refusing clears the number and tells the NGO why.
 */
export function createLicenseReviewService(ctx: IdentityContext) {
  async function decide(
    userId: number,
    decision: { accept: true } | { accept: false; reason: PharmacistLicenseRejectionReason },
  ): Promise<User> {
    const settings = await ctx.settings.get();
    const user = await withTransaction(
      ctx.pool,
      async (client) => {
        const current = await findUserById(client, userId, true);
        if (!current) throw httpError.notFound('userNotFound');
        const license = current.profile?.pharmacistLicense;
        // Decided by another administrator meanwhile, or none was ever waiting.
        if (!current.profile?.pharmacistLicensePending || !license)
          throw httpError.conflict('LICENSE_NOT_WAITING', 'licenseNotWaiting');
        await decideLicense(client, userId, decision.accept);
        const updated = (await findUserById(client, userId))!;
        await recordUserEvent(client, 'user.updated', updated);
        // The NGO's Settings (its licence no longer waits) and the other administrators' lists.
        await tellAccountOwner(client, userId);
        await tellAdministrators(client);
        const base = {
          to: updated.email,
          language: updated.language,
          idempotencyKey: `pharmacist-license:${userId}:v${updated.version}`,
        };
        if (decision.accept) {
          await queueMail(client, settings, {
            ...base,
            template: 'pharmacist-license-accepted',
            data: { name: updated.name, license, browseUrl: `${ctx.config.PUBLIC_URL}/ngo/browse` },
          });
        } else {
          await queueMail(client, settings, {
            ...base,
            template: 'pharmacist-license-rejected',
            data: {
              name: updated.name,
              license,
              licenseReason: decision.reason,
              settingsUrl: `${ctx.config.PUBLIC_URL}/ngo/settings`,
            },
          });
        }
        return updated;
      },
      { lockTimeout: '5s' },
    );
    ctx.outbox.nudge();
    return publicUser(user);
  }

  return {
    /** A page of the NGOs whose licence waits, the longest waiting first. */
    async waiting(page: ListPageQuery): Promise<{ items: User[]; total: number }> {
      const { rows, total } = await listLicensesWaiting(ctx.pool, page);
      return { items: rows.map(publicUser), total };
    },
    accept: (userId: number) => decide(userId, { accept: true }),
    reject: (userId: number, reason: PharmacistLicenseRejectionReason) =>
      decide(userId, { accept: false, reason }),
  };
}
