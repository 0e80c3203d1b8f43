-- Match digests mark each notification they cover instead of keeping the highest id: ids come
-- from a sequence in insert order, but transactions commit in any order, so a notification
-- committed after a digest that covered a higher id was never e-mailed. The column is added
-- without rewriting any row (no backfill under a table lock, no live events for old rows): what
-- the last digest before this change covered stays covered through a per-user floor.
ALTER TABLE requests.notifications ADD COLUMN digested_at timestamptz;
ALTER TABLE requests.match_digests ADD COLUMN covered_through integer NOT NULL DEFAULT 0;
UPDATE requests.match_digests SET covered_through = last_notification_id;
