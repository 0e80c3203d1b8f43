/**
 * Guardrail categories a listing may carry. Stored as these keys on
 * `catalog.medicines.categories` (svc-catalog/migrations/014_categories.sql constrains the column
 * to them); labels are `common:category.<key>` in libs/i18n. A leaf module (no imports):
 * contracts, the forms and the server all use it.
 */
export const medicineCategories = ['prescription', 'controlled', 'coldChain'] as const;
export type MedicineCategory = (typeof medicineCategories)[number];

/**
 * Egyptian Law 127/1955 lets only licensed pharmacies dispense, so by default an individual
 * donor may list none of these; an administrator may allow some (Settings).
 */
export const defaultDonorForbiddenCategories: readonly MedicineCategory[] = medicineCategories;

/** Who listed it: pharmacies may list every category; donors only what the setting allows. */
export type ListingSource = 'pharmacy' | 'donor';

/**
 * The categories of a listing its owner may not list, in the canonical order (empty: allowed).
 * `donorForbidden` is the administrator's `donorForbiddenCategories` setting.
 */
export function forbiddenCategories(
  source: ListingSource,
  categories: readonly MedicineCategory[],
  donorForbidden: readonly MedicineCategory[],
): MedicineCategory[] {
  if (source === 'pharmacy') return [];
  return medicineCategories.filter((c) => categories.includes(c) && donorForbidden.includes(c));
}

/** A cold-chain listing shows a badge and the pickup dialog asks for a cool box. */
export function needsColdChain(categories: readonly MedicineCategory[] | null | undefined): boolean {
  return !!categories?.includes('coldChain');
}

/** Keeps known keys once each, in the canonical order (a client's order or repeats do not matter). */
export function normalizeCategories(values: readonly string[]): MedicineCategory[] {
  return medicineCategories.filter((c) => values.includes(c));
}
