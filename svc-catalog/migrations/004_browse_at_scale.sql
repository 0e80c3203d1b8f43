-- Browse at national scale (issue 12): work proportional to the page, not to the catalogue.

-- The reserved quantity lives on the listing, kept by reserve/release in their transaction,
-- instead of a sum over reservations for every row read.
ALTER TABLE catalog.medicines
  ADD COLUMN reserved_quantity integer NOT NULL DEFAULT 0 CHECK (reserved_quantity >= 0);
UPDATE catalog.medicines m SET reserved_quantity = r.total
  FROM (SELECT medicine_id, sum(quantity)::int AS total FROM catalog.reservations
         WHERE status = 'reserved' GROUP BY medicine_id) r
 WHERE r.medicine_id = m.id;

-- One index per browse sort, in the sort's default direction with the id as tie-break, over
-- what can be browsed at all; the reversed order reads the same index backwards.
DROP INDEX catalog.medicines_browsable;
CREATE INDEX medicines_browse_expiry ON catalog.medicines (expiry_date, id)
  WHERE is_available AND quantity > 0;
CREATE INDEX medicines_browse_name ON catalog.medicines (lower(name), id)
  WHERE is_available AND quantity > 0;
CREATE INDEX medicines_browse_price ON catalog.medicines ((COALESCE(discount_price, 0)), id)
  WHERE is_available AND quantity > 0;
CREATE INDEX medicines_browse_quantity ON catalog.medicines (quantity DESC, id)
  WHERE is_available AND quantity > 0;
-- Browse hides stock of owners not approved: few, so an anti-join against this small index.
CREATE INDEX users_not_approved ON catalog.users (id) WHERE status <> 'approved';

-- Substring search (`q`) over name and type, Arabic included (the cluster is UTF-8 with a
-- UTF-8 ctype, so Arabic letters make trigrams). Whole table: the admin list searches it too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX medicines_name_trgm ON catalog.medicines USING gin (name gin_trgm_ops);
CREATE INDEX medicines_type_trgm ON catalog.medicines USING gin (type gin_trgm_ops);
CREATE INDEX users_name_trgm ON catalog.users USING gin (name gin_trgm_ops);

-- The expiry scan runs in batches over ids; a run's cursor survives a crash, so the next run
-- continues after the last committed batch. Alerts remember their run for the owner digests.
CREATE TABLE catalog.expiry_scan_runs (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  started_at  timestamptz NOT NULL DEFAULT now(),
  cursor_id   integer NOT NULL DEFAULT 0,
  unlisted    integer NOT NULL DEFAULT 0,
  finished_at timestamptz
);
CREATE UNIQUE INDEX expiry_scan_runs_one_open ON catalog.expiry_scan_runs ((true)) WHERE finished_at IS NULL;
ALTER TABLE catalog.expiry_alerts ADD COLUMN run_id integer REFERENCES catalog.expiry_scan_runs (id);
CREATE INDEX expiry_alerts_by_run ON catalog.expiry_alerts (run_id) WHERE run_id IS NOT NULL;
