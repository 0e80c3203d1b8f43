-- When an administrator last decided on the account (approve, reject, suspend, re-approve):
-- the admin activity list shows reviews by this time, not by unrelated profile edits.
ALTER TABLE identity.users ADD COLUMN reviewed_at timestamptz;
CREATE INDEX users_created ON identity.users (created_at DESC, id DESC);
CREATE INDEX users_reviewed ON identity.users (reviewed_at DESC, id DESC) WHERE reviewed_at IS NOT NULL;
