-- The medicines read model learns recalls (issue 17) from the recall events: a quarantined listing
-- carries the recall's reason here as in catalog.medicines, so `availableSql` (libs/domain) reads
-- the same column on both sides and matching (issue 16) never offers a recalled batch.
ALTER TABLE requests.medicines ADD COLUMN quarantine_reason text;
