-- The listing's guardrail categories (prescription, controlled, coldChain), copied from the
-- catalog's snapshots: an approved requester is told when one is added or removed after the
-- approval (a cold-chain medicine needs a cool box). NULL until a snapshot carrying them arrives
-- (events written before they were copied carry none), and then no change is claimed.
ALTER TABLE requests.medicines ADD COLUMN categories text[];
