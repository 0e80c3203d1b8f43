-- How many times a handover code was locked after too many wrong codes: each lock lasts twice as
-- long as the one before, up to a day (libs/domain `handoverLockMinutesAfter`), so an owner cannot
-- keep guessing a requester's code at 10 tries every 15 minutes for as long as the code lives.
ALTER TABLE requests.handover_codes ADD COLUMN locks integer NOT NULL DEFAULT 0 CHECK (locks >= 0);
