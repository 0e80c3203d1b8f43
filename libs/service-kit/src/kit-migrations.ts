import { liveOutboxQueue, outboxWakeChannel } from './live-events';

/**
 * The tables service-kit's own code reads and writes in a service's schema (the outbox relay, the
 * inbox, the users read model), declared once here instead of in each service's `001_*.sql`.
 * `migrate` applies the ones a service names before the service's own files, recorded in
 * `<schema>.migrations` as `service-kit/<name>.sql` with their checksum like any migration.
 * Idempotent (IF NOT EXISTS): databases made before these tables moved into the kit already have them from their 001
 * file. A change to one of these tables is a new entry here, never an edit of an applied one.
 * The users read model gets its `phone` column from each service's own later migration
 * (catalog 006, requests 007), as databases made before did; `governorate` likewise (catalog 015,
 * requests 010), and the pickup area, pin and point (catalog 017, requests 060).
 */
export const kitMigrations = {
  users: (schema: string) => `
-- Read model of identity's users (fed by user events; libs/service-kit user-read-model.ts).
CREATE TABLE IF NOT EXISTS ${schema}.users (
  id                integer PRIMARY KEY,
  name              text NOT NULL,
  email             text NOT NULL,
  user_type         text NOT NULL,
  status            text NOT NULL,
  address           text,
  organization_name text,
  language          text NOT NULL DEFAULT 'en',
  version           integer NOT NULL,
  updated_at        timestamptz NOT NULL DEFAULT now()
);`,
  inbox: (schema: string) => `
-- Integration events already applied (libs/service-kit inbox.ts): a redelivered event changes nothing.
CREATE TABLE IF NOT EXISTS ${schema}.inbox (
  event_id    uuid PRIMARY KEY,
  event_type  text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);`,
  outbox: (schema: string) => `
-- Messages written with the change that caused them (libs/service-kit outbox.ts relays them).
CREATE TABLE IF NOT EXISTS ${schema}.outbox (
  id           uuid PRIMARY KEY,
  queue        text NOT NULL,
  job_name     text NOT NULL,
  payload      jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  published_at timestamptz
);
CREATE INDEX IF NOT EXISTS outbox_unpublished ON ${schema}.outbox (created_at) WHERE published_at IS NULL;`,
  live: (schema: string) => `
-- Live events (libs/service-kit live-events.ts): outbox rows the relay PUBLISHes on each user's
-- channel after the commit. Takes a JSON array of { userIds, event }. The row id is derived
-- from the transaction and the event, so the same event raised twice by one change (two
-- statements on one request) is sent once. The NOTIFY is delivered at commit only, and wakes
-- the relays at once.
CREATE OR REPLACE FUNCTION ${schema}.add_live_events(events jsonb) RETURNS void
  LANGUAGE plpgsql AS $live$
BEGIN
  INSERT INTO ${schema}.outbox (id, queue, job_name, payload)
  SELECT DISTINCT md5(txid_current()::text || e::text)::uuid, '${liveOutboxQueue}', e->'event'->>'kind', e
    FROM jsonb_array_elements(coalesce(events, '[]'::jsonb)) e
  ON CONFLICT (id) DO NOTHING;
  IF FOUND THEN
    PERFORM pg_notify('${outboxWakeChannel(schema)}', '');
  END IF;
END $live$;`,
} as const;

export type KitTable = keyof typeof kitMigrations;
