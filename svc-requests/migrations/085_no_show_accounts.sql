-- The admin's users list asks for the missed pickups of its page's accounts only
-- (GET /api/admin/all-requests/no-shows?ids=): each side of a no-show is found by its account,
-- not by reading the whole history.
CREATE INDEX no_shows_requester ON requests.no_shows (requester_id);
CREATE INDEX no_shows_owner ON requests.no_shows (owner_id);
