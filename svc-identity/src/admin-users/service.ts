import {
  activityFromRow,
  type Activity,
  type ActivityRow,
  userStatuses,
  userTypes,
  type MailTemplate,
  type User,
  type UserListQuery,
  type UserStats,
  type UserStatus,
  type UserType,
  type ListPageQuery,
} from '@medrelay/contracts';
import { userStatusAction, type UserStatusAction } from '@medrelay/domain';
import { AppError, httpError, withTransaction } from '@medrelay/service-kit';
import type { IdentityContext } from '../context';
import { queueMail } from '../mail/outbox';
import { recordUserEvent } from '../users/events';
import { findUserById, listUsers, publicUser, updateUserStatus } from '../users/repo';

const mailFor: Record<UserStatusAction, MailTemplate> = {
  approve: 'account-approved',
  reject: 'account-rejected',
  suspend: 'account-suspended',
  reactivate: 'account-reactivated',
};

export function createAdminUserService(ctx: IdentityContext) {
  return {
    /** Counts for the admin reports (spec §3): users by type and by status; `days` = registered in the last N days. */
    async stats(days?: number): Promise<UserStats> {
      const { rows } = await ctx.pool.query<{ user_type: UserType; status: UserStatus; n: number }>(
        `SELECT user_type, status, count(*)::int AS n FROM identity.users
          WHERE $1::int IS NULL OR created_at > now() - make_interval(days => $1::int)
          GROUP BY user_type, status`,
        [days ?? null],
      );
      const usersByType = Object.fromEntries(userTypes.map((t) => [t, 0])) as Record<UserType, number>;
      const userStatus = Object.fromEntries(userStatuses.map((s) => [s, 0])) as Record<UserStatus, number>;
      for (const row of rows) {
        usersByType[row.user_type] += row.n;
        userStatus[row.status] += row.n;
      }
      return {
        totalUsers: rows.reduce((sum, r) => sum + r.n, 0),
        pendingApprovals: userStatus.pending,
        usersByType,
        userStatus,
      };
    },

    /** A page of the accounts waiting for review, newest first; the total feeds the sidebar badge. */
    async pending(page: ListPageQuery): Promise<{ items: User[]; total: number }> {
      const { rows, total } = await listUsers(ctx.pool, { status: 'pending', ...page });
      return { items: rows.map(publicUser), total };
    },

    async list(query: UserListQuery): Promise<{ items: User[]; total: number }> {
      const { rows, total } = await listUsers(ctx.pool, query);
      return { items: rows.map(publicUser), total };
    },

    /** Its part of the admin dashboard's recent activity: registrations and reviews, newest first. */
    async activity(limit: number): Promise<Activity[]> {
      const { rows } = await ctx.pool.query<ActivityRow>(
        `(SELECT id, 'user.registered' AS kind, created_at AS at, name AS actor, user_type AS actor_type,
                 NULL AS subject FROM identity.users
           ORDER BY created_at DESC, id DESC LIMIT $1)
         UNION ALL
         (SELECT id, 'user.' || status AS kind, reviewed_at AS at, name AS actor, user_type AS actor_type,
                 NULL AS subject FROM identity.users
           WHERE reviewed_at IS NOT NULL AND status <> 'pending'
           ORDER BY reviewed_at DESC, id DESC LIMIT $1)
         ORDER BY at DESC, id DESC LIMIT $1`,
        [limit],
      );
      return rows.map(activityFromRow);
    },

    /**
     * Moves a user to a new status (approve, reject, suspend, re-approve), records the event
     * and the e-mail in the same transaction. On rejection it revokes the user's sessions before
     * committing, holding the row FOR UPDATE: a sign-in in flight (which holds it FOR SHARE)
     * finishes first and its token is revoked too; see docs/design.md.
     */
    async changeStatus(adminId: number, userId: number, to: UserStatus): Promise<User> {
      if (adminId === userId) {
        throw new AppError(403, 'SELF_STATUS_CHANGE', 'selfStatusChange');
      }
      const settings = await ctx.settings.get();
      const user = await withTransaction(ctx.pool, async (client) => {
        await client.query(`SET LOCAL lock_timeout = '5s'`);
        const current = await findUserById(client, userId, true);
        if (!current) throw httpError.notFound('userNotFound');
        const action = userStatusAction(current.status, to);
        if (!action) {
          // Only "already in that status" is left: every other change between the two targets is allowed.
          const key = to === 'approved' ? 'userAlreadyApproved' : 'userAlreadyRejected';
          throw httpError.conflict('INVALID_TRANSITION', key, { from: current.status, to });
        }
        await updateUserStatus(client, userId, to);
        const updated = (await findUserById(client, userId))!;
        await recordUserEvent(client, 'user.status-changed', updated);
        await queueMail(client, settings, {
          template: mailFor[action],
          to: updated.email,
          language: updated.language,
          idempotencyKey: `status:${userId}:v${updated.version}`,
          data: {
            name: updated.name,
            userType: updated.userType,
            loginUrl: `${ctx.config.PUBLIC_URL}/login`,
          },
        });
        if (to === 'rejected') {
          await ctx.tokens.revokeAllFor(userId);
          await ctx.tokens.publishStatus(userId, to);
        }
        return updated;
      });
      if (to !== 'rejected') await ctx.tokens.publishStatusAfterCommit(userId, to);
      ctx.outbox.nudge();
      return publicUser(user);
    },
  };
}
