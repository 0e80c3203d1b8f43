-- Users to publish again (svc-identity users/events.ts republishUsers, at start): their user
-- event gained a field the read models need. First: whether a licensed pharmacist receives for
-- the account (`hasPharmacist`), which decides who may receive a donor's medicine; every account
-- that can request (NGOs and pharmacies) is published again with it.
CREATE TABLE identity.users_to_republish (user_id integer PRIMARY KEY);
INSERT INTO identity.users_to_republish (user_id)
SELECT id FROM identity.users WHERE user_type IN ('ngo', 'pharmacy');
