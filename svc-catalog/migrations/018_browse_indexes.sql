-- Browse reads each list through an index whose order is the page's: every browse statement
-- walks one stretch (or a few, merged) and stops at the page. The columns browse filters on are
-- carried in the index (INCLUDE), so a walk checks them without reading the table.
--
-- Lists read by source (pharmacy, donor) with a sort: one stretch per source, merged. A filter
-- correlated with a sort (donors give free, so a donor list by price sat at the far end of one
-- index over every listing) is then a stretch of its own. Each index carries every column a
-- browse filter reads (name included, for a common term's filter).
DROP INDEX catalog.medicines_browse_expiry;
DROP INDEX catalog.medicines_browse_name;
DROP INDEX catalog.medicines_browse_price;
DROP INDEX catalog.medicines_browse_quantity;

CREATE INDEX medicines_browse_source_expiry ON catalog.medicines (source, expiry_date, id)
  INCLUDE (owner_id, recipient_type, type, name, quantity, discount_price)
  WHERE is_available AND quantity > 0 AND quarantine_reason IS NULL;
CREATE INDEX medicines_browse_source_name ON catalog.medicines (source, lower(name), id)
  INCLUDE (owner_id, recipient_type, type, expiry_date, name)
  WHERE is_available AND quantity > 0 AND quarantine_reason IS NULL;
CREATE INDEX medicines_browse_source_price ON catalog.medicines (source, (COALESCE(discount_price, 0)), id)
  INCLUDE (owner_id, recipient_type, type, name, expiry_date, discount_price)
  WHERE is_available AND quantity > 0 AND quarantine_reason IS NULL;
CREATE INDEX medicines_browse_source_quantity ON catalog.medicines (source, quantity DESC, id)
  INCLUDE (owner_id, recipient_type, type, name, expiry_date)
  WHERE is_available AND quantity > 0 AND quarantine_reason IS NULL;

-- A search reads each name it matches (from catalog.listing_names) as a stretch of these.
CREATE INDEX medicines_browse_named_expiry ON catalog.medicines (lower(name), expiry_date, id)
  INCLUDE (owner_id, recipient_type, type, source, name)
  WHERE is_available AND quantity > 0 AND quarantine_reason IS NULL;
CREATE INDEX medicines_browse_named ON catalog.medicines (lower(name), id)
  INCLUDE (owner_id, recipient_type, type, source, expiry_date, name)
  WHERE is_available AND quantity > 0 AND quarantine_reason IS NULL;
CREATE INDEX medicines_browse_named_price ON catalog.medicines (lower(name), (COALESCE(discount_price, 0)), id)
  INCLUDE (owner_id, recipient_type, type, source, expiry_date, discount_price, name)
  WHERE is_available AND quantity > 0 AND quarantine_reason IS NULL;
CREATE INDEX medicines_browse_named_quantity ON catalog.medicines (lower(name), quantity DESC, id)
  INCLUDE (owner_id, recipient_type, type, source, expiry_date, name)
  WHERE is_available AND quantity > 0 AND quarantine_reason IS NULL;

-- Browse keeps pages only while nothing it reads has changed (medicines/browse-cache.ts): a
-- notice needs to name no listing. One per statement that changed any row, as before.
CREATE OR REPLACE FUNCTION catalog.notify_browse_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN PERFORM pg_notify('catalog_browse', ''); END IF;
  ELSIF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM pg_notify('catalog_browse', '');
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION catalog.notify_browse_owners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('catalog_browse', '');
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION catalog.notify_browse_everything() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_browse', '');
  RETURN NULL;
END
$$;
