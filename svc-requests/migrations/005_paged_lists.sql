-- Owners' lists are paged newest first with the id breaking ties (issue 12): each side of a
-- user's requests (made / on own medicines) walks one of these and stops at the page's end.
-- The status ones serve a section of one status (pending requests, the sidebar badges' lists).
CREATE INDEX requests_requester_page ON requests.requests (requester_id, created_at DESC, id DESC);
CREATE INDEX requests_owner_page ON requests.requests (owner_id, created_at DESC, id DESC);
CREATE INDEX requests_requester_status_page ON requests.requests (requester_id, status, created_at DESC, id DESC);
CREATE INDEX requests_owner_status_page ON requests.requests (owner_id, status, created_at DESC, id DESC);
DROP INDEX requests.requests_requester;
DROP INDEX requests.requests_owner;
-- Notifications page the same way; unread ones are counted for the bell.
CREATE INDEX notifications_user_page ON requests.notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_unread ON requests.notifications (user_id) WHERE NOT is_read;
DROP INDEX requests.notifications_user;
-- Histories list what changed last first (sort=updated): collections, decisions.
CREATE INDEX requests_requester_changed ON requests.requests (requester_id, updated_at DESC, id DESC);
CREATE INDEX requests_owner_changed ON requests.requests (owner_id, updated_at DESC, id DESC);
