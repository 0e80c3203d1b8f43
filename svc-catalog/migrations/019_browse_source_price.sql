-- Browse by price within one source (issue 29). Donations are free, so a donor's listings all sort
-- at the cheap end: walking the price index from the dearest for `source = donor` passed every
-- priced pharmacy listing first (54,486 rows read to find 100 at 100,000 listings, 77 ms; ten
-- times that at 1,000,000), and cheapest first for `source = pharmacy` passed every donation.
-- With the source first, the walk reads that source's listings alone, in either direction.
CREATE INDEX medicines_browse_source_price ON catalog.medicines (source, (COALESCE(discount_price, 0)), id)
  WHERE is_available AND quantity > 0;
