import type { Pool, PoolClient } from '@medrelay/service-kit';
import type { LinkPurpose } from './links';

type Db = Pool | PoolClient;

export async function insertLink(
  db: Db,
  link: { tokenHash: Buffer; userId: number; purpose: LinkPurpose; email: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO identity.account_links (token_hash, user_id, purpose, email, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [link.tokenHash, link.userId, link.purpose, link.email, link.expiresAt],
  );
}

/** Whose link this is (used or not), without taking it: lets the owner's row be locked first. */
export async function findLinkOwner(db: Db, tokenHash: Buffer): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>(
    'SELECT user_id FROM identity.account_links WHERE token_hash = $1',
    [tokenHash],
  );
  return rows[0]?.user_id ?? null;
}

/**
 * Uses a link once: marks it used if it is of one of the purposes, unused and not expired at
 * `now` (the service's clock, which tests move), and says whose it was.
 */
export async function consumeLink(
  db: Db,
  tokenHash: Buffer,
  purposes: readonly LinkPurpose[],
  now: Date,
): Promise<{ userId: number; purpose: LinkPurpose; email: string } | null> {
  const { rows } = await db.query<{ user_id: number; purpose: LinkPurpose; email: string }>(
    `UPDATE identity.account_links SET used_at = $3
      WHERE token_hash = $1 AND purpose = ANY($2) AND used_at IS NULL AND expires_at > $3
      RETURNING user_id, purpose, email`,
    [tokenHash, purposes, now],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, purpose: row.purpose, email: row.email } : null;
}

/** Every unused link of these purposes of the account stops working (a newer one replaces them, or the job is done). */
export async function retireLinks(
  db: Db,
  userId: number,
  purposes: readonly LinkPurpose[],
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE identity.account_links SET used_at = $3
      WHERE user_id = $1 AND purpose = ANY($2) AND used_at IS NULL`,
    [userId, purposes, now],
  );
}
