-- The NGO's pharmacist's licence number (issue 17 item 6; Law 127/1955: donor medicines end at an
-- NGO with a pharmacist). Required at registration from now on; NGOs registered before have none
-- (null) until the administrators' team records it. Rule of libs/domain `normalizePharmacistLicense`.
ALTER TABLE identity.ngos
  ADD COLUMN pharmacist_license text CHECK (pharmacist_license ~ '^[0-9]{4,10}$');
