-- The units asked for, when the owner approved fewer (only then: NULL means the quantity is what
-- was asked). The quantity is what the request is for from the approval on; the histories still
-- say what was asked ("Nile NGO requested 5 units", "2 of 5 units asked").
ALTER TABLE requests.requests ADD COLUMN asked_quantity integer CHECK (asked_quantity > 0);
