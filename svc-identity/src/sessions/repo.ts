import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

export interface StoredSession {
  id: string;
  userId: number;
  /** The browser's name in English, written at sign-in. */
  device: string;
  /** Its User-Agent, named in the reader's language when listed (null: recorded before it was kept). */
  userAgent: string | null;
  country: string | null;
  issuedAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

interface Row {
  id: string;
  user_id: number;
  device: string;
  user_agent: string | null;
  country: string | null;
  issued_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

const toSession = (r: Row): StoredSession => ({
  id: r.id,
  userId: r.user_id,
  device: r.device,
  userAgent: r.user_agent,
  country: r.country,
  issuedAt: r.issued_at,
  lastSeenAt: r.last_seen_at,
  expiresAt: r.expires_at,
});

export async function insertSession(db: Db, s: StoredSession): Promise<void> {
  await db.query(
    `INSERT INTO identity.sessions (id, user_id, device, user_agent, country, issued_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7) ON CONFLICT (id) DO NOTHING`,
    [s.id, s.userId, s.device, s.userAgent?.slice(0, 512) ?? null, s.country, s.issuedAt, s.expiresAt],
  );
}

/** The account's sessions still open at `now` and issued after `notBefore` (its revoked-before time). */
export async function openSessions(
  db: Db,
  userId: number,
  now: Date,
  notBefore: Date | null,
): Promise<StoredSession[]> {
  const { rows } = await db.query<Row>(
    `SELECT * FROM identity.sessions
      WHERE user_id = $1 AND ended_at IS NULL AND expires_at > $2 AND ($3::timestamptz IS NULL OR issued_at > $3)
      ORDER BY last_seen_at DESC, issued_at DESC`,
    [userId, now, notBefore],
  );
  return rows.map(toSession);
}

/** Ends the listed sessions of the account; answers those it ended (with their expiry, to revoke the tokens). */
export async function endSessions(
  db: Db,
  userId: number,
  ids: string[],
  now: Date,
): Promise<StoredSession[]> {
  const { rows } = await db.query<Row>(
    `UPDATE identity.sessions SET ended_at = $3
      WHERE user_id = $1 AND id = ANY($2::text[]) AND ended_at IS NULL RETURNING *`,
    [userId, ids, now],
  );
  return rows.map(toSession);
}

/** Notes that the session was used; written at most once a minute per session. */
export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE identity.sessions SET last_seen_at = $2::timestamptz
      WHERE id = $1 AND ended_at IS NULL AND last_seen_at < $2::timestamptz - interval '1 minute'`,
    [id, now],
  );
}
