-- Live screens (issue 25 item 4): a change a user sees raises a live event for them in the same
-- transaction (service-kit's add_live_events), which the outbox relay publishes after the commit
-- and the gateway streams to their open screens. Triggers rather than calls in the code: these
-- rows change in many modules (requests, pickup, handover, no-shows, recalls, matching,
-- notifications), and a trigger cannot be forgotten by the next one. Statement triggers read the
-- changed rows at once, so a statement touching thousands of rows adds one insert, not thousands.
-- Events carry ids only (docs/design.md "Live screens").

-- A request row changed (made, moved, window chosen, pickup details, prices, missed): both parties.
CREATE FUNCTION requests.live_request_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM requests.add_live_events((
    SELECT jsonb_agg(jsonb_build_object(
             'userIds', jsonb_build_array(r.requester_id, r.owner_id),
             'event', jsonb_build_object('kind', 'request', 'id', r.id)))
      FROM changed r));
  RETURN NULL;
END $$;

CREATE TRIGGER live_request_inserted AFTER INSERT ON requests.requests
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION requests.live_request_changed();
CREATE TRIGGER live_request_updated AFTER UPDATE ON requests.requests
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION requests.live_request_changed();

-- A row about a request changed (its pickup windows, a recall hold): both parties, with the
-- trigger's kind.
CREATE FUNCTION requests.live_request_part_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM requests.add_live_events((
    SELECT jsonb_agg(jsonb_build_object(
             'userIds', jsonb_build_array(r.requester_id, r.owner_id),
             'event', jsonb_build_object('kind', TG_ARGV[0], 'id', r.id)))
      FROM requests.requests r
     WHERE r.id IN (SELECT request_id FROM changed)));
  RETURN NULL;
END $$;

CREATE TRIGGER live_pickup_window_inserted AFTER INSERT ON requests.pickup_windows
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION requests.live_request_part_changed('pickup');
CREATE TRIGGER live_pickup_window_updated AFTER UPDATE ON requests.pickup_windows
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION requests.live_request_part_changed('pickup');
CREATE TRIGGER live_recall_hold_added AFTER INSERT ON requests.recall_holds
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION requests.live_request_part_changed('request');
CREATE TRIGGER live_recall_hold_lifted AFTER DELETE ON requests.recall_holds
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION requests.live_request_part_changed('request');

-- Notifications added or marked read (recall notices among them): the badge and inbox of each
-- user concerned, once per statement however many they got.
CREATE FUNCTION requests.live_notifications_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM requests.add_live_events((
    SELECT jsonb_agg(jsonb_build_object(
             'userIds', jsonb_build_array(u.user_id),
             'event', jsonb_build_object('kind', 'notification')))
      FROM (SELECT DISTINCT user_id FROM changed) u));
  RETURN NULL;
END $$;

CREATE TRIGGER live_notification_added AFTER INSERT ON requests.notifications
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION requests.live_notifications_changed();
CREATE TRIGGER live_notification_read AFTER UPDATE ON requests.notifications
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION requests.live_notifications_changed();

-- A need added, changed, closed or deleted: its owner's wanted list.
CREATE FUNCTION requests.live_needs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM requests.add_live_events((
    SELECT jsonb_agg(jsonb_build_object(
             'userIds', jsonb_build_array(n.owner_id),
             'event', jsonb_build_object('kind', 'needs', 'id', n.id)))
      FROM changed n));
  RETURN NULL;
END $$;

CREATE TRIGGER live_need_added AFTER INSERT ON requests.needs
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION requests.live_needs_changed();
CREATE TRIGGER live_need_updated AFTER UPDATE ON requests.needs
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION requests.live_needs_changed();

-- Matches of a need found, re-scored (the listing changed) or gone: the need's owner.
CREATE FUNCTION requests.live_matches_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM requests.add_live_events((
    SELECT jsonb_agg(jsonb_build_object(
             'userIds', jsonb_build_array(n.owner_id),
             'event', jsonb_build_object('kind', 'matches', 'id', n.id)))
      FROM requests.needs n
     WHERE n.id IN (SELECT need_id FROM changed)));
  RETURN NULL;
END $$;

CREATE TRIGGER live_match_added AFTER INSERT ON requests.matches
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION requests.live_matches_changed();
CREATE TRIGGER live_match_updated AFTER UPDATE ON requests.matches
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION requests.live_matches_changed();
CREATE TRIGGER live_match_dropped AFTER DELETE ON requests.matches
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION requests.live_matches_changed();
