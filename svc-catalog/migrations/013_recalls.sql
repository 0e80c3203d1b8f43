-- Batch recalls (issue 17). A recall names a GTIN (GTIN-14, like medicines.gtin) and a batch;
-- issuing it quarantines every open (listed) listing of that pack batch at once.
CREATE TABLE catalog.recalls (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  gtin       text NOT NULL CHECK (gtin ~ '^\d{14}$'),
  batch      text NOT NULL CHECK (length(batch) BETWEEN 1 AND 20),
  reason     text NOT NULL,
  created_by integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  lifted_at  timestamptz,
  lifted_by  integer
);
CREATE INDEX recalls_newest ON catalog.recalls (created_at DESC, id DESC);
CREATE INDEX recalls_active ON catalog.recalls (gtin, batch) WHERE lifted_at IS NULL;

-- What each recall quarantined when issued (kept after the lift: the history's count, and what a
-- lift gives back).
CREATE TABLE catalog.recall_listings (
  recall_id   integer NOT NULL REFERENCES catalog.recalls (id),
  medicine_id integer NOT NULL REFERENCES catalog.medicines (id),
  PRIMARY KEY (recall_id, medicine_id)
);
CREATE INDEX recall_listings_medicine ON catalog.recall_listings (medicine_id);

-- The quarantine itself, on the listing: the reason of the newest active recall covering it, NULL
-- when none. A column (not a join at read time) so "available" stays a test on the row
-- (libs/domain availableSql) and browse keeps its plans; recall_listings says which recall set it.
ALTER TABLE catalog.medicines ADD COLUMN quarantine_reason text;

CREATE INDEX medicines_pack_batch ON catalog.medicines (gtin, batch) WHERE gtin IS NOT NULL;
