import type { TwoFactorResetReason } from '@medrelay/contracts';
import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

export interface TotpRow {
  secret: string | null;
  pending: string | null;
  lastStep: number | null;
}

export async function readTotp(db: Db, userId: number, forUpdate = false): Promise<TotpRow | null> {
  const { rows } = await db.query<{
    totp_secret: string | null;
    totp_pending_secret: string | null;
    totp_last_step: string | null;
  }>(
    `SELECT totp_secret, totp_pending_secret, totp_last_step FROM identity.users WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    secret: row.totp_secret,
    pending: row.totp_pending_secret,
    lastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  };
}

export async function setPendingSecret(db: Db, userId: number, sealed: string): Promise<void> {
  await db.query('UPDATE identity.users SET totp_pending_secret = $2 WHERE id = $1', [userId, sealed]);
}

/** The pending secret becomes the account's; `step` is the time step of the code that confirmed it. */
export async function enableTotp(db: Db, userId: number, step: number, at: Date): Promise<void> {
  await db.query(
    `UPDATE identity.users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL,
       totp_enabled_at = $3, totp_last_step = $2 WHERE id = $1`,
    [userId, step, at],
  );
}

/** Takes a code's time step if it is later than every accepted one (false: a replay, or a race lost). */
export async function acceptStep(db: Db, userId: number, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE identity.users SET totp_last_step = $2
      WHERE id = $1 AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < $2)`,
    [userId, step],
  );
  return rowCount === 1;
}

export async function disableTotp(db: Db, userId: number): Promise<void> {
  await db.query(
    `UPDATE identity.users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL,
       totp_last_step = NULL WHERE id = $1`,
    [userId],
  );
  await db.query('DELETE FROM identity.recovery_codes WHERE user_id = $1', [userId]);
}

export async function replaceRecoveryCodes(
  db: Db,
  userId: number,
  codes: Array<{ keyId: string; digest: Buffer }>,
): Promise<void> {
  await db.query('DELETE FROM identity.recovery_codes WHERE user_id = $1', [userId]);
  await db.query(
    `INSERT INTO identity.recovery_codes (user_id, key_id, digest)
     SELECT $1, k, d FROM unnest($2::text[], $3::bytea[]) AS c(k, d)`,
    [userId, codes.map((c) => c.keyId), codes.map((c) => c.digest)],
  );
}

export async function unusedRecoveryCodes(
  db: Db,
  userId: number,
): Promise<Array<{ keyId: string; digest: Buffer }>> {
  const { rows } = await db.query<{ key_id: string; digest: Buffer }>(
    'SELECT key_id, digest FROM identity.recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return rows.map((r) => ({ keyId: r.key_id, digest: r.digest }));
}

/** Uses a recovery code once (false when it was used meanwhile). */
export async function useRecoveryCode(db: Db, userId: number, digest: Buffer, at: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE identity.recovery_codes SET used_at = $3 WHERE user_id = $1 AND digest = $2 AND used_at IS NULL',
    [userId, digest, at],
  );
  return rowCount === 1;
}

/** An administrator's reset of the account's two-factor sign-in: who, when and why (migration 020). */
export async function recordTwoFactorReset(
  db: Db,
  userId: number,
  reason: TwoFactorResetReason,
  adminId: number,
  at: Date,
): Promise<void> {
  await db.query(
    'INSERT INTO identity.two_factor_resets (user_id, reason, reset_by, reset_at) VALUES ($1, $2, $3, $4)',
    [userId, reason, adminId, at],
  );
}
