-- Revocations kept in PostgreSQL as well as in Redis, so identity can put every one back in a
-- Redis that lost its data (auth/revocations.ts). Redis alone held them: after a restart without
-- persistence, tokens ended by a logout, a password change or reset, "sign out all others", a
-- two-factor change or a suspension worked again.
--
-- The account's revoked-before time (ms): its tokens issued at or before it are refused. Written
-- before Redis's copy, in the change's transaction where there is one. No foreign key: accounts
-- are never deleted.
CREATE TABLE identity.revoked_before (
  user_id integer PRIMARY KEY,
  at_ms   bigint NOT NULL
);

-- Accounts already rejected or suspended: their last change is when their sessions ended (what
-- identity restored from at start until now).
INSERT INTO identity.revoked_before (user_id, at_ms)
SELECT id, floor(extract(epoch FROM updated_at) * 1000)::bigint
  FROM identity.users
 WHERE status = 'rejected';

-- A single token's revocation (a logout, one session signed out) is its session's `ended_at`,
-- needed until the token would have expired.
CREATE INDEX sessions_ended ON identity.sessions (expires_at) WHERE ended_at IS NOT NULL;
