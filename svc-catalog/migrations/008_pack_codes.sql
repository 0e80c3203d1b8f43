-- The code printed on every Egyptian pack (GS1 DataMatrix, issue 17): product (GTIN-14), batch
-- and serial. Optional: donors typing by hand may leave them out.
ALTER TABLE catalog.medicines
  ADD COLUMN gtin   text CHECK (gtin ~ '^\d{14}$'),
  ADD COLUMN batch  text CHECK (length(batch) BETWEEN 1 AND 20),
  ADD COLUMN serial text CHECK (length(serial) BETWEEN 1 AND 20);

-- One pack (GTIN + serial) is on at most one open listing. Open = listed (`is_available`,
-- libs/domain `holdsPackSerial`): unlisting by the owner, an admin or the expiry scan frees the
-- serial. A constraint, not a check before insert, so parallel creates of one pack cannot both win.
CREATE UNIQUE INDEX medicines_open_pack ON catalog.medicines (gtin, serial)
  WHERE is_available AND gtin IS NOT NULL AND serial IS NOT NULL;
