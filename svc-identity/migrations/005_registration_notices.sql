-- The administrator's notices of new registrations, sent as a digest (issue 14): each pending
-- registration leaves a row in the same transaction as the user; a digest e-mail marks the rows
-- it lists (same transaction as its outbox entry), so none is lost or listed twice.
CREATE TABLE identity.registration_notices (
  user_id     integer PRIMARY KEY REFERENCES identity.users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  digested_at timestamptz
);
CREATE INDEX registration_notices_waiting ON identity.registration_notices (created_at)
  WHERE digested_at IS NULL;
CREATE INDEX registration_notices_digested ON identity.registration_notices (digested_at)
  WHERE digested_at IS NOT NULL;
