-- Live screens: when identity's word on whether a licensed pharmacist receives for a user arrives
-- here (an administrator accepted or refused an NGO's pharmacist's licence), that user's needs'
-- matches change (donors' medicines matched or left out): a live 'account' event for them, raised
-- when this read model has it, not when identity decided (the matches answered from here would
-- still be the old one). service-kit's `live` function (kitTables).
CREATE FUNCTION requests.live_pharmacist_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM requests.add_live_events((
    SELECT jsonb_agg(jsonb_build_object(
             'userIds', jsonb_build_array(a.id),
             'event', jsonb_build_object('kind', 'account')))
      FROM new_rows a JOIN old_rows b ON b.id = a.id
     WHERE a.has_pharmacist IS DISTINCT FROM b.has_pharmacist));
  RETURN NULL;
END $$;

CREATE TRIGGER live_pharmacist_changed AFTER UPDATE ON requests.users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION requests.live_pharmacist_changed();
