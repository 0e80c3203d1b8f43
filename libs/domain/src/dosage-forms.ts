/**
 * The dosage forms a medicine's "Type" is chosen from, stored as these keys. Their
 * labels (below) are the i18n resources `common:dosageForm.<key>` of libs/i18n, and also what
 * browse's `q` matches, so "شراب" finds syrups. A leaf module (no imports): contracts
 * validate the key with it (`@medrelay/domain/dosage-forms`); svc-catalog/migrations/006_dosage_forms.sql
 * maps the free text stored before to these keys and constrains the column to them.
 */
export const dosageForms = [
  'tablets',
  'capsules',
  'syrup',
  'suspension',
  'injection',
  'inhaler',
  'drops',
  'cream',
  'ointment',
  'gel',
  'spray',
  'suppository',
  'sachet',
  'patch',
  'other',
] as const;
export type DosageForm = (typeof dosageForms)[number];

export function isDosageForm(value: unknown): value is DosageForm {
  return typeof value === 'string' && (dosageForms as readonly string[]).includes(value);
}

/** Labels in both languages (Egyptian Arabic, as pharmacists say them). */
export const dosageFormLabels: Record<DosageForm, { en: string; ar: string }> = {
  tablets: { en: 'Tablets', ar: 'أقراص' },
  capsules: { en: 'Capsules', ar: 'كبسولات' },
  syrup: { en: 'Syrup', ar: 'شراب' },
  suspension: { en: 'Suspension', ar: 'معلق' },
  injection: { en: 'Injection', ar: 'حقن' },
  inhaler: { en: 'Inhaler', ar: 'بخاخة استنشاق' },
  drops: { en: 'Drops', ar: 'نقط' },
  cream: { en: 'Cream', ar: 'كريم' },
  ointment: { en: 'Ointment', ar: 'مرهم' },
  gel: { en: 'Gel', ar: 'جل' },
  spray: { en: 'Spray', ar: 'بخاخ' },
  suppository: { en: 'Suppositories', ar: 'لبوس' },
  sachet: { en: 'Sachets', ar: 'أكياس' },
  patch: { en: 'Patches', ar: 'لزقات' },
  other: { en: 'Other', ar: 'نوع تاني' },
};

/**
 * The forms a search text names: part of the key or of either label, ignoring case. Browse and
 * the admin list match these besides names, so a search in either language finds the type.
 */
export function dosageFormsMatching(text: string): DosageForm[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  return dosageForms.filter((key) => {
    const label = dosageFormLabels[key];
    return key.includes(q) || label.en.toLowerCase().includes(q) || label.ar.includes(q);
  });
}
