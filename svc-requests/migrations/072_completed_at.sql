-- When a request was collected: its move to completed (the code, or "Mark as collected").
-- The monthly figures counted updated_at, which the owner's later confirmation or dispute moves:
-- units collected on 31 January and confirmed on 1 February counted in February. Requests
-- completed before this column keep counting by updated_at (no backfill under a table lock).
ALTER TABLE requests.requests ADD COLUMN completed_at timestamptz;

-- A user's listings, for matching them again when the user moves or is suspended or reinstated.
CREATE INDEX medicines_owner ON requests.medicines (owner_id);
