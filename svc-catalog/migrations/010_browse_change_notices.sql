-- Each catalog instance keeps recent browse answers in memory (medicines/browse-cache.ts). Every
-- committed change to what browse reads (listings, their owners) tells all instances to stop using
-- them: NOTIFY is delivered at commit, and PostgreSQL sends one notice per transaction however many
-- rows and statements it changed.
CREATE FUNCTION catalog.notify_browse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_browse', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER medicines_browse_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog.medicines
  FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_browse_change();

CREATE TRIGGER users_browse_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog.users
  FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_browse_change();
