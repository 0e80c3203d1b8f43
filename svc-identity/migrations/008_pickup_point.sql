-- The account's pickup point (issue 26): an area of libs/domain's table (its governorate follows)
-- and an optional pin. Without a pin the area's centre counts; carried by user events to the
-- catalog and requests read models, which compute distances. Never shown to another party before
-- an approval.
ALTER TABLE identity.users ADD COLUMN area text, ADD COLUMN pin_lat double precision, ADD COLUMN pin_lng double precision;
