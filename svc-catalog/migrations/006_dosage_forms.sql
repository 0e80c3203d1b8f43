-- Medicine "Type" becomes a dosage form key (issue 13; keys in libs/domain dosage-forms.ts).
-- The free text stored so far maps to the nearest key: exact abbreviations first ('T', 'tab',
-- 'caps', 'syr', 'inj'…), then a word anywhere in the text (English, singular or plural, and
-- cheap Arabic words), else 'other'. Order matters where a text names two forms.
-- The trigram index on type goes: search now matches keys by equality (libs/domain
-- dosageFormsMatching). Dropped first, and texts mapped once each: 100,000 rows took 12-13 s
-- instead of 21-30 s (docs/design.md, "Phones and dosage forms").
DROP INDEX catalog.medicines_type_trgm;

-- Each distinct text is mapped once, then rows join to it.
CREATE TEMP TABLE dosage_form_map ON COMMIT DROP AS
    SELECT type AS text,
           CASE
             WHEN t ~ '^(t|tb|tab|tabs|tablet|tablets|pill|pills)\.?$' THEN 'tablets'
             WHEN t ~ '^(c|cap|caps|capsule|capsules)\.?$' THEN 'capsules'
             WHEN t ~ '^(syr|syp|syrup|syrups)\.?$' THEN 'syrup'
             WHEN t ~ '^(susp|suspension|suspensions)\.?$' THEN 'suspension'
             WHEN t ~ '^(inj|injection|injections|amp|amps|ampoule|ampoules|vial|vials)\.?$' THEN 'injection'
             WHEN t ~ '^(inh|inhaler|inhalers)\.?$' THEN 'inhaler'
             WHEN t ~ '^(gtt|drop|drops)\.?$' THEN 'drops'
             WHEN t ~ '^(oint|ointment|ointments)\.?$' THEN 'ointment'
             WHEN t ~ '^(supp|supps|suppository|suppositories)\.?$' THEN 'suppository'
             WHEN t ~ '^(sach|sachet|sachets)\.?$' THEN 'sachet'
             WHEN t ~ 'suspension|معلق' THEN 'suspension'
             WHEN t ~ 'syrup|شراب' THEN 'syrup'
             WHEN t ~ 'capsule|كبسول' THEN 'capsules'
             WHEN t ~ 'tablet|\mpills?\M|أقراص|اقراص|قرص|حبوب' THEN 'tablets'
             WHEN t ~ 'inhal|استنشاق' THEN 'inhaler'
             WHEN t ~ 'inject|ampoule|\mvials?\M|\mpens?\M|حقن|أمبول|امبول' THEN 'injection'
             WHEN t ~ 'suppositor|لبوس|تحاميل' THEN 'suppository'
             WHEN t ~ 'drop|نقط|قطرة|قطره' THEN 'drops'
             WHEN t ~ 'ointment|مرهم' THEN 'ointment'
             WHEN t ~ 'cream|كريم' THEN 'cream'
             WHEN t ~ '\mgel\M|جل' THEN 'gel'
             WHEN t ~ 'spray|بخاخ' THEN 'spray'
             WHEN t ~ 'sachet|أكياس|اكياس|فوار' THEN 'sachet'
             WHEN t ~ 'patch|لصق|لزق' THEN 'patch'
             ELSE 'other'
           END AS key
      FROM (SELECT type, lower(btrim(type)) AS t FROM (SELECT DISTINCT type FROM catalog.medicines) d) s;

UPDATE catalog.medicines m
   SET type = map.key
  FROM dosage_form_map map
 WHERE m.type = map.text AND m.type <> map.key;

-- Browse's `q` and the admin list look rows up by the keys a search names.
CREATE INDEX medicines_type ON catalog.medicines (type);

ALTER TABLE catalog.medicines ADD CONSTRAINT medicines_type_dosage_form CHECK (type IN (
  'tablets', 'capsules', 'syrup', 'suspension', 'injection', 'inhaler', 'drops', 'cream',
  'ointment', 'gel', 'spray', 'suppository', 'sachet', 'patch', 'other'));
