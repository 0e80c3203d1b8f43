-- Product dictionary learned from listings (issue 17): the first listing of a GTIN with a name
-- and dosage form records them; an admin's correction is kept and never overwritten by listings.
CREATE TABLE catalog.products (
  gtin        text PRIMARY KEY CHECK (gtin ~ '^\d{14}$'),
  name        text NOT NULL,
  type        text NOT NULL CHECK (type IN (
    'tablets', 'capsules', 'syrup', 'suspension', 'injection', 'inhaler', 'drops', 'cream',
    'ointment', 'gel', 'spray', 'suppository', 'sachet', 'patch', 'other')),
  -- Who set it last: 'listing' (learned) or 'admin' (corrected; listings leave it alone).
  source      text NOT NULL CHECK (source IN ('listing', 'admin')),
  learned_from integer,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
