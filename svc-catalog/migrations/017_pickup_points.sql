-- Pickup points and distances (issue 26). PostgreSQL computes every distance: `cube` and
-- `earthdistance` ship with PostgreSQL (the embedded one too; PostGIS does not).
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;

-- The users read model gets identity's pickup area and pin, and the point they make (pin, else
-- the area's centre, else the governorate's capital: libs/domain pickupPointOf, worked out by
-- service-kit when it writes the row).
ALTER TABLE catalog.users
  ADD COLUMN area text, ADD COLUMN pin_lat double precision, ADD COLUMN pin_lng double precision,
  ADD COLUMN lat double precision, ADD COLUMN lng double precision;

-- A listing is collected at its owner's point unless it names its own (own_*: an area, its
-- governorate and the point worked out from its pin or the area). pickup_area/pickup_governorate/lat/lng are where it is
-- collected, kept by the triggers below, so browse reads one row and one index.
ALTER TABLE catalog.medicines
  ADD COLUMN own_area text, ADD COLUMN own_governorate text, ADD COLUMN own_lat double precision, ADD COLUMN own_lng double precision,
  ADD COLUMN pickup_area text, ADD COLUMN pickup_governorate text,
  ADD COLUMN lat double precision, ADD COLUMN lng double precision;

CREATE FUNCTION catalog.medicine_pickup_point() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.own_lat IS NOT NULL THEN
    NEW.pickup_area := NEW.own_area;
    NEW.pickup_governorate := NEW.own_governorate;
    NEW.lat := NEW.own_lat;
    NEW.lng := NEW.own_lng;
  ELSE
    SELECT u.area, u.governorate, u.lat, u.lng INTO NEW.pickup_area, NEW.pickup_governorate, NEW.lat, NEW.lng
      FROM catalog.users u WHERE u.id = NEW.owner_id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER medicines_pickup_point BEFORE INSERT OR UPDATE OF own_area, own_lat, own_lng, owner_id
  ON catalog.medicines FOR EACH ROW EXECUTE FUNCTION catalog.medicine_pickup_point();

-- An owner whose point changes (or whose first event arrives after their first listing) moves
-- their listings that have no point of their own.
CREATE FUNCTION catalog.owner_pickup_point() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog.medicines m
     SET pickup_area = NEW.area, pickup_governorate = NEW.governorate, lat = NEW.lat, lng = NEW.lng
   WHERE m.owner_id = NEW.id AND m.own_lat IS NULL
     AND (m.pickup_area, m.pickup_governorate, m.lat, m.lng)
         IS DISTINCT FROM (NEW.area, NEW.governorate, NEW.lat, NEW.lng);
  RETURN NULL;
END
$$;
CREATE TRIGGER users_pickup_point AFTER INSERT OR UPDATE OF area, governorate, lat, lng
  ON catalog.users FOR EACH ROW EXECUTE FUNCTION catalog.owner_pickup_point();

-- Nearest first and within a radius, over what can be browsed at all: a GiST index of the points
-- on the earth (`<->` walks it nearest first, `earth_box` bounds a radius).
CREATE INDEX medicines_browse_near ON catalog.medicines USING gist (ll_to_earth(lat, lng))
  WHERE is_available AND quantity > 0 AND lat IS NOT NULL;
