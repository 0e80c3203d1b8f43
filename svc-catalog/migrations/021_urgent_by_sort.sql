-- An urgent list (a week of stock) in another sort than expiry (issue 29). Walking the sort's own
-- index passed by every listing outside the week (350-780 ms at 1,000,000 listings); reading the
-- week by expiry and sorting it read about 17,500 rows for every page (52-95 ms). With the sort's
-- key first and the expiry second, PostgreSQL 18 skips from key to key and reads only the week's
-- listings of each, already by key; ties are put in id order per key (an incremental sort). By
-- name, migration 020's (lower(name), expiry_date, id) serves.
CREATE INDEX medicines_browse_quantity_expiry ON catalog.medicines (quantity, expiry_date, id)
  WHERE is_available AND quantity > 0;
-- Not partial, so that ANALYZE gathers statistics of the price expression: without them the planner
-- took prices for a few hundred values (there are tens of thousands) and skipped through this
-- index for lists that are not urgent too (a common search by price: 11 ms -> 1.3 s).
CREATE INDEX medicines_browse_price_expiry ON catalog.medicines ((COALESCE(discount_price, 0)), expiry_date, id);
