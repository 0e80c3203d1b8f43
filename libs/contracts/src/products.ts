import { z } from 'zod';
import { dosageForms } from '@medrelay/domain/dosage-forms';
import { toGtin14, validGtin } from '@medrelay/domain/gtin';
import { queryInt } from './fields';
import { gtinDigits } from './medicine-fields';
import { medicineCreateSchema } from './medicines';

/** GET /api/products/:gtin and PUT /api/admin/products/:gtin: a GTIN (8–14 digits, check digit verified). */
export const productParams = z.object({
  // Typed as people type them (Arabic-Indic digits, spaces), read as the listing form reads them.
  gtin: z
    .string()
    .transform(gtinDigits)
    .pipe(z.string().regex(/^\d{8,14}$/, 'gtinInvalid'))
    .refine(validGtin, 'gtinInvalid')
    .transform(toGtin14),
});

/** A product dictionary entry: what a pack's GTIN names (learned from the first listing, or set by an admin). */
export const productSchema = z.object({
  gtin: z.string(),
  name: z.string(),
  type: z.enum(dosageForms),
  /** `listing`: learned from the first listing; `admin`: corrected by an administrator (kept). */
  source: z.enum(['listing', 'admin']),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** An administrator's correction of a dictionary entry (creates it when absent). */
export const productUpdateSchema = z
  .object({ name: medicineCreateSchema.shape.name, type: medicineCreateSchema.shape.type })
  .strict();
export type ProductUpdate = z.output<typeof productUpdateSchema>;

export const productListQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    page: queryInt(1, 100_000).default(1),
    pageSize: queryInt(1, 100).default(50),
  })
  .strict();
export type ProductListQuery = z.output<typeof productListQuerySchema>;
