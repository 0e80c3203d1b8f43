-- The pending-accounts list is paged newest first (issue 12) and its total is the admin badge:
-- both read only the pending rows through this.
CREATE INDEX users_pending ON identity.users (created_at DESC, id DESC) WHERE status = 'pending';
