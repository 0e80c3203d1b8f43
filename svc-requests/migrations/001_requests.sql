-- The users read model, inbox and outbox are service-kit's (libs/service-kit kit-migrations.ts,
-- applied first; see service-kit.json here).

-- Read model of the catalog's medicines (fed by medicine events), embedded in request lists.
CREATE TABLE requests.medicines (
  id             integer PRIMARY KEY,
  owner_id       integer NOT NULL,
  source         text NOT NULL,
  name           text NOT NULL,
  type           text NOT NULL,
  description    text,
  quantity       integer NOT NULL,
  original_price numeric(10, 2),
  discount_price numeric(10, 2),
  expiry_date    timestamptz NOT NULL,
  recipient_type text NOT NULL,
  image_url      text,
  is_available   boolean NOT NULL,
  created_at     timestamptz NOT NULL,
  version        integer NOT NULL
);

-- Requests and their state (spec §4). owner_id is the medicine's owner when it was requested.
CREATE TABLE requests.requests (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  medicine_id     integer NOT NULL,
  requester_id    integer NOT NULL,
  owner_id        integer NOT NULL,
  status          text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'approved', 'rejected', 'completed', 'cancelled')),
  quantity        integer NOT NULL DEFAULT 1 CHECK (quantity >= 1),
  notes           text,
  pickup_location text,
  pickup_date     timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX requests_requester ON requests.requests (requester_id, created_at DESC);
CREATE INDEX requests_owner ON requests.requests (owner_id, created_at DESC);
CREATE INDEX requests_medicine ON requests.requests (medicine_id);

-- Notifications (spec §3). Title and message are message keys rendered in the reader's
-- language; source_key makes each one idempotent (an event redelivered adds nothing).
CREATE TABLE requests.notifications (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL,
  type        text NOT NULL,
  title_key   text NOT NULL,
  message_key text NOT NULL,
  params      jsonb NOT NULL DEFAULT '{}',
  request_id  integer,
  medicine_id integer,
  is_read     boolean NOT NULL DEFAULT false,
  source_key  text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user ON requests.notifications (user_id, created_at DESC);
