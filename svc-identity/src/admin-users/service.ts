import {
  type Activity,
  type AdminUser,
  type MailTemplate,
  type RegistrationRejectionReason,
  type User,
  type UserListQuery,
  type UserStats,
  type UserStatus,
  type ListPageQuery,
} from '@medrelay/contracts';
import { reviewAction, userStatusAction, type UserStatusAction } from '@medrelay/domain';
import { AppError, httpError, withTransaction } from '@medrelay/service-kit';
import { accountMail } from '../auth/account-mail';
import type { IdentityContext } from '../context';
import { allLinkPurposes } from '../links/links';
import { retireLinks } from '../links/repo';
import { queueMail } from '../mail/outbox';
import { recordUserEvent } from '../users/events';
import { tellAccountOwner } from '../users/live';
import { findUserById, listUsers, listUsersAfter, publicUser, updateUserStatus } from '../users/repo';
import { recordRejection, userActivity, userStats, wasApproved, withTwoFactor } from './repo';

const mailFor = {
  approve: 'account-approved',
  reject: 'account-rejected',
  suspend: 'account-suspended',
  reactivate: 'account-reactivated',
} as const satisfies Record<UserStatusAction, MailTemplate>;

export function createAdminUserService(ctx: IdentityContext) {
  return {
    /** Counts for the admin reports (spec §3): users by type and by status; `days` = registered in the last N days. */
    stats: (days?: number): Promise<UserStats> => userStats(ctx.pool, days ?? null),

    /** A page of the accounts waiting for review, newest first; the total feeds the sidebar badge. */
    async pending(page: ListPageQuery): Promise<{ items: User[]; total: number }> {
      const { rows, total } = await listUsers(ctx.pool, { status: 'pending', ...page });
      return { items: rows.map(publicUser), total };
    },

    /** A page of every account, with whether each has two-factor sign-in on (an administrator may reset it). */
    async list(query: UserListQuery): Promise<{ items: AdminUser[]; total?: number }> {
      // Export Data walks by id (`after`): no total, no OFFSET.
      const { after } = query;
      const { rows, total } =
        after === undefined
          ? await listUsers(ctx.pool, query)
          : { rows: await listUsersAfter(ctx.pool, { ...query, after }), total: undefined };
      const twoFactor = await withTwoFactor(
        ctx.pool,
        rows.map((r) => r.id),
      );
      const items = rows.map((r) => ({ ...publicUser(r), twoFactorEnabled: twoFactor.has(r.id) }));
      return total === undefined ? { items } : { items, total };
    },

    /** One account as the administrators' list shows it (after a change made to it). */
    async one(userId: number): Promise<AdminUser> {
      const user = await findUserById(ctx.pool, userId);
      if (!user) throw httpError.notFound('userNotFound');
      const twoFactor = await withTwoFactor(ctx.pool, [userId]);
      return { ...publicUser(user), twoFactorEnabled: twoFactor.has(userId) };
    },

    /** Its part of the admin dashboard's recent activity: registrations and reviews, newest first. */
    activity: (limit: number): Promise<Activity[]> => userActivity(ctx.pool, limit),

    /**
     * Moves a user to a new status (approve, reject, suspend, re-approve), records the event
     * and the e-mail in the same transaction. On rejection it revokes the user's sessions before
     * committing, holding the row FOR UPDATE: a sign-in in flight (which holds it FOR SHARE)
     * finishes first and its token is revoked too; see docs/accounts.md. `review`: Approve /
     * Reject of a registration, refused unless the account is still pending; a rejection carries
     * its reason, recorded with the administrator and told to the registrant. A bare status
     * change does not reject a registration (it would say nobody why).
     */
    async changeStatus(
      adminId: number,
      userId: number,
      to: UserStatus,
      review: { reason?: RegistrationRejectionReason } | null = null,
    ): Promise<User> {
      if (adminId === userId) {
        throw new AppError(403, 'SELF_STATUS_CHANGE', 'selfStatusChange');
      }
      const settings = await ctx.settings.get();
      const user = await withTransaction(
        ctx.pool,
        async (client) => {
          const current = await findUserById(client, userId, true);
          if (!current) throw httpError.notFound('userNotFound');
          // Its owner deleted it: nothing of it is left to approve or reactivate.
          if (current.deletedAt) throw httpError.conflict('ACCOUNT_DELETED', 'userDeleted', { to });
          const action = review
            ? reviewAction(current.status, to)
            : userStatusAction(current.status, to, await wasApproved(client, userId));
          if (!action) {
            // The account was already reviewed: say what it is now (a stale row on another admin's screen).
            const key = current.status === 'approved' ? 'userAlreadyApproved' : 'userAlreadyRejected';
            throw httpError.conflict('INVALID_TRANSITION', key, { from: current.status, to });
          }
          const reason = review?.reason;
          if (action === 'reject' && !reason) {
            throw httpError.conflict('INVALID_TRANSITION', 'rejectWithReason', { from: current.status, to });
          }
          await updateUserStatus(client, userId, to);
          if (action === 'reject') await recordRejection(client, userId, reason!, adminId);
          const updated = (await findUserById(client, userId))!;
          await recordUserEvent(client, 'user.status-changed', updated);
          // Its own open screen (a registrant waiting on "pending approval") moves on by itself:
          // an approval refetches the session and enters the dashboard. A rejection also ends the
          // stream (the tokens are revoked below), which the pending screen takes as its end.
          await tellAccountOwner(client, userId);
          const base = {
            to: updated.email,
            language: updated.language,
            idempotencyKey: `status:${userId}:v${updated.version}`,
          };
          const data = {
            name: updated.name,
            userType: updated.userType,
            loginUrl: `${ctx.config.PUBLIC_URL}/login`,
          };
          if (action === 'approve' && !updated.emailVerified) {
            // Its registration link may have expired meanwhile: the welcome brings a fresh one.
            const verify = await accountMail(ctx).verificationMail(client, updated, updated.email, false);
            await queueMail(client, settings, {
              ...base,
              template: 'account-approved',
              data: { ...data, hours: verify.data.hours },
              sealed: verify.sealed,
            });
          } else if (action === 'reject') {
            // Why, and the way back: correct the details and register again with this address.
            await queueMail(client, settings, {
              ...base,
              template: 'account-rejected',
              data: {
                ...data,
                rejectionReason: reason!,
                registerUrl: `${ctx.config.PUBLIC_URL}/register`,
              },
            });
          } else {
            await queueMail(client, settings, { ...base, template: mailFor[action], data });
          }
          if (to === 'rejected') {
            // No link asked for before (a reset above all) outlives the decision or a reinstatement.
            await retireLinks(client, userId, allLinkPurposes, ctx.clock.now());
            await ctx.tokens.revokeAllFor(userId, client);
            await ctx.tokens.publishStatus(userId, to);
          }
          return updated;
        },
        { lockTimeout: '5s' },
      );
      if (to !== 'rejected') await ctx.tokens.publishStatusAfterCommit(userId, to);
      ctx.outbox.nudge();
      return publicUser(user);
    },
  };
}
