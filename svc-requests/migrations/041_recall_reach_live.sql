-- Issue 25 items 3 and 4: a party reached by a recall, or acknowledging it, raises a live 'recall'
-- event (030_live_events.sql's way): for the party (its notices and flagged rows) and, once per
-- recall and statement, for the administrators (the recall screen's "3 of 4 acknowledged").
CREATE FUNCTION requests.live_recall_reach_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM requests.add_live_events((
    SELECT jsonb_agg(e) FROM (
      SELECT jsonb_build_object(
               'userIds', jsonb_build_array(c.user_id),
               'event', jsonb_build_object('kind', 'recall', 'id', c.recall_id)) AS e
        FROM changed c
      UNION ALL
      SELECT jsonb_build_object(
               'userIds', (SELECT coalesce(jsonb_agg(u.id), '[]'::jsonb) FROM requests.users u
                            WHERE u.user_type = 'admin' AND u.status = 'approved'),
               'event', jsonb_build_object('kind', 'recall', 'id', r.recall_id))
        FROM (SELECT DISTINCT recall_id FROM changed) r) events));
  RETURN NULL;
END $$;

CREATE TRIGGER live_recall_party_added AFTER INSERT ON requests.recall_parties
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION requests.live_recall_reach_changed();
CREATE TRIGGER live_recall_party_updated AFTER UPDATE ON requests.recall_parties
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION requests.live_recall_reach_changed();
