import { z } from 'zod';
import { packCodeMaxLength, toGtin14, validGtin } from '@medrelay/domain/gtin';
import { listPageFields, typeError } from './fields';

export const recallLimits = { reasonMin: 3, reasonMax: 500 } as const;

/**
 * POST /api/admin/recalls: a batch recall (issue 17). The GTIN's check digit is verified (libs/domain
 * gtin, the scan's GS1 code) and it is stored as GTIN-14, like listings' `gtin`.
 */
export const recallCreateSchema = z
  .object({
    gtin: z
      .string(typeError('gtinInvalid'))
      .trim()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine(validGtin, { error: 'gtinInvalid' })
      .transform(toGtin14),
    batch: z
      .string(typeError('recallBatchRequired'))
      .trim()
      .min(1, { error: 'recallBatchRequired' })
      .max(packCodeMaxLength, { error: 'packCodeTooLong' })
      .regex(/^[\x21-\x7e]*$/, { error: 'invalidValue' }),
    reason: z
      .string(typeError('recallReasonRequired'))
      .trim()
      .min(recallLimits.reasonMin, { error: 'recallReasonRequired' })
      .max(recallLimits.reasonMax, { error: 'recallReasonTooLong' }),
  })
  .strict();
export type RecallCreateInput = z.input<typeof recallCreateSchema>;
export type RecallCreate = z.output<typeof recallCreateSchema>;

/** A recall as the admin's history shows it. */
export const recallSchema = z.object({
  id: z.number().int(),
  gtin: z.string(),
  batch: z.string(),
  reason: z.string(),
  /** Open listings of that GTIN and batch it quarantined when issued. */
  hiddenListings: z.number().int(),
  createdAt: z.string(),
  createdBy: z.number().int(),
  /** When it was lifted (null while active). */
  liftedAt: z.string().nullable(),
});
export type Recall = z.infer<typeof recallSchema>;

export const recallListQuerySchema = z.object(listPageFields).strict();
export type RecallListQuery = z.output<typeof recallListQuerySchema>;
