-- When a request was collected: its first move to completed (the code, or "Mark as collected").
-- The monthly figures counted updated_at, which the owner's later confirmation or dispute moves:
-- units collected on 31 January and confirmed on 1 February counted in February.
ALTER TABLE requests.requests ADD COLUMN completed_at timestamptz;

UPDATE requests.requests r
   SET completed_at = coalesce(
         (SELECT min(c.at) FROM requests.custody_log c WHERE c.request_id = r.id AND c.status = 'completed'),
         r.updated_at)
 WHERE r.status = 'completed';
