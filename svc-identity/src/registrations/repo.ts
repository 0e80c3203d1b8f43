import type { UserType } from '@medrelay/contracts';
import type { PoolClient } from '@medrelay/service-kit';

/**
 * Leaves a notice for the administrator's next digest (same transaction as the registration). An
 * account applying again after a rejection is noticed anew (listed again, as a new notice).
 */
export async function addRegistrationNotice(client: PoolClient, userId: number): Promise<void> {
  await client.query(
    `INSERT INTO identity.registration_notices (user_id) VALUES ($1)
     ON CONFLICT (user_id) DO UPDATE SET created_at = now(), digested_at = NULL`,
    [userId],
  );
}

/** The administrator's digests, each over its own table of notices. */
export type NoticeTable = 'registration_notices' | 'license_notices';

/** One digest of these notices at a time across instances, for the rest of the transaction. */
export async function lockDigest(client: PoolClient, table: NoticeTable): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`identity:${table}-digest`]);
}

/** Seconds since the last digest of these notices went out (null: never). */
export async function secondsSinceLastDigest(client: PoolClient, table: NoticeTable): Promise<number | null> {
  const { rows } = await client.query<{ seconds: number | null }>(
    `SELECT extract(epoch FROM now() - max(digested_at))::float8 AS seconds
       FROM identity.${table} WHERE digested_at IS NOT NULL`,
  );
  return rows[0]?.seconds ?? null;
}

export interface WaitingRegistration {
  userId: number;
  /** When the notice was left (ms): an account applying again is noticed again, later. */
  noticedAt: number;
  name: string;
  email: string;
  userType: UserType;
}

/**
 * Marks every waiting notice as digested now and returns those whose account is still pending,
 * oldest first: one an administrator already approved or rejected is no longer waiting for
 * approval (and is not listed later either).
 */
export async function takeWaitingNotices(client: PoolClient): Promise<WaitingRegistration[]> {
  const { rows } = await client.query<WaitingRegistration>(
    `WITH taken AS (
       UPDATE identity.registration_notices SET digested_at = now()
        WHERE digested_at IS NULL
        RETURNING user_id, created_at)
     SELECT u.id AS "userId", floor(extract(epoch FROM t.created_at) * 1000)::float8 AS "noticedAt",
            u.name, u.email, u.user_type AS "userType"
       FROM taken t JOIN identity.users u ON u.id = t.user_id
      WHERE u.status = 'pending'
      ORDER BY t.created_at, u.id`,
  );
  return rows;
}

export interface WaitingLicense {
  noticeId: number;
  name: string;
  email: string;
  organizationName: string;
  license: string;
}

/**
 * Marks every waiting licence notice as digested now and returns those whose licence still waits
 * for review, oldest first (one decided meanwhile is no longer waiting).
 */
export async function takeWaitingLicenses(client: PoolClient): Promise<WaitingLicense[]> {
  const { rows } = await client.query<WaitingLicense>(
    `WITH taken AS (
       UPDATE identity.license_notices SET digested_at = now()
        WHERE digested_at IS NULL
        RETURNING id, user_id, created_at)
     SELECT DISTINCT ON (u.id) t.id AS "noticeId", u.name, u.email,
            n.organization_name AS "organizationName", n.pharmacist_license AS license
       FROM taken t JOIN identity.users u ON u.id = t.user_id JOIN identity.ngos n ON n.user_id = u.id
      WHERE n.pharmacist_license_submitted_at IS NOT NULL AND n.pharmacist_license IS NOT NULL
      ORDER BY u.id, t.created_at`,
  );
  return rows.sort((a, b) => a.noticeId - b.noticeId);
}
