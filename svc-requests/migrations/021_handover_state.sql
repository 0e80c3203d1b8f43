-- How a completed request was handed over: with the requester's code, or on the requester's
-- "Mark as Collected" alone until the owner confirms or disputes it. The custody log records the
-- state each entry left the request in.
ALTER TABLE requests.requests
  ADD COLUMN handover text CHECK (handover IN ('code', 'unconfirmed', 'confirmed', 'disputed'));
ALTER TABLE requests.custody_log ADD COLUMN handover text;

-- Requests completed before: by code when the custody log says so, else on the requester's word.
UPDATE requests.requests r
   SET handover = CASE WHEN EXISTS (SELECT 1 FROM requests.custody_log c
                                     WHERE c.request_id = r.id AND c.confirmed_by_code)
                       THEN 'code' ELSE 'unconfirmed' END
 WHERE r.status = 'completed';
