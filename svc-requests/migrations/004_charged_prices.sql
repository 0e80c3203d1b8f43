-- The prices a transfer was agreed at, recorded on approval so later edits of the listing do not
-- rewrite past figures: unit_price = the discount price charged (NULL = free), original_unit_price
-- = the listing's original price then. Requests approved before this migration take today's prices.
ALTER TABLE requests.requests
  ADD COLUMN unit_price numeric(10, 2),
  ADD COLUMN original_unit_price numeric(10, 2);

UPDATE requests.requests r
   SET unit_price = m.discount_price, original_unit_price = m.original_price
  FROM requests.medicines m
 WHERE m.id = r.medicine_id AND r.status IN ('approved', 'completed');
