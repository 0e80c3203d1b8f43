-- Issue 27: the Password Policy switch is on by default for new platforms. A platform that
-- already has accounts keeps spec §5's 6 characters until its administrator turns it on.
INSERT INTO identity.settings (id, "values")
SELECT true, '{"passwordPolicy": false}'::jsonb WHERE EXISTS (SELECT 1 FROM identity.users)
ON CONFLICT (id) DO UPDATE
  SET "values" = identity.settings."values" || '{"passwordPolicy": false}'::jsonb
  WHERE NOT (identity.settings."values" ? 'passwordPolicy');
