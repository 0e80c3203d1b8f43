-- Every listing shows its reserved quantity (a sum over its live reservations): without this
-- index each listing scanned the whole reservations table, which grows with every approval.
CREATE INDEX reservations_live_by_medicine ON catalog.reservations (medicine_id) WHERE status = 'reserved';
