-- Needs that close the loop (issue 25 item 5; the rule: libs/domain needs.ts). A need remembers
-- who closed it as met (its requests adding up, or its owner) and since when its requests count
-- (a need reopened after it was met starts a new count).
ALTER TABLE requests.needs
  ADD COLUMN met_by text CHECK (met_by IN ('requests', 'owner')),
  ADD COLUMN counted_since timestamptz;
UPDATE requests.needs SET counted_since = created_at, met_by = CASE WHEN status = 'closed' THEN 'owner' END;
ALTER TABLE requests.needs
  ALTER COLUMN counted_since SET DEFAULT now(),
  ALTER COLUMN counted_since SET NOT NULL;

-- Which need a request was made on: recorded as it is filed, because the match it was made from
-- is dropped as soon as the listing or the need changes (an approval taking the last units, the
-- need closing). One need per request: of the requester's open needs the listing matched then,
-- the closest name, then the oldest need. `score` keeps how close the names were, for ordering.
CREATE TABLE requests.need_requests (
  request_id integer PRIMARY KEY REFERENCES requests.requests (id) ON DELETE CASCADE,
  need_id    integer NOT NULL REFERENCES requests.needs (id),
  score      real NOT NULL
);
CREATE INDEX need_requests_need ON requests.need_requests (need_id);

-- A match's "Requested · status": the caller's requests on one listing, newest first.
CREATE INDEX requests_requester_medicine ON requests.requests (requester_id, medicine_id, created_at DESC);

-- The needs whose requests changed are settled again (closed as met, or opened again) by the
-- need-match worker: a job per need and transaction on its queue (contracts' needMatchQueueName),
-- written to the outbox like any message of the change, and the relay woken at commit.
CREATE FUNCTION requests.queue_need_settling(need_ids integer[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO requests.outbox (id, queue, job_name, payload)
  SELECT DISTINCT md5(txid_current()::text || ':need:' || id)::uuid, 'requests.need-matches', 'need.changed',
         jsonb_build_object('needId', id)
    FROM unnest(need_ids) AS id
  ON CONFLICT (id) DO NOTHING;
  IF FOUND THEN
    PERFORM pg_notify('requests_outbox', '');
  END IF;
END $$;

-- Triggers rather than calls in the code: requests are filed and moved in many modules (requests,
-- pickup, handover, no-shows, recalls), and a trigger cannot be forgotten by the next one.
CREATE FUNCTION requests.need_request_filed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  need_ids integer[];
BEGIN
  WITH made_on AS (
    INSERT INTO requests.need_requests (request_id, need_id, score)
    SELECT DISTINCT ON (r.id) r.id, n.id, x.score
      FROM filed r
      JOIN requests.matches x ON x.medicine_id = r.medicine_id
      JOIN requests.needs n ON n.id = x.need_id
     WHERE n.owner_id = r.requester_id AND n.status = 'open' AND n.deleted_at IS NULL
     ORDER BY r.id, x.score DESC, n.id
    RETURNING need_id)
  SELECT array_agg(DISTINCT need_id) INTO need_ids FROM made_on;
  IF need_ids IS NOT NULL THEN
    PERFORM requests.queue_need_settling(need_ids);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER need_request_filed AFTER INSERT ON requests.requests
  REFERENCING NEW TABLE AS filed FOR EACH STATEMENT EXECUTE FUNCTION requests.need_request_filed();

-- A request made on a need changed status (approved, collected, cancelled, rejected, released)
-- or quantity: its need is settled again.
CREATE FUNCTION requests.need_request_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  need_ids integer[];
BEGIN
  SELECT array_agg(DISTINCT nr.need_id) INTO need_ids
    FROM new_rows a
    JOIN old_rows b ON b.id = a.id
    JOIN requests.need_requests nr ON nr.request_id = a.id
   WHERE a.status IS DISTINCT FROM b.status OR a.quantity IS DISTINCT FROM b.quantity;
  IF need_ids IS NOT NULL THEN
    PERFORM requests.queue_need_settling(need_ids);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER need_request_moved AFTER UPDATE ON requests.requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION requests.need_request_moved();
