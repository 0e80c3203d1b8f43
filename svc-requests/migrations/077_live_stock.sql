-- A listing's units or availability changed in the read model (units released back on offer
-- after a pickup was called off or a collection disputed, taken by an approval, a listing
-- unlisted, quarantined or offered again): a live 'request' event for its owner and for everyone
-- with a pending or approved request on it (030_live_events.sql's way). The release runs as its
-- own job after the move's event was published, so the screens that refetched then still showed
-- the units as promised ("All given out" on the owner's stock, the approve dialog's units left).
CREATE FUNCTION requests.live_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM requests.add_live_events((
    SELECT jsonb_agg(jsonb_build_object(
             'userIds', to_jsonb(array_remove(
                          ARRAY[a.owner_id] || ARRAY(
                            SELECT r.requester_id FROM requests.requests r
                             WHERE r.medicine_id = a.id AND r.status IN ('pending', 'approved')),
                          NULL)),
             'event', jsonb_build_object('kind', 'request')))
      FROM new_rows a JOIN old_rows b ON b.id = a.id
     WHERE a.quantity IS DISTINCT FROM b.quantity OR a.is_available IS DISTINCT FROM b.is_available));
  RETURN NULL;
END $$;

CREATE TRIGGER live_stock_changed AFTER UPDATE ON requests.medicines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION requests.live_stock_changed();
