-- Whether a licensed pharmacist receives for the user (identity's user events, `hasPharmacist`);
-- the users read model has the same columns in both services (service-kit user-read-model.ts).
ALTER TABLE catalog.users ADD COLUMN has_pharmacist boolean;
