-- Approvals asked of the catalog: a row committed before the catalog reserves and deleted in the
-- approval's own transaction. One that outlives its approval (svc-requests lost the transaction
-- after the catalog answered) names a reservation nothing records: the release queue's sweep takes
-- it back while the request is still pending (requests/unrecorded-reservations.ts).
CREATE TABLE requests.reservation_checks (
  request_id integer PRIMARY KEY,
  asked_at timestamptz NOT NULL DEFAULT now()
);
