-- Issue 25 item 3: a recall reaches every party holding units of the batch, and the admin sees who
-- was reached and who has acknowledged. (Numbered 040: parallel work on issue 25 took 020 and 030.)

-- The recalls svc-requests has applied, as their issue event said: what the notices name, and the
-- sending round (1 = the first notice; each resend adds one, and names its notices' keys).
CREATE TABLE requests.recalls (
  recall_id integer PRIMARY KEY,
  gtin      text NOT NULL,
  batch     text NOT NULL,
  reason    text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  round     integer NOT NULL DEFAULT 1 CHECK (round >= 1)
);

-- Each party a recall reached: when it was told, the last round sent to it, and when it confirmed
-- that the units it holds are set aside.
CREATE TABLE requests.recall_parties (
  recall_id       integer NOT NULL REFERENCES requests.recalls (recall_id),
  user_id         integer NOT NULL,
  notified_at     timestamptz NOT NULL DEFAULT now(),
  sent_round      integer NOT NULL DEFAULT 1,
  last_sent_at    timestamptz NOT NULL DEFAULT now(),
  acknowledged_at timestamptz,
  PRIMARY KEY (recall_id, user_id)
);
CREATE INDEX recall_parties_user ON requests.recall_parties (user_id, recall_id DESC);

-- What each party held of the batch when the recall reached it, frozen then (a pending request the
-- recall cancels still reads "requested"): an owner's listing, or a request collected, approved or
-- pending, with its quantity. A completed request here is what marks the requester's units
-- quarantined in their history while the recall is in force.
CREATE TABLE requests.recall_holdings (
  recall_id     integer NOT NULL,
  user_id       integer NOT NULL,
  holding       text NOT NULL CHECK (holding IN ('listed', 'collected', 'approved', 'requested')),
  medicine_id   integer NOT NULL,
  medicine_name text,
  request_id    integer REFERENCES requests.requests (id),
  quantity      integer NOT NULL CHECK (quantity >= 0),
  FOREIGN KEY (recall_id, user_id) REFERENCES requests.recall_parties (recall_id, user_id)
);
CREATE UNIQUE INDEX recall_holdings_one
  ON requests.recall_holdings (recall_id, user_id, holding, medicine_id, coalesce(request_id, 0));
CREATE INDEX recall_holdings_request ON requests.recall_holdings (request_id) WHERE request_id IS NOT NULL;

-- Holders are found by pack codes: requests on any listing of the GTIN and batch (read model) and
-- collections the custody log recorded with them.
CREATE INDEX medicines_pack_batch ON requests.medicines (gtin, batch) WHERE gtin IS NOT NULL;
CREATE INDEX custody_log_pack_batch ON requests.custody_log (gtin, batch) WHERE status = 'completed';
