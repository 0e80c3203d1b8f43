-- The admin views filter and count requests by status.
CREATE INDEX requests_status ON requests.requests (status, created_at DESC);
