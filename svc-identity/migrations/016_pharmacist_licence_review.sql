-- A pharmacist's licence an NGO adds after its account was reviewed waits for an administrator
-- (docs/accounts.md "Pharmacist's licence added after the review"): until one accepts it, the
-- NGO has no pharmacist for the platform (libs/domain `hasPharmacist`) and receives no donor's
-- medicine. A licence given at registration is reviewed with the account and never waits.
-- `pharmacist_license_submitted_at`: when the waiting licence was added; null when none waits.
ALTER TABLE identity.ngos ADD COLUMN pharmacist_license_submitted_at timestamptz;
ALTER TABLE identity.ngos ADD CONSTRAINT ngos_waiting_license_present
  CHECK (pharmacist_license_submitted_at IS NULL OR pharmacist_license IS NOT NULL);
CREATE INDEX ngos_license_waiting ON identity.ngos (pharmacist_license_submitted_at, user_id)
  WHERE pharmacist_license_submitted_at IS NOT NULL;

-- The administrator's notices of licences to review, sent as a digest with the registrations'
-- (registrations/digest.ts): one row per licence added, in the same transaction; the digest marks
-- those it took.
CREATE TABLE identity.license_notices (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  digested_at timestamptz
);
CREATE INDEX license_notices_waiting ON identity.license_notices (created_at) WHERE digested_at IS NULL;
CREATE INDEX license_notices_digested ON identity.license_notices (digested_at) WHERE digested_at IS NOT NULL;

-- Licences already added by their owners after the review (no administrator saw them): an NGO
-- registered before migration 006 asked for the licence had none at its review, so one it has now
-- was filled in afterwards (or recorded by the team, which then costs one more look). They wait
-- for review like a new one, and their user events are published again (hasPharmacist false).
WITH asked AS (
  SELECT applied_at FROM identity.migrations WHERE name = '006_pharmacist_licence.sql'
), waiting AS (
  UPDATE identity.ngos n SET pharmacist_license_submitted_at = now()
    FROM identity.users u, asked
   WHERE u.id = n.user_id AND n.pharmacist_license IS NOT NULL AND u.created_at < asked.applied_at
  RETURNING n.user_id
), noticed AS (
  INSERT INTO identity.license_notices (user_id) SELECT user_id FROM waiting RETURNING user_id
)
INSERT INTO identity.users_to_republish (user_id) SELECT user_id FROM noticed
ON CONFLICT (user_id) DO NOTHING;
