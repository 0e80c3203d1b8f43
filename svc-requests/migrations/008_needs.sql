-- Wanted lists (issue 16 item 1): what an NGO or a pharmacy needs. Matching (a later session)
-- reads open, undeleted needs; a delete keeps the row (deleted_at) so "needs met / open" figures
-- and matches already sent keep what they refer to.
CREATE TABLE requests.needs (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL,
  owner_role text NOT NULL CHECK (owner_role IN ('ngo', 'pharmacy')),
  medicine text NOT NULL CHECK (length(medicine) BETWEEN 1 AND 200),
  dosage_form text,
  min_quantity integer NOT NULL CHECK (min_quantity >= 1),
  accept_up_to integer CHECK (accept_up_to >= min_quantity),
  min_days_left integer NOT NULL DEFAULT 0 CHECK (min_days_left >= 0),
  urgency text NOT NULL DEFAULT 'routine' CHECK (urgency IN ('routine', 'urgent')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

-- The owner's list, newest first (GET /api/needs/my).
CREATE INDEX needs_owner_created ON requests.needs (owner_id, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
