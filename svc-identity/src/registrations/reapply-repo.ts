import { mayApplyAgain } from '@medrelay/domain/user-status';
import type { UserStatus } from '@medrelay/contracts';
import type { PoolClient } from '@medrelay/service-kit';
import { allLinkPurposes } from '../links/links';
import { retireLinks } from '../links/repo';
import { deleteAllPasskeys } from '../passkeys/repo';
import { disableTotp } from '../two-factor/repo';
import { insertProfile, type NewUser } from '../users/repo';

/**
 * A registration with the address of an account rejected at registration (never approved): the
 * application is replaced by the new one and waits for review again, under the same id. Returns
 * the id, or null when the address has no such account (none, pending, approved, or suspended
 * after its approval: those are left as they are).
 *
 * The row is taken FOR UPDATE, so of registrations sent at once one reopens it and the others
 * find it pending. Everything of the old application goes: its details and password, its
 * profile (the type may change), the address's proof (the new application proves it again by the
 * link it is sent), and any way in the old applicant set up (passkeys, two-factor, known
 * browsers, links). Its rejections stay: the administrators see the latest on its row.
 */
export async function reopenRejectedRegistration(
  client: PoolClient,
  application: NewUser,
  now: Date,
): Promise<number | null> {
  const { rows } = await client.query<{ id: number; status: UserStatus; approved: boolean }>(
    // A deleted account (its tombstone address typed) is never reopened: nothing of it is left.
    `SELECT id, status, approved_at IS NOT NULL AS approved FROM identity.users
      WHERE lower(email) = lower($1) AND deleted_at IS NULL FOR UPDATE`,
    [application.email],
  );
  const account = rows[0];
  if (!account || !mayApplyAgain(account.status, account.approved)) return null;
  const { id } = account;
  await client.query(
    `UPDATE identity.users SET password_hash = $2, name = $3, phone = $4, user_type = $5, status = 'pending',
            language = $6, governorate = $7, area = $8, pin_lat = $9, pin_lng = $10,
            email_verified_at = NULL, created_at = now(), updated_at = now(), version = version + 1
      WHERE id = $1`,
    [
      id,
      application.passwordHash,
      application.name,
      application.phone,
      application.userType,
      application.language,
      application.governorate ?? null,
      application.area ?? null,
      application.pin?.lat ?? null,
      application.pin?.lng ?? null,
    ],
  );
  for (const table of ['pharmacies', 'ngos', 'donors']) {
    await client.query(`DELETE FROM identity.${table} WHERE user_id = $1`, [id]);
  }
  await insertProfile(client, id, application);
  await deleteAllPasskeys(client, id);
  await disableTotp(client, id);
  await client.query('DELETE FROM identity.known_devices WHERE user_id = $1', [id]);
  await retireLinks(client, id, allLinkPurposes, now);
  return id;
}
