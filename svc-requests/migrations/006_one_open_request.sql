-- One open (pending or approved) request per requester and medicine (issue 14): before this,
-- 20 identical concurrent requests all succeeded and the owner got one notice each.
-- Existing duplicates are closed first so the index can always be built on real data: per
-- requester and medicine the approved request is kept (it may hold a reservation the owner
-- agreed to), else the oldest pending one; the others become cancelled, and each gets a release
-- message in the outbox (as a cancel through the API would), so a reservation held by a closed
-- duplicate goes back to the catalog.
CREATE TEMPORARY TABLE closed_duplicates ON COMMIT DROP AS
SELECT id FROM (
  SELECT id,
         row_number() OVER (
           PARTITION BY requester_id, medicine_id
           ORDER BY (status = 'approved') DESC, created_at, id
         ) AS n
    FROM requests.requests
   WHERE status IN ('pending', 'approved')
) ranked
WHERE n > 1;

UPDATE requests.requests r
   SET status = 'cancelled', updated_at = now()
  FROM closed_duplicates d
 WHERE r.id = d.id;

INSERT INTO requests.outbox (id, queue, job_name, payload)
SELECT gen_random_uuid(), 'requests.reservation-releases', 'release', jsonb_build_object('requestId', id)
  FROM closed_duplicates;

CREATE UNIQUE INDEX requests_one_open ON requests.requests (requester_id, medicine_id)
 WHERE status IN ('pending', 'approved');
