import { z } from 'zod';
import { packCodeMaxLength, toGtin14, validGtin } from '@medrelay/domain/gtin';
import { recallHoldings } from '@medrelay/domain/recalls';
import { listPageFields, typeError } from './fields';
import { gtinDigits } from './medicine-fields';
import { userTypes } from './roles';

export const recallLimits = { reasonMin: 3, reasonMax: 500 } as const;

/** A batch number as a recall names it (printable Latin characters, like a listing's batch). */
const recallBatchField = z
  .string(typeError('recallBatchRequired'))
  .trim()
  .min(1, { error: 'recallBatchRequired' })
  .max(packCodeMaxLength, { error: 'packCodeTooLong' })
  .regex(/^[\x21-\x7e]*$/, { error: 'invalidValue' });

/**
 * POST /api/admin/recalls: a batch recall. The GTIN's check digit is verified (libs/domain
 * gtin, the scan's GS1 code) and it is stored as GTIN-14, like listings' `gtin`.
 */
export const recallCreateSchema = z
  .object({
    gtin: z
      .string(typeError('gtinInvalid'))
      .trim()
      .transform(gtinDigits)
      .refine(validGtin, { error: 'gtinInvalid' })
      .transform(toGtin14),
    batch: recallBatchField,
    reason: z
      .string(typeError('recallReasonRequired'))
      .trim()
      .min(recallLimits.reasonMin, { error: 'recallReasonRequired' })
      .max(recallLimits.reasonMax, { error: 'recallReasonTooLong' }),
  })
  .strict();
export type RecallCreateInput = z.input<typeof recallCreateSchema>;
export type RecallCreate = z.output<typeof recallCreateSchema>;

/**
 * POST /api/admin/recalls/preview: what issuing this recall would quarantine now (a dry run of
 * POST /api/admin/recalls with the same body; nothing is written), so the admin confirms the
 * figures before real users are reached. A batch no listing ever carried is refused as the
 * issue refuses it (422 `RECALL_BATCH_UNKNOWN`).
 */
export const recallPreviewSchema = z.object({
  gtin: z.string(),
  batch: z.string(),
  /** Listings of the GTIN and batch (letter case aside) on offer now: each would be quarantined. */
  listings: z.number().int(),
  /** Their distinct owners. */
  owners: z.number().int(),
  /** Units left on them. */
  units: z.number().int(),
  /**
   * The newest recall of the batch still in force, if any: issuing another reaches everyone
   * who holds it again, so the admin is told before confirming.
   */
  inForce: z.object({ reason: z.string(), recalledAt: z.string() }).nullable(),
});
export type RecallPreview = z.infer<typeof recallPreviewSchema>;

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

/**
 * GET /api/products/:gtin/recall?batch=: whether an active recall covers a pack's batch, so the
 * listing form warns before saving.
 */
export const batchRecallQuerySchema = z.object({ batch: recallBatchField }).strict();
export const batchRecallSchema = z.object({
  recalled: z.boolean(),
  /** The newest active recall's reason and when it was issued; null when none covers the batch. */
  reason: z.string().nullable(),
  recalledAt: z.string().nullable(),
});
export type BatchRecall = z.infer<typeof batchRecallSchema>;

/** One thing a party holds of a recalled batch, as it stood when the recall reached them. */
export const recallHoldingSchema = z.object({
  holding: z.enum(recallHoldings),
  medicineId: z.number().int(),
  medicineName: z.string().nullable(),
  /** The request behind it (null for an owner's own listing). */
  requestId: z.number().int().nullable(),
  quantity: z.number().int(),
});
export type RecallHoldingEntry = z.infer<typeof recallHoldingSchema>;

/** A party a recall reached: who, what they hold, when they were told and whether they acknowledged. */
export const recallPartySchema = z.object({
  userId: z.number().int(),
  /** Null while identity's event about the user has not arrived. */
  name: z.string().nullable(),
  userType: z.enum(userTypes).nullable(),
  holdings: z.array(recallHoldingSchema),
  notifiedAt: z.string(),
  /** The last notice sent to them (a resend's, or the first). */
  lastSentAt: z.string(),
  acknowledgedAt: z.string().nullable(),
});
export type RecallParty = z.infer<typeof recallPartySchema>;

/** GET /api/admin/recall-reach/:id: who a recall reached and who has acknowledged. */
export const recallReachSchema = z.object({
  recallId: z.number().int(),
  gtin: z.string(),
  batch: z.string(),
  reason: z.string(),
  liftedAt: z.string().nullable(),
  /** Sending rounds so far: 1 is the first notice, each resend adds one. */
  round: z.number().int(),
  reached: z.number().int(),
  acknowledged: z.number().int(),
  parties: z.array(recallPartySchema),
});
export type RecallReach = z.infer<typeof recallReachSchema>;

/**
 * POST /api/admin/recall-reach/:id/resend: the round to send (the reach's `round` + 1). The same
 * round asked twice sends once, so a double click or a retried call mails no one twice.
 */
export const recallResendSchema = z
  .object({
    round: z
      .number(typeError('invalidValue'))
      .int({ error: 'invalidValue' })
      .min(2, { error: 'invalidValue' })
      .max(10_000, { error: 'invalidValue' }),
  })
  .strict();
export type RecallResend = z.output<typeof recallResendSchema>;
export const recallResendAnswerSchema = recallReachSchema.extend({
  /** Parties this call sent a new notice to (0 for a repeated round). */
  resent: z.number().int(),
});

/** A recall in force that reached the caller (GET /api/recall-notices/my; acknowledging answers it too). */
export const recallNoticeSchema = z.object({
  recallId: z.number().int(),
  gtin: z.string(),
  batch: z.string(),
  reason: z.string(),
  holdings: z.array(recallHoldingSchema),
  notifiedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
});
export type RecallNotice = z.infer<typeof recallNoticeSchema>;
