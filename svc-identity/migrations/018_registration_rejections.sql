-- Why an administrator rejected a registration, who decided and when (docs/accounts.md "Rejected
-- registrations"). One row per rejection, kept when the account applies again: the
-- administrators' row of a re-application shows the latest reason, and the history stays.
-- Suspensions (an approved account rejected) are not registrations and leave no row here.
CREATE TABLE identity.registration_rejections (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  reason      text NOT NULL
              CHECK (reason IN ('detailsUnverifiable', 'notEligible', 'duplicate', 'other')),
  rejected_by integer REFERENCES identity.users (id) ON DELETE SET NULL,
  rejected_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registration_rejections_user ON identity.registration_rejections (user_id, id DESC);
