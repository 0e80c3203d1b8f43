import {
  activityFromRow,
  userStatuses,
  userTypes,
  type Activity,
  type ActivityRow,
  type RegistrationRejectionReason,
  type UserStats,
  type UserStatus,
  type UserType,
} from '@medrelay/contracts';
import { partyNameSql } from '@medrelay/domain';
import type { Pool, PoolClient } from '@medrelay/service-kit';

/** Users by type and by status; `days` counts only those registered in the last N days (null: all). */
export async function userStats(db: Pool, days: number | null): Promise<UserStats> {
  const { rows } = await db.query<{ user_type: UserType; status: UserStatus; n: number }>(
    // Deleted accounts are no longer users (docs/accounts.md, "Deleting an account").
    `SELECT user_type, status, count(*)::int AS n FROM identity.users
      WHERE ($1::int IS NULL OR created_at > now() - make_interval(days => $1::int)) AND deleted_at IS NULL
      GROUP BY user_type, status`,
    [days],
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
}

/** Which of these accounts have two-factor sign-in on (the administrators' list shows it). */
export async function withTwoFactor(db: Pool, ids: number[]): Promise<Set<number>> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM identity.users WHERE id = ANY($1::int[]) AND totp_secret IS NOT NULL',
    [ids],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Registrations, reviews and two-factor resets (the administrator, about the user), newest first;
 * each account by the name others know it by (an NGO's organisation).
 */
export async function userActivity(db: Pool, limit: number): Promise<Activity[]> {
  const ngo = (u: string, n: string) => `LEFT JOIN identity.ngos ${n} ON ${n}.user_id = ${u}.id`;
  const { rows } = await db.query<ActivityRow>(
    `(SELECT u.id, 'user.registered' AS kind, u.created_at AS at, ${partyNameSql('u', 'n')} AS actor,
             u.user_type AS actor_type, NULL AS subject
        FROM identity.users u ${ngo('u', 'n')}
       ORDER BY u.created_at DESC, u.id DESC LIMIT $1)
     UNION ALL
     -- Rejected after an approval is a suspension (spec §2: "Suspend"), not a refused registration.
     -- A deleted account's last review is its approval (only pending or approved donors delete).
     (SELECT u.id, CASE WHEN u.deleted_at IS NOT NULL THEN 'user.approved'
                        WHEN u.status = 'rejected' AND u.approved_at IS NOT NULL THEN 'user.suspended'
                        ELSE 'user.' || u.status END AS kind,
             u.reviewed_at AS at, ${partyNameSql('u', 'n')} AS actor, u.user_type AS actor_type, NULL AS subject
        FROM identity.users u ${ngo('u', 'n')}
       WHERE u.reviewed_at IS NOT NULL AND u.status <> 'pending'
       ORDER BY u.reviewed_at DESC, u.id DESC LIMIT $1)
     UNION ALL
     (SELECT r.id, 'user.two-factor-reset' AS kind, r.reset_at AS at, ${partyNameSql('a', 'an')} AS actor,
             a.user_type AS actor_type, ${partyNameSql('u', 'n')} AS subject
        FROM identity.two_factor_resets r
        JOIN identity.users u ON u.id = r.user_id ${ngo('u', 'n')}
        LEFT JOIN identity.users a ON a.id = r.reset_by ${ngo('a', 'an')}
       ORDER BY r.reset_at DESC, r.id DESC LIMIT $1)
     ORDER BY at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(activityFromRow);
}

/** Whether the account was ever approved (migration 014): approving it again is a reactivation. */
export async function wasApproved(db: PoolClient, id: number): Promise<boolean> {
  const { rows } = await db.query<{ approved: boolean }>(
    'SELECT approved_at IS NOT NULL AS approved FROM identity.users WHERE id = $1',
    [id],
  );
  return rows[0]?.approved ?? false;
}

/** An administrator's rejection of a registration: why, who and when (migration 018). */
export async function recordRejection(
  db: PoolClient,
  userId: number,
  reason: RegistrationRejectionReason,
  adminId: number,
): Promise<void> {
  await db.query(
    'INSERT INTO identity.registration_rejections (user_id, reason, rejected_by) VALUES ($1, $2, $3)',
    [userId, reason, adminId],
  );
}
