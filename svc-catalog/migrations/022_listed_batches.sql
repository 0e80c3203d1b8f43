-- Every GTIN + batch a listing has ever carried. A recall is refused for a batch MedRelay never
-- saw; it must still be accepted after every listing of a batch was corrected to another one,
-- because the units handed over under the old batch are in svc-requests' custody log and their
-- collectors must be reached. Kept by the database: new listings in one statement-level pass
-- (a bulk seed of 1,000,000 rows adds one INSERT … SELECT DISTINCT), edits only when the pack
-- codes change.
CREATE TABLE catalog.listed_batches (
  gtin  text NOT NULL,
  batch text NOT NULL,
  PRIMARY KEY (gtin, batch)
);

CREATE FUNCTION catalog.remember_added_batches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog.listed_batches (gtin, batch)
  SELECT DISTINCT gtin, batch FROM added WHERE gtin IS NOT NULL AND batch IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER medicines_batches_added AFTER INSERT ON catalog.medicines
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION catalog.remember_added_batches();

CREATE FUNCTION catalog.remember_edited_batch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog.listed_batches (gtin, batch) VALUES (NEW.gtin, NEW.batch) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER medicines_batch_edited AFTER UPDATE OF gtin, batch ON catalog.medicines
  FOR EACH ROW
  WHEN (NEW.gtin IS NOT NULL AND NEW.batch IS NOT NULL
        AND (NEW.gtin IS DISTINCT FROM OLD.gtin OR NEW.batch IS DISTINCT FROM OLD.batch))
  EXECUTE FUNCTION catalog.remember_edited_batch();

-- Filled after the triggers exist (creating them waits for writes under way): a listing written
-- by a running instance meanwhile is caught by one or the other, never by neither.
INSERT INTO catalog.listed_batches (gtin, batch)
SELECT DISTINCT gtin, batch FROM catalog.medicines WHERE gtin IS NOT NULL AND batch IS NOT NULL
ON CONFLICT DO NOTHING;
