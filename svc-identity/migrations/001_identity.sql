-- Users and their role profiles (spec §3). Emails are unique regardless of case.
CREATE TABLE identity.users (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email         text NOT NULL,
  password_hash text NOT NULL,
  name          text NOT NULL,
  phone         text NOT NULL,
  user_type     text NOT NULL CHECK (user_type IN ('pharmacy', 'ngo', 'donor', 'admin')),
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  language      text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ar')),
  version       integer NOT NULL DEFAULT 1,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_unique ON identity.users (lower(email));
CREATE INDEX users_status ON identity.users (status);

CREATE TABLE identity.pharmacies (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id            integer NOT NULL UNIQUE REFERENCES identity.users (id) ON DELETE CASCADE,
  commercial_license text NOT NULL,
  license_document   text,
  address            text,
  created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE identity.ngos (
  id                     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id                integer NOT NULL UNIQUE REFERENCES identity.users (id) ON DELETE CASCADE,
  organization_name      text NOT NULL,
  commercial_number      text NOT NULL,
  verification_documents text,
  address                text,
  created_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE identity.donors (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    integer NOT NULL UNIQUE REFERENCES identity.users (id) ON DELETE CASCADE,
  address    text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row of system settings; absent keys take the defaults from libs/contracts.
CREATE TABLE identity.settings (
  id         boolean PRIMARY KEY DEFAULT true CHECK (id),
  "values"   jsonb NOT NULL DEFAULT '{}',
  updated_by integer REFERENCES identity.users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The outbox is service-kit's (libs/service-kit kit-migrations.ts, applied first; see
-- service-kit.json here).

-- E-mails already delivered, by idempotency key: a retried job never sends twice.
CREATE TABLE identity.sent_mail (
  idempotency_key text PRIMARY KEY,
  template        text NOT NULL,
  recipient       text NOT NULL,
  sent_at         timestamptz NOT NULL DEFAULT now()
);
