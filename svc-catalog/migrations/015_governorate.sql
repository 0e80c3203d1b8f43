-- The users read model gets identity's governorate (issue 16): service-kit writes the same
-- columns into every service's copy of the users.
ALTER TABLE catalog.users ADD COLUMN governorate text;
