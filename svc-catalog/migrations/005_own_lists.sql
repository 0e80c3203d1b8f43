-- Owners' lists page newest first with the id as tie-break: the index carries the whole order,
-- so a page of /api/medicines/my reads only its own rows (it replaces medicines_owner).
CREATE INDEX medicines_owner_newest ON catalog.medicines (owner_id, created_at DESC, id DESC);
DROP INDEX IF EXISTS catalog.medicines_owner;
