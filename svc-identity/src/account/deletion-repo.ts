import { deletedAccountEmail, deletedAccountName } from '@medrelay/domain/user-status';
import type { PoolClient } from '@medrelay/service-kit';
import { deleteAllPasskeys } from '../passkeys/repo';
import { disableTotp } from '../two-factor/repo';

/**
 * Erases a deleted account's personal data and every way into it, in the deletion's transaction
 * (the row locked by the caller). What stays: id, type, created_at and deleted_at, the record that
 * the account existed. The name becomes the placeholder screens show as "Deleted account", the
 * e-mail a unique `.invalid` address (the real one is free to register again), the password hash
 * a value no password verifies against; phone, governorate, area, pin and address go.
 * Its passkeys, two-factor secret and recovery codes, known browsers, e-mailed links (which carry
 * the address), sessions (browser and country) and registration notices are deleted.
 */
export async function eraseAccount(client: PoolClient, id: number, now: Date): Promise<void> {
  await client.query(
    `UPDATE identity.users
        SET name = $2, email = $3, password_hash = '!deleted', phone = '', governorate = NULL, area = NULL,
            pin_lat = NULL, pin_lng = NULL, email_verified_at = NULL, status = 'rejected', deleted_at = $4,
            updated_at = $4, version = version + 1
      WHERE id = $1`,
    [id, deletedAccountName, deletedAccountEmail(id), now],
  );
  await client.query('UPDATE identity.donors SET address = NULL WHERE user_id = $1', [id]);
  await deleteAllPasskeys(client, id);
  await disableTotp(client, id);
  for (const table of ['known_devices', 'account_links', 'sessions', 'registration_notices']) {
    await client.query(`DELETE FROM identity.${table} WHERE user_id = $1`, [id]);
  }
}
