import { describe, expect, it } from 'vitest';
import { dosageFormLabels, dosageForms, dosageFormsMatching, isDosageForm } from './dosage-forms';

describe('dosage forms', () => {
  it('have labels in both languages and match searches in either', () => {
    for (const key of dosageForms) {
      expect(dosageFormLabels[key].en).toBeTruthy();
      expect(dosageFormLabels[key].ar).toMatch(/[\u0600-\u06ff]/);
    }
    expect(dosageFormsMatching('SYR')).toEqual(['syrup']);
    expect(dosageFormsMatching('شراب')).toEqual(['syrup']);
    expect(dosageFormsMatching('بخاخ')).toEqual(['inhaler', 'spray']);
    expect(dosageFormsMatching('  ')).toEqual([]);
    expect(isDosageForm('tablets')).toBe(true);
    expect(isDosageForm('Tablets')).toBe(false);
  });
});
