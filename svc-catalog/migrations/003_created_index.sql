-- The admin activity list reads the newest listings first.
CREATE INDEX medicines_created ON catalog.medicines (created_at DESC, id DESC);
