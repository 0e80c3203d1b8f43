-- The admin activity list reads the newest requests and the newest decisions first.
CREATE INDEX requests_created ON requests.requests (created_at DESC, id DESC);
CREATE INDEX requests_updated ON requests.requests (updated_at DESC, id DESC) WHERE status <> 'pending';
