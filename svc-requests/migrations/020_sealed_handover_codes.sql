-- Handover codes are sealed with the keyring (SEALING_KEYS), which outlives restarts and names
-- each key, instead of keys derived from the internal secret (new at every `npm start`). A code
-- stored before has no key id: the service issues that request a new code when it is next needed.
ALTER TABLE requests.handover_codes ADD COLUMN key_id text;
