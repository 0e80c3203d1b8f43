-- An administrator's reset of another account's two-factor sign-in (docs/accounts.md
-- "Two-factor"): its owner lost the authenticator and the recovery codes. One row per reset: which
-- administrator, when, and why (how they checked it was the owner), kept as the account's audit
-- trail and shown in the administrators' recent activity.
CREATE TABLE identity.two_factor_resets (
  id       integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id  integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  reason   text NOT NULL
           CHECK (reason IN ('lostDevicePhoneCall', 'lostDeviceInPerson', 'unknownAuthenticator')),
  reset_by integer REFERENCES identity.users (id) ON DELETE SET NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX two_factor_resets_user ON identity.two_factor_resets (user_id, id DESC);
CREATE INDEX two_factor_resets_at ON identity.two_factor_resets (reset_at DESC, id DESC);
