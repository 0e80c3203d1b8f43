import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

export interface StoredPasskey {
  id: string;
  userId: number;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface Row {
  id: string;
  user_id: number;
  public_key: Buffer;
  counter: string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const toPasskey = (r: Row): StoredPasskey => ({
  id: r.id,
  userId: r.user_id,
  publicKey: new Uint8Array(r.public_key),
  counter: Number(r.counter),
  transports: r.transports,
  name: r.name,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});

export async function passkeysOf(db: Db, userId: number): Promise<StoredPasskey[]> {
  const { rows } = await db.query<Row>(
    'SELECT * FROM identity.passkeys WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  return rows.map(toPasskey);
}

export async function findPasskey(db: Db, id: string): Promise<StoredPasskey | null> {
  const { rows } = await db.query<Row>('SELECT * FROM identity.passkeys WHERE id = $1', [id]);
  return rows[0] ? toPasskey(rows[0]) : null;
}

export async function insertPasskey(
  db: Db,
  passkey: Omit<StoredPasskey, 'createdAt' | 'lastUsedAt'>,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO identity.passkeys (id, user_id, public_key, counter, transports, name)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
    [
      passkey.id,
      passkey.userId,
      Buffer.from(passkey.publicKey),
      passkey.counter,
      passkey.transports,
      passkey.name,
    ],
  );
  return rowCount === 1;
}

/** Records a use; false when the counter went back (a cloned authenticator) or the key is gone. */
export async function usePasskey(db: Db, id: string, counter: number, at: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE identity.passkeys SET counter = $2, last_used_at = $3
      WHERE id = $1 AND (counter = 0 AND $2 = 0 OR counter < $2)`,
    [id, counter, at],
  );
  return rowCount === 1;
}

/** Removes one of the account's passkeys: its name, or null when the account has none by that id. */
export async function deletePasskey(db: Db, userId: number, id: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>(
    'DELETE FROM identity.passkeys WHERE user_id = $1 AND id = $2 RETURNING name',
    [userId, id],
  );
  return rows[0]?.name ?? null;
}

/**
 * Every passkey of the account, at a password reset: a passkey signs in with nothing else, so
 * one added with a stolen session would outlive the reset that the owner was told ends it all.
 */
export async function deleteAllPasskeys(db: Db, userId: number): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM identity.passkeys WHERE user_id = $1', [userId]);
  return rowCount ?? 0;
}

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM identity.passkeys WHERE user_id = $1',
    [userId],
  );
  return rows[0]!.n;
}
