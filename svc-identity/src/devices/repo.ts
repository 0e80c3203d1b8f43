import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

/** Whether this browser has signed in to (or was let in by a link of) the account with this e-mail. */
export async function isKnownDevice(db: Db, email: string, deviceKey: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM identity.known_devices k JOIN identity.users u ON u.id = k.user_id
      WHERE lower(u.email) = lower($1) AND k.device_key = $2`,
    [email, deviceKey],
  );
  return rows.length > 0;
}

export async function rememberDevice(db: Db, userId: number, deviceKey: string): Promise<void> {
  await db.query(
    `INSERT INTO identity.known_devices (user_id, device_key) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [userId, deviceKey],
  );
}

/**
 * The account's browsers are strangers again, but `keep` (the caller's own, if any): a new
 * password ends what the old one let in, so a browser that signed in with a stolen password (or a
 * lost phone's) is held by the lock-out again and loses its own budget of e-mailed links.
 */
export async function forgetDevices(db: Db, userId: number, keep: string | null): Promise<void> {
  await db.query(
    'DELETE FROM identity.known_devices WHERE user_id = $1 AND ($2::text IS NULL OR device_key <> $2)',
    [userId, keep],
  );
}
