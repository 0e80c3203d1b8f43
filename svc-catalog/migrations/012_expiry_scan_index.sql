-- The expiry scan reads only available listings expired or expiring soon, by expiry date
-- (expiry/repo.ts scanCandidates). Without this index it read every listing in id order:
-- ~14% of them have work on a seeded catalogue (docs/design.md, "Browse at national scale").
-- Not partial on quantity > 0 like the browse index: expired stock is unlisted whatever is left.
CREATE INDEX medicines_scan_expiry ON catalog.medicines (expiry_date, id) WHERE is_available;
