-- The users read model, inbox and outbox are service-kit's (libs/service-kit kit-migrations.ts,
-- applied first; see service-kit.json here).

-- Pharmacy listings and donor donations (spec §3). `quantity` is what is still available:
-- approvals reserve from it, so it never goes below zero.
CREATE TABLE catalog.medicines (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id       integer NOT NULL,
  source         text NOT NULL CHECK (source IN ('pharmacy', 'donor')),
  name           text NOT NULL,
  type           text NOT NULL,
  description    text,
  quantity       integer NOT NULL CHECK (quantity >= 0),
  original_price numeric(10, 2) CHECK (original_price > 0),
  discount_price numeric(10, 2) CHECK (discount_price > 0),
  expiry_date    timestamptz NOT NULL,
  recipient_type text NOT NULL DEFAULT 'ngos' CHECK (recipient_type IN ('ngos', 'pharmacies', 'both')),
  image_key      text,
  is_available   boolean NOT NULL DEFAULT true,
  version        integer NOT NULL DEFAULT 1,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX medicines_owner ON catalog.medicines (owner_id, created_at DESC);
CREATE INDEX medicines_browsable ON catalog.medicines (expiry_date) WHERE is_available AND quantity > 0;

-- Quantity reserved per request (idempotency key = request id). A release keeps the row as
-- `released`, also when nothing was reserved, so a late retry of the reserve cannot reserve.
CREATE TABLE catalog.reservations (
  request_id  integer PRIMARY KEY,
  medicine_id integer REFERENCES catalog.medicines (id),
  quantity    integer NOT NULL CHECK (quantity >= 0),
  status      text NOT NULL CHECK (status IN ('reserved', 'released')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz
);

-- Expiry alerts already sent: one per medicine per threshold (30, 7, 1 days).
CREATE TABLE catalog.expiry_alerts (
  medicine_id integer NOT NULL REFERENCES catalog.medicines (id),
  threshold   integer NOT NULL,
  sent_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (medicine_id, threshold)
);
