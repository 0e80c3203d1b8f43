import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

/** The address is proven, if it is still the account's (a link to an old address proves nothing now). */
export async function markEmailVerified(db: Db, userId: number, email: string, at: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE identity.users SET email_verified_at = COALESCE(email_verified_at, $3)
      WHERE id = $1 AND lower(email) = lower($2)`,
    [userId, email, at],
  );
  return rowCount === 1;
}

/** The account takes a proven new address (a unique violation if another account has it by now). */
export async function replaceEmail(db: Db, userId: number, email: string, at: Date): Promise<void> {
  await db.query(
    `UPDATE identity.users SET email = $2, email_verified_at = $3, version = version + 1, updated_at = now()
      WHERE id = $1`,
    [userId, email, at],
  );
}
