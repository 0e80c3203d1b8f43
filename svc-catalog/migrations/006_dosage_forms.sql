-- Medicine "Type" becomes a dosage form key (issue 13; keys in libs/domain dosage-forms.ts).
-- The free text stored so far maps to the nearest key: exact abbreviations first ('T', 'tab',
-- 'caps', 'syr', 'inj'…), then a word anywhere in the text (English, singular or plural, and
-- cheap Arabic words), else 'other'. Order matters where a text names two forms.
UPDATE catalog.medicines m
   SET type = mapped.key
  FROM (
    SELECT id,
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
      FROM (SELECT id, lower(btrim(type)) AS t FROM catalog.medicines) s
  ) mapped
 WHERE mapped.id = m.id AND m.type IS DISTINCT FROM mapped.key;

ALTER TABLE catalog.medicines ADD CONSTRAINT medicines_type_dosage_form CHECK (type IN (
  'tablets', 'capsules', 'syrup', 'suspension', 'injection', 'inhaler', 'drops', 'cream',
  'ointment', 'gel', 'spray', 'suppository', 'sachet', 'patch', 'other'));
