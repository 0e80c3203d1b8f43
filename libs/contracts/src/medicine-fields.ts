import { z } from 'zod';
import { medicineCategories, normalizeCategories, type MedicineCategory } from '@medrelay/domain/categories';
import { isCalendarDay, lastMomentOfCairoDay, parseInstant } from '@medrelay/domain/calendar';
import { asciiDigits } from '@medrelay/domain/digits';
import { packCodeMaxLength, toGtin14, validGtin } from '@medrelay/domain/gtin';
import type { MessageKey } from './messages';
import { typeError } from './fields';

// The fields and limits of a listing, each defined once: the forms, the API's schemas
// (medicines.ts) and, through those, the product dictionary (products.ts) build on them.

export const recipientTypes = ['ngos', 'pharmacies', 'both'] as const;
export type RecipientType = (typeof recipientTypes)[number];

/** Who listed a medicine: a pharmacy (stock listing) or a donor (donation). */
export const medicineSources = ['pharmacy', 'donor'] as const;
export type MedicineSource = (typeof medicineSources)[number];

export const medicineSorts = ['expiry', 'name', 'price', 'quantity'] as const;
export type MedicineSort = (typeof medicineSorts)[number];

export const medicineLimits = {
  nameMax: 200,
  descriptionMax: 2000,
  quantityMax: 1_000_000,
  /** Prices up to 99,999,999.99 EGP (numeric(10,2)). */
  priceMax: 99_999_999.99,
  pageSizeMax: 100,
  pageSizeDefault: 50,
} as const;

/** Image types accepted for a medicine photo (checked by content, not only by header). */
export const medicineImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * Each uploaded photo is stored re-encoded in two sizes under a random 128-bit key (hex) that
 * changes with every upload: `thumb` for lists, `large` for a detail view. Served as WebP.
 */
export const photoSizes = ['thumb', 'large'] as const;
export type PhotoSize = (typeof photoSizes)[number];
export const photoKeyPattern = /^[0-9a-f]{32}$/;
export const photoParams = z.object({
  key: z.string().regex(photoKeyPattern, 'invalidInput'),
  size: z.enum(photoSizes),
});
export const medicinePhotoPath = (key: string, size: PhotoSize) => `/api/medicines/photos/${key}/${size}`;

/**
 * A price: a number or decimal string, 0 or more, at most two decimals. Zero and empty mean
 * "no price" and become null (spec §5: zero prices are sent as null).
 */
export const priceField = z
  .union([z.number(), z.string().trim()], { error: 'priceMin' })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null;
    // Plain decimals only: Number() would also take "0x1A", "1e3" or "Infinity".
    if (typeof value === 'string' && !/^\d+(\.\d+)?$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'priceMin' });
      return z.NEVER;
    }
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n) || n < 0 || n > medicineLimits.priceMax) {
      ctx.addIssue({ code: 'custom', message: 'priceMin' });
      return z.NEVER;
    }
    if (Math.round(n * 100) / 100 !== n) {
      ctx.addIssue({ code: 'custom', message: 'priceDecimals' });
      return z.NEVER;
    }
    return n === 0 ? null : n.toFixed(2);
  });

/** An ISO date-time (or a day: good through that Cairo day, libs/domain `lastMomentOfCairoDay`) in the future; the past is refused. */
export const expiryDateField = z
  .string(typeError('expiryDateRequired'))
  .trim()
  .min(1, { error: 'expiryDateRequired' })
  .max(40)
  .transform((value, ctx) => {
    // A day that does not exist (2027-02-30) is refused, not rolled into March.
    const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
    const date = day ? (isCalendarDay(value) ? lastMomentOfCairoDay(value) : null) : parseInstant(value);
    if (!date || date.getUTCFullYear() > 9999) {
      ctx.addIssue({ code: 'custom', message: 'expiryDateInvalid' });
      return z.NEVER;
    }
    if (date.getTime() <= Date.now()) {
      ctx.addIssue({ code: 'custom', message: 'expiryDatePast' });
      return z.NEVER;
    }
    return date.toISOString();
  });

export const quantityField = z
  .number(typeError('quantityMin'))
  .int({ error: 'quantityMin' })
  .min(1, { error: 'quantityMin' })
  .max(medicineLimits.quantityMax, { error: 'quantityMax' });

export const descriptionField = z
  .string(typeError('mustBeText'))
  .trim()
  .max(medicineLimits.descriptionMax)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/**
 * The digits of a GTIN as a person types it: Arabic keyboards type Arabic-Indic digits and an
 * Arabic field may hold direction marks; spaces and hyphens group the digits. The listing form,
 * the recall form and the recall check all read a typed GTIN with this.
 */
export function gtinDigits(typed: string): string {
  return asciiDigits(typed).replace(/[\s\-\u200e\u200f]/g, '');
}

/**
 * The pack's product code (GS1 GTIN-8/12/13/14, check digit verified), stored as GTIN-14 as the
 * DataMatrix carries it. Empty means none.
 */
export const gtinField = z
  .string(typeError('gtinInvalid'))
  .trim()
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const digits = gtinDigits(value);
    if (!validGtin(digits)) {
      ctx.addIssue({ code: 'custom', message: 'gtinInvalid' });
      return z.NEVER;
    }
    return toGtin14(digits);
  });

/** Batch (GS1 AI 10) or serial number (AI 21): up to 20 printable characters; empty means none. */
export const packCodeField = z
  .string(typeError('mustBeText'))
  .trim()
  .max(packCodeMaxLength, { error: 'packCodeTooLong' })
  .regex(/^[\x21-\x7e]*$/, { error: 'invalidValue' })
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/**
 * Guardrail categories (prescription-only, controlled, cold-chain; libs/domain): a list of keys,
 * kept once each in canonical order. Whether the caller may list them is the server's check.
 */
export const categoriesField = z
  .array(z.enum(medicineCategories, { error: 'categoryInvalid' }), typeError('categoryInvalid'))
  .max(medicineCategories.length * 2, { error: 'categoryInvalid' })
  .transform(normalizeCategories);

/** Why a donor may not list a category (422 CATEGORY_NOT_ALLOWED names the first refused one). */
export const categoryRefusalMessage: Record<MedicineCategory, MessageKey> = {
  prescription: 'donorCategoryPrescription',
  controlled: 'donorCategoryControlled',
  coldChain: 'donorCategoryColdChain',
};
