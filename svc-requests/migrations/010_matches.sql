-- Matching listings to wanted-list needs (issue 16 item 2; rules in libs/domain matching.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- What names are compared as: lower case, Arabic letter variants folded (أ إ آ ٱ → ا, ى → ي,
-- ة → ه), Arabic diacritics and tatweel dropped. IMMUTABLE so it can be indexed.
CREATE FUNCTION requests.match_text(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN translate(lower(t), 'أإآٱىةًٌٍَُِّْـ', 'اااايه');

-- A need's matches: one row per (need, listing), so a redelivered event adds nothing. A row
-- that no longer holds (listing changed, need changed or closed) is deleted on re-evaluation.
CREATE TABLE requests.matches (
  need_id     integer NOT NULL REFERENCES requests.needs (id),
  medicine_id integer NOT NULL,
  score       real NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (need_id, medicine_id)
);
CREATE INDEX matches_medicine ON requests.matches (medicine_id);

-- A need against all listings: trigram index over the listings' names.
CREATE INDEX medicines_match_name_trgm ON requests.medicines USING gin (requests.match_text(name) gin_trgm_ops);
-- A listing against all needs: only the open ones are compared.
CREATE INDEX needs_open ON requests.needs (owner_role) WHERE status = 'open' AND deleted_at IS NULL;

-- The governorate (one of Egypt's 27, libs/domain governorates.ts) of identity's users, for
-- ranking matches in the needer's area first; null until the user names one.
ALTER TABLE requests.users ADD COLUMN governorate text;

-- Each user's last match digest e-mail (at most one an hour) and the last match notification
-- it covered: the next digest reports only the ones after it.
CREATE TABLE requests.match_digests (
  user_id              integer PRIMARY KEY,
  sent_at              timestamptz NOT NULL,
  last_notification_id integer NOT NULL
);
CREATE INDEX notifications_need_match ON requests.notifications (user_id, id) WHERE type = 'need-match';
