-- Searches over every listing (the admin list) find the names containing the term in
-- catalog.listing_names (its trigram index), then the listings by those names through a plain
-- index on lower(name), as browse does (migration 011). The trigram index over every listing's
-- name goes: each unlisting by the expiry scan (a non-HOT update) added ~15 trigram entries per
-- row to it, and its pending list was merged inside the scan's statements; a plain B-tree entry
-- costs a fraction of that (docs/design.md, "Expiry scan, second pass").
CREATE INDEX medicines_lower_name ON catalog.medicines (lower(name));
DROP INDEX catalog.medicines_name_trgm;
