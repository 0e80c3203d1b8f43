import { z } from 'zod';
import { isCalendarDay } from '@medrelay/domain/calendar';
import { handoverCodePattern } from '@medrelay/domain/handover';
import { exportPageFields, queryInt, toAsciiDigits, typeError } from './fields';
import { handoverStates } from './handover-states';

/**
 * The handover code and the custody log. The code is shown to the requester only
 * (GET /api/requests/:id); the owner enters it (POST /api/requests/:id/handover).
 */
export const handoverCodeSchema = z.object({
  /** Six Latin digits, also drawn as a QR code in the browser. */
  code: z.string(),
  expiresAt: z.string(),
  /** Set while too many wrong codes lock it (the owner cannot confirm until then). */
  lockedUntil: z.string().nullable(),
});
export type HandoverCode = z.infer<typeof handoverCodeSchema>;

/** POST /api/requests/:id/handover. */
export const handoverBodySchema = z
  .object({
    code: z
      .string(typeError('handoverCodeFormat'))
      .trim()
      // Typed on an Arabic keypad: ١٢٣٤٥٦ is the same code.
      .transform(toAsciiDigits)
      .pipe(z.string().regex(handoverCodePattern, { error: 'handoverCodeFormat' })),
  })
  .strict();
export type HandoverBodyInput = z.input<typeof handoverBodySchema>;

/**
 * One entry of a request's custody log: append-only, written in the transaction of the change it
 * records. `status` is the state the request moved to (`pending` when it was made); the medicine's
 * pack codes are those the listing carried at that moment. Statuses are text: later states
 * (missed, on hold) add entries without changing this shape.
 */
export const custodyEntrySchema = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  at: z.string(),
  status: z.string(),
  fromStatus: z.string().nullable(),
  /** Null for moves the platform makes itself. */
  actorId: z.number().int().nullable(),
  actorRole: z.string(),
  actorName: z.string(),
  medicineId: z.number().int(),
  medicineName: z.string().nullable(),
  ownerId: z.number().int(),
  requesterId: z.number().int(),
  gtin: z.string().nullable(),
  batch: z.string().nullable(),
  serial: z.string().nullable(),
  quantity: z.number().int(),
  /** A completion the owner confirmed with the requester's code (false: marked collected). */
  confirmedByCode: z.boolean(),
  /**
   * The handover state the move left the request in: `code`, or `unconfirmed` (marked collected
   * by the requester) until the owner's `confirmed` or `disputed` entry; null before completion.
   */
  handover: z.enum(handoverStates).nullable(),
  /** The pickup window in force at that moment (chosen or accepted), else null. */
  pickupWindow: z.object({ startsAt: z.string(), endsAt: z.string() }).nullable(),
});
export type CustodyEntry = z.infer<typeof custodyEntrySchema>;

const cairoDate = z
  .string(typeError('custodyDateInvalid'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'custodyDateInvalid' })
  .refine(isCalendarDay, { error: 'custodyDateInvalid' });

/** GET /api/admin/custody.csv: Cairo calendar days, both included. */
export const custodyCsvQuerySchema = z
  .object({ from: cairoDate, to: cairoDate })
  .strict()
  .refine((range) => range.from <= range.to, { path: ['to'], error: 'custodyRangeInvalid' });
export type CustodyCsvQuery = z.output<typeof custodyCsvQuerySchema>;

/**
 * GET /api/admin/custody: every entry, oldest first, a page at a time; Export Data walks it by
 * `after` (keyset, no total).
 */
export const custodyListQuerySchema = z
  .object({
    page: queryInt(1, 1_000_000).default(1),
    pageSize: queryInt(1, 100).default(100),
    ...exportPageFields,
  })
  .strict();
