-- Guardrail categories of a listing (issue 17 item 6): prescription-only, controlled
-- (narcotic/psychotropic), cold-chain. Keys of libs/domain `medicineCategories`; none by default.
-- Whether the owner may list them (donors, per the admin's setting) is svc-catalog's check.
ALTER TABLE catalog.medicines
  ADD COLUMN categories text[] NOT NULL DEFAULT '{}'
    CHECK (categories <@ ARRAY['prescription', 'controlled', 'coldChain']::text[]);
