-- Browse change notices name the listings that changed (medicines/browse-memo.ts): an instance
-- then drops only the kept lists those listings were or are in, instead of all of them at every
-- write (at 500 browse calls a second, one write a second used to send every list back to the
-- database). The payload is `m:` and the ids, comma-separated; `*` for more than 800 listings
-- (a notice holds 8,000 bytes), for a TRUNCATE, and for any change of owners (a suspension hides all of
-- an owner's stock; owners change rarely). A statement that changed no row sends nothing.
DROP TRIGGER medicines_browse_change ON catalog.medicines;
DROP TRIGGER users_browse_change ON catalog.users;
DROP FUNCTION catalog.notify_browse_change();

CREATE FUNCTION catalog.notify_browse_listings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int;
  ids text;
BEGIN
  -- At most 800 ids are named (under the notice's size at any id length below 10 digits);
  -- the bulk statements above that (the expiry scan, seeding) say "everything".
  IF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg(id::text, ',') INTO n, ids FROM (SELECT DISTINCT id FROM old_rows LIMIT 801) s;
  ELSE
    SELECT count(*), string_agg(id::text, ',') INTO n, ids FROM (SELECT DISTINCT id FROM new_rows LIMIT 801) s;
  END IF;
  IF n > 800 THEN
    PERFORM pg_notify('catalog_browse', '*');
  ELSIF n > 0 THEN
    PERFORM pg_notify('catalog_browse', 'm:' || ids);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION catalog.notify_browse_owners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('catalog_browse', '*');
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION catalog.notify_browse_everything() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_browse', '*');
  RETURN NULL;
END
$$;

-- Transition tables allow one event per trigger: one trigger each.
CREATE TRIGGER medicines_browse_insert AFTER INSERT ON catalog.medicines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_browse_listings();
CREATE TRIGGER medicines_browse_update AFTER UPDATE ON catalog.medicines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_browse_listings();
CREATE TRIGGER medicines_browse_delete AFTER DELETE ON catalog.medicines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_browse_listings();
CREATE TRIGGER medicines_browse_truncate AFTER TRUNCATE ON catalog.medicines
  FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_browse_everything();

CREATE TRIGGER users_browse_insert AFTER INSERT ON catalog.users
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_browse_owners();
CREATE TRIGGER users_browse_update AFTER UPDATE ON catalog.users
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_browse_owners();
CREATE TRIGGER users_browse_delete AFTER DELETE ON catalog.users
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_browse_owners();
CREATE TRIGGER users_browse_truncate AFTER TRUNCATE ON catalog.users
  FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_browse_everything();
