-- Issue 27 item 6: the browsers signed in to an account, one row per token signed at a sign-in
-- (or a password change), keyed by the token's id (jti). What a person needs to recognise it:
-- the browser and system from its User-Agent and the country of its address (no finer place is
-- kept). `ended_at`: signed out (this one, or "all others"); a password change or suspension
-- ends them through the account's revoked-before time instead.
CREATE TABLE identity.sessions (
  id           text PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  device       text NOT NULL,
  country      text,
  issued_at    timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  ended_at     timestamptz
);
CREATE INDEX sessions_user ON identity.sessions (user_id, expires_at) WHERE ended_at IS NULL;
