-- A search walked name by name, and dosage form by form, in any sort (issue 29). A term in many
-- listings (more than a gathering holds) was walked through the sort's own index, filtered by the
-- term: every listing of other names was read and dropped, so a deep page of a term in 2.5% of
-- the listings read 40 rows for each one shown (60-180 ms at 1,000,000 listings). With the name
-- (or form) first, each one's listings are read alone, already in the sort's order, and the walks
-- are merged. Name order by name needs none: the name index (migration 004) is by name, then id.
CREATE INDEX medicines_browse_name_expiry ON catalog.medicines (lower(name), expiry_date, id)
  WHERE is_available AND quantity > 0;
CREATE INDEX medicines_browse_name_price ON catalog.medicines (lower(name), (COALESCE(discount_price, 0)), id)
  WHERE is_available AND quantity > 0;
CREATE INDEX medicines_browse_name_quantity ON catalog.medicines (lower(name), quantity DESC, id)
  WHERE is_available AND quantity > 0;
CREATE INDEX medicines_browse_type_expiry ON catalog.medicines (type, expiry_date, id)
  WHERE is_available AND quantity > 0;
CREATE INDEX medicines_browse_type_name ON catalog.medicines (type, lower(name), id)
  WHERE is_available AND quantity > 0;
CREATE INDEX medicines_browse_type_price ON catalog.medicines (type, (COALESCE(discount_price, 0)), id)
  WHERE is_available AND quantity > 0;
CREATE INDEX medicines_browse_type_quantity ON catalog.medicines (type, quantity DESC, id)
  WHERE is_available AND quantity > 0;
-- How many listings each name has, for the planner: an index on lower(name) that is partial
-- gathers no statistics, so it rated every name at a fixed share of the table (8,534 listings for
-- five names that hold 55,000 at 1,000,000). Browse asks it whether a term is too common to gather.
CREATE STATISTICS catalog.medicines_lower_name ON (lower(name)) FROM catalog.medicines;
