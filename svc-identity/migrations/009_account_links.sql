-- Issue 27: accounts you can trust.

-- Single-use links e-mailed to an account: a password reset, proof of an e-mail address (at
-- registration or before a change takes effect), opening a locked account from a device. Only
-- the token's SHA-256 is kept; `email` is the address the link was sent to (for a change, the
-- new address, which the account takes when the link is opened).
CREATE TABLE identity.account_links (
  token_hash bytea PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('password-reset', 'email-verification', 'email-change', 'unlock')),
  email      text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_links_user ON identity.account_links (user_id, purpose) WHERE used_at IS NULL;

-- Browsers (a signed cookie's random key) that have signed in to an account, or were let in by
-- an e-mailed link: a guessing attack from elsewhere never locks them out.
CREATE TABLE identity.known_devices (
  user_id     integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  device_key  text NOT NULL,
  known_since timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_key)
);

-- When the account's e-mail address was proven (null: never). Accounts an operator created
-- (administrators) count as proven.
ALTER TABLE identity.users ADD COLUMN email_verified_at timestamptz;
UPDATE identity.users SET email_verified_at = created_at WHERE user_type = 'admin';
