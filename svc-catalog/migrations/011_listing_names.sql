-- The distinct names listings have carried, lower-cased, with a trigram index: a search finds the
-- few names that contain its term here, then the listings by those names through the browse
-- name index (`lower(name) = ANY(...)`), which also gives them in name order. Matching the term
-- against every listing instead walked tens of thousands of rows when the matches cluster in the
-- sort order (docs/design.md, "Browse at national scale"). Names are only added: a name no
-- listing carries any more matches nothing.
CREATE TABLE catalog.listing_names (name text PRIMARY KEY);
INSERT INTO catalog.listing_names SELECT DISTINCT lower(name) FROM catalog.medicines;
CREATE INDEX listing_names_trgm ON catalog.listing_names USING gin (name gin_trgm_ops);

CREATE FUNCTION catalog.keep_listing_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog.listing_names SELECT DISTINCT lower(name) FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

-- Inserts a statement at a time (a bulk insert probes each distinct name once); renames a row at
-- a time, and only renames: the frequent updates (quantities, reservations, the expiry scan's
-- unlisting) never run it.
CREATE TRIGGER medicines_names_inserted AFTER INSERT ON catalog.medicines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog.keep_listing_names();

CREATE FUNCTION catalog.keep_renamed_listing_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog.listing_names VALUES (lower(NEW.name)) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER medicines_names_renamed AFTER UPDATE OF name ON catalog.medicines
  FOR EACH ROW WHEN (lower(OLD.name) IS DISTINCT FROM lower(NEW.name))
  EXECUTE FUNCTION catalog.keep_renamed_listing_name();
