-- Issue 27: passkeys (WebAuthn). One row per credential an account registered; the public key
-- and the signature counter the authenticator reports (a counter that goes back is refused).
CREATE TABLE identity.passkeys (
  id           text PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  public_key   bytea NOT NULL,
  counter      bigint NOT NULL DEFAULT 0,
  transports   text[] NOT NULL DEFAULT '{}',
  name         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user ON identity.passkeys (user_id);
