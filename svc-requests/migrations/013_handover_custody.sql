-- Issue 18 items 3 and 5: handover codes and the custody log.

-- The medicines read model keeps the pack codes the catalog's events carry (issue 17), so a
-- custody entry can name the GTIN, batch and serial handed over.
ALTER TABLE requests.medicines
  ADD COLUMN gtin text,
  ADD COLUMN batch text,
  ADD COLUMN serial text;

-- One code per approved request. Never the digits in clear: an HMAC (keyed by the service's
-- secret, so a copy of the table cannot be brute-forced offline over 10^6 codes) to check it, and
-- the code sealed with AES-256-GCM so the requester can be shown it again. The attempt counter
-- and the lock live here, so they hold across instances; the row is locked while a code is tried.
CREATE TABLE requests.handover_codes (
  request_id      integer PRIMARY KEY REFERENCES requests.requests (id),
  code_hmac       bytea NOT NULL,
  code_sealed     bytea NOT NULL,
  expires_at      timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  locked_until    timestamptz,
  used_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Every state change and handover of a request, with what was handed over as it was then.
CREATE TABLE requests.custody_log (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id        integer NOT NULL REFERENCES requests.requests (id),
  at                timestamptz NOT NULL DEFAULT now(),
  status            text NOT NULL,
  from_status       text,
  actor_id          integer,
  actor_role        text NOT NULL,
  actor_name        text NOT NULL,
  medicine_id       integer NOT NULL,
  medicine_name     text,
  owner_id          integer NOT NULL,
  requester_id      integer NOT NULL,
  gtin              text,
  batch             text,
  serial            text,
  quantity          integer NOT NULL,
  confirmed_by_code boolean NOT NULL DEFAULT false
);
CREATE INDEX custody_log_request ON requests.custody_log (request_id, id);
-- The admin's CSV reads a date range.
CREATE INDEX custody_log_at ON requests.custody_log (at, id);

-- Append-only: no row is changed or removed, whoever asks (the service's own role included).
CREATE FUNCTION requests.custody_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'custody_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER custody_log_no_change BEFORE UPDATE OR DELETE ON requests.custody_log
  FOR EACH ROW EXECUTE FUNCTION requests.custody_log_append_only();
CREATE TRIGGER custody_log_no_truncate BEFORE TRUNCATE ON requests.custody_log
  FOR EACH STATEMENT EXECUTE FUNCTION requests.custody_log_append_only();
