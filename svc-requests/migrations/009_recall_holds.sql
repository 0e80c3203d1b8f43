-- Batch recalls (issue 17). An approved request on a recalled listing is held, not cancelled: its
-- reservation stays and it goes on when the recall is lifted. One row per (request, recall), so
-- a request under two recalls stays held until both are lifted. A hold is a row, not a status:
-- the request keeps `approved` (the status machine, the one-open index and every screen's status
-- texts stay as they are), and a lift needs no memory of what status to go back to.
CREATE TABLE requests.recall_holds (
  request_id integer NOT NULL REFERENCES requests.requests (id),
  recall_id  integer NOT NULL,
  reason     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (request_id, recall_id)
);
CREATE INDEX recall_holds_recall ON requests.recall_holds (recall_id);

-- Why the system closed a request (a recall's reason for the pending requests it cancelled).
ALTER TABLE requests.requests ADD COLUMN closed_reason text;

-- Recalls already lifted, as their lift event said: an issue event that arrives after its own lift
-- (queues do not promise order across retries) then holds and cancels nothing.
CREATE TABLE requests.lifted_recalls (
  recall_id integer PRIMARY KEY,
  lifted_at timestamptz NOT NULL DEFAULT now()
);
