-- Issue 27: two-factor sign-in with an authenticator app (TOTP, RFC 6238).
-- The secret is kept sealed (service-kit sealing, purpose "totp"); `totp_pending_secret` is one
-- shown for enrolment and not yet confirmed with a code. `totp_last_step` is the last time step
-- whose code was accepted: a code is never taken twice.
ALTER TABLE identity.users
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_pending_secret text,
  ADD COLUMN totp_enabled_at timestamptz,
  ADD COLUMN totp_last_step bigint;

-- Ten single-use recovery codes per enrolment; only a keyed digest of each is kept.
CREATE TABLE identity.recovery_codes (
  user_id    integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  key_id     text NOT NULL,
  digest     bytea NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, digest)
);
