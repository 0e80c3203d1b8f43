-- The users read model keeps the same columns in catalog and requests (libs/service-kit
-- user-read-model.ts writes both); requests shows the phone to the parties of an approved
-- request (issue 13). Filled by identity's next event about each user (identity 004 sends one).
ALTER TABLE catalog.users ADD COLUMN phone text;
