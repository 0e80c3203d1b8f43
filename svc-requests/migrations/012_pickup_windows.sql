-- Pickup windows (issue 18): the owner offers 1–3 windows, the requester picks one or proposes
-- another (proposed_by = 'requester') that the owner accepts. Instants are stored; Cairo days and
-- times are derived (libs/domain pickup-windows).
CREATE TABLE requests.pickup_windows (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id  integer NOT NULL REFERENCES requests.requests (id) ON DELETE CASCADE,
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz NOT NULL CHECK (ends_at > starts_at),
  proposed_by text NOT NULL CHECK (proposed_by IN ('owner', 'requester')),
  -- Replaced offers stay for the record but are no longer offered.
  withdrawn   boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pickup_windows_request ON requests.pickup_windows (request_id);

-- The pin, the chosen window, and the no-show record. "Missed" is a flag on an approved request
-- (not a status): a late pickup can still complete it during the grace period; after it the
-- service cancels the request (a system move, libs/domain) and no_show_released_at says why.
ALTER TABLE requests.requests
  ADD COLUMN pickup_lat double precision,
  ADD COLUMN pickup_lng double precision,
  ADD COLUMN chosen_window_id integer REFERENCES requests.pickup_windows (id),
  ADD COLUMN missed_at timestamptz,
  ADD COLUMN no_show_released_at timestamptz;

-- The sweep looks only at approved requests with a chosen window.
CREATE INDEX requests_pickup_due ON requests.requests (chosen_window_id)
  WHERE status = 'approved' AND chosen_window_id IS NOT NULL;
-- Admins count missed windows per account.
CREATE INDEX requests_missed ON requests.requests (missed_at) WHERE missed_at IS NOT NULL;

-- Each missed window once (admins count them per account; kept when the pickup is rescheduled).
CREATE TABLE requests.no_shows (
  window_id    integer PRIMARY KEY REFERENCES requests.pickup_windows (id),
  request_id   integer NOT NULL REFERENCES requests.requests (id) ON DELETE CASCADE,
  requester_id integer NOT NULL,
  owner_id     integer NOT NULL,
  missed_at    timestamptz NOT NULL
);
