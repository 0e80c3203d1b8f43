-- Whether a licensed pharmacist receives for the user (identity's user events, `hasPharmacist`):
-- only such an account may receive a donor's medicine. NULL until identity publishes it.
ALTER TABLE requests.users ADD COLUMN has_pharmacist boolean;
