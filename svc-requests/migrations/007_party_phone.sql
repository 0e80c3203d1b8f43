-- The other party's phone, shown to both parties of an approved request (issue 13). Filled by
-- identity's next event about each user (identity migration 004 sends one for every user).
ALTER TABLE requests.users ADD COLUMN phone text;
