-- A donor's deletion of their account (docs/accounts.md, "Deleting an account"): the custody log
-- keeps every entry of the hand-overs (the law on medicine custody needs them), but not the
-- deleted person's name. The log stays append-only with one exception: an entry's actor_name may
-- become the deleted-account placeholder (libs/domain deletedAccountName), nothing else of it.
CREATE OR REPLACE FUNCTION requests.custody_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.actor_name = 'Deleted account'
     AND to_jsonb(NEW) - 'actor_name' = to_jsonb(OLD) - 'actor_name' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'custody_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
