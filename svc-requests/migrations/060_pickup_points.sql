-- Pickup points and reach (issue 26). Distances are computed by PostgreSQL (cube + earthdistance).
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;

-- The users read model gets identity's pickup area and pin and the point they make (libs/domain
-- pickupPointOf, worked out by service-kit when it writes the row).
ALTER TABLE requests.users
  ADD COLUMN area text, ADD COLUMN pin_lat double precision, ADD COLUMN pin_lng double precision,
  ADD COLUMN lat double precision, ADD COLUMN lng double precision;

-- A listing's own pickup place, when its owner named one (else the owner's point counts).
ALTER TABLE requests.medicines
  ADD COLUMN own_area text, ADD COLUMN own_governorate text,
  ADD COLUMN own_lat double precision, ADD COLUMN own_lng double precision;
