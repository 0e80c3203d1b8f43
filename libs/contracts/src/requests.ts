import { z } from 'zod';
import { isPastPickup } from '@medrelay/domain/pickup';
import { parseInstant } from '@medrelay/domain/calendar';
import { handoverCodeSchema } from './custody';
import { handoverStates } from './handover-states';
import { exportPageFields, listPageFields, queryInt, typeError } from './fields';
import { copiedMedicineFields, medicineSchema, medicineSources, quantityField } from './medicines';
import { pickupOfferSchema } from './pickup';
import { latLngSchema, placeSchema } from './places';
import { userTypes } from './roles';

export const requestStatuses = ['pending', 'approved', 'rejected', 'completed', 'cancelled'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

export { handoverStates, type HandoverState } from './handover-states';

export const requestLimits = { notesMax: 1000, pickupLocationMax: 300 } as const;

/** POST /api/requests (spec §7). Quantity defaults to 1 (spec §9). */
export const requestCreateSchema = z
  .object({
    medicineId: z
      .number(typeError('invalidValue'))
      .int({ error: 'invalidValue' })
      .positive({ error: 'invalidValue' })
      .max(2_147_483_647, { error: 'invalidValue' }),
    quantity: z
      .number(typeError('quantityMin'))
      .int({ error: 'quantityMin' })
      .min(1, { error: 'quantityMin' })
      .max(1_000_000, { error: 'quantityMax' })
      .default(1),
    notes: z
      .string(typeError('mustBeText'))
      .trim()
      .max(requestLimits.notesMax)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type RequestCreateInput = z.input<typeof requestCreateSchema>;
export type RequestCreate = z.output<typeof requestCreateSchema>;

/**
 * The request dialog's form: the body above, asking no more than the listing holds (spec §5:
 * 1 up to the available quantity; the service refuses more with 409 insufficientQuantity).
 */
export function requestCreateFormSchema(available: number) {
  return requestCreateSchema.superRefine((body, ctx) => {
    if (body.quantity > available)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'insufficientQuantity' });
  });
}

/**
 * An ISO date-time (or "YYYY-MM-DDTHH:mm" without a zone, read as Cairo's wall-clock time),
 * not on a day already past (libs/domain `isPastPickup`); empty means not given (required only
 * for donations). The output is always an ISO instant.
 */
const pickupDateField = z
  .string(typeError('pickupDateRequired'))
  .trim()
  .max(40)
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const date = parseInstant(value);
    if (!date || date.getUTCFullYear() > 9999) {
      ctx.addIssue({ code: 'custom', message: 'pickupDateRequired' });
      return z.NEVER;
    }
    if (isPastPickup(date)) {
      ctx.addIssue({ code: 'custom', message: 'pickupDatePast' });
      return z.NEVER;
    }
    return date.toISOString();
  });

/** Pickup location and date-time given when approving: each optional here. */
export const pickupDetailsSchema = z.object({
  pickupLocation: z
    .string(typeError('pickupLocationRequired'))
    .trim()
    .max(requestLimits.pickupLocationMax)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  pickupDate: pickupDateField,
});
export type PickupDetailsInput = z.input<typeof pickupDetailsSchema>;
export type PickupDetails = z.output<typeof pickupDetailsSchema>;

/**
 * Pickup details as a donation's approval needs them (spec §5): both given. The approval dialog
 * validates with it; the service applies the same rule (it depends on the medicine's source).
 */
export const requiredPickupDetailsSchema = pickupDetailsSchema.superRefine((details, ctx) => {
  if (!details.pickupLocation)
    ctx.addIssue({ code: 'custom', path: ['pickupLocation'], message: 'pickupLocationRequired' });
  if (!details.pickupDate)
    ctx.addIssue({ code: 'custom', path: ['pickupDate'], message: 'pickupDateRequired' });
});

/**
 * PUT /api/requests/:id/status. Pickup details are required when approving a donation and
 * allowed for pharmacy stock; the service checks that, since it depends on the medicine.
 */
export const requestStatusUpdateSchema = z
  .object({
    status: z.enum(['approved', 'rejected', 'completed', 'cancelled'], { error: 'requestStatusInvalid' }),
    ...pickupDetailsSchema.shape,
    /** Pickup windows offered with the approval (then pickupLocation/pickupDate follow from them). */
    pickup: pickupOfferSchema.optional(),
    /**
     * With an approval: the units approved, when fewer than asked (what is left of the listing);
     * at most the quantity asked (the service checks: it depends on the request).
     */
    quantity: quantityField.optional(),
  })
  .strict()
  .refine((update) => update.quantity === undefined || update.status === 'approved', {
    path: ['quantity'],
    message: 'quantityOnlyWithApproval',
  });
export type RequestStatusUpdateInput = z.input<typeof requestStatusUpdateSchema>;
export type RequestStatusUpdate = z.output<typeof requestStatusUpdateSchema>;

export const requestDirections = ['incoming', 'outgoing'] as const;
export type RequestDirection = (typeof requestDirections)[number];

/**
 * What request lists filter by: a status, with a pickup called off after its approval
 * (`calledOff`) apart from `rejected` and `cancelled`, as its row's badge shows it (libs/domain
 * `requestStatusFilterSql`).
 */
export const requestStatusFilters = [...requestStatuses, 'calledOff'] as const;
export type RequestStatusFilter = (typeof requestStatusFilters)[number];

/**
 * One status filter or several separated by commas (`approved,rejected`): a screen section asks
 * for its own.
 */
const statusFilter = z.string({ error: 'requestStatusFilterInvalid' }).transform((value, ctx) => {
  const list = [...new Set(value.split(',').map((s) => s.trim()))];
  if (!list.length || list.some((s) => !(requestStatusFilters as readonly string[]).includes(s))) {
    ctx.addIssue({ code: 'custom', message: 'requestStatusFilterInvalid' });
    return z.NEVER;
  }
  return list as RequestStatusFilter[];
});

/**
 * GET /api/requests/my and /api/transactions/my: one page, newest first (id breaks ties), of the
 * caller's requests (or newest changed, `sort=updated`); `direction` incoming (on own medicines) or outgoing (asked), `status` filters.
 */
export const requestListQuerySchema = z
  .object({
    status: statusFilter.optional(),
    direction: z.enum(requestDirections, { error: 'requestDirectionInvalid' }).optional(),
    /** Newest made first (default), or newest changed first (histories, what was collected lately). */
    sort: z.enum(['created', 'updated'], { error: 'invalidValue' }).default('created'),
    ...listPageFields,
  })
  .strict();
export type RequestListQuery = z.output<typeof requestListQuerySchema>;

/**
 * GET /api/admin/all-requests: a status filter and pages (default 50, at most 100; total in
 * X-Total-Count), newest first; Export Data walks it by `after` (keyset, id order, no total).
 */
export const adminRequestQuerySchema = z
  .object({
    status: z.enum(requestStatusFilters, { error: 'adminRequestStatusInvalid' }).optional(),
    page: queryInt(1, 100_000).default(1),
    pageSize: queryInt(1, 100).default(50),
    ...exportPageFields,
  })
  .strict();
export type AdminRequestQuery = z.output<typeof adminRequestQuerySchema>;

const partySchema = z.object({ id: z.number().int(), name: z.string(), userType: z.enum(userTypes) });

/**
 * The other party of an approved (or collected) request, shown only to its two parties so they
 * can arrange the pickup by phone. `organizationName` is the NGO's organisation or the
 * pharmacy's name (a pharmacy account is named after the pharmacy); null for individual donors.
 * `phone` is E.164 when it parsed (numbers stored before normalisation may not).
 */
export const contactSchema = z.object({
  userId: z.number().int(),
  userType: z.enum(userTypes),
  name: z.string(),
  organizationName: z.string().nullable(),
  phone: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

/** The medicine as svc-requests knows it (its read model of the catalog). */
export const requestMedicineSchema = medicineSchema.pick(copiedMedicineFields).extend({
  /** A dosage form key, or the free text of a listing the read model has not heard of since the keys came. */
  type: z.string(),
  source: z.enum(medicineSources),
  pharmacyId: z.number().int().nullable(),
  donorId: z.number().int().nullable(),
});

/** A request as lists show it (spec §3): embeds medicine, requester and provider. */
export const requestSchema = z.object({
  id: z.number().int(),
  medicineId: z.number().int(),
  requesterId: z.number().int(),
  providerId: z.number().int(),
  status: z.enum(requestStatuses),
  quantity: z.number().int(),
  notes: z.string().nullable(),
  pickupLocation: z.string().nullable(),
  pickupDate: z.string().nullable(),
  /**
   * Recorded on approval, so later edits of the listing leave past transfers alone: the discount
   * price charged per unit (null = free, spec §9) and the listing's original price then.
   * Both null before approval.
   */
  unitPrice: z.string().nullable(),
  originalUnitPrice: z.string().nullable(),
  /**
   * The listing's prices when the request was made: an approval records them instead of the
   * listing's then when those are higher. Null for requests made before they were kept.
   */
  askedPrices: z
    .object({ discountPrice: z.string().nullable(), originalPrice: z.string().nullable() })
    .nullable()
    .optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * When it was collected (its move to completed; an owner's later confirmation or dispute moves
   * `updatedAt`, not this); null until then.
   */
  completedAt: z.string().nullable().optional(),
  /** From the caller's side: `outgoing` = you asked, `incoming` = on your medicine (absent for admins). */
  direction: z.enum(['incoming', 'outgoing']).optional(),
  /** Null only while the catalog's event about it has not arrived yet. */
  medicine: requestMedicineSchema.nullable(),
  /** Null (shown as 'Unknown') while identity's event about the user has not arrived yet. */
  requester: partySchema.nullable(),
  /**
   * `name` is null for a private donor shown to the requester before an approval (and again once
   * the request is rejected or cancelled), as browse and matches keep it (libs/domain
   * `ownerNameBeforeApproval`): the screens say "a donor".
   */
  provider: partySchema.extend({ name: z.string().nullable() }).nullable(),
  /** The other party's contact: for the two parties once approved, otherwise null. */
  contact: contactSchema.nullable(),
  /** Where it is collected, as anyone may see it: the area and governorate. */
  pickupPlace: placeSchema.optional(),
  /**
   * The exact pickup point with a link that opens it in a maps app: for the two parties once
   * approved, otherwise null.
   */
  pickupPoint: latLngSchema.extend({ mapUrl: z.string() }).nullable().optional(),
  /** The handover code: only in GET /api/requests/:id, only for the requester of an approved request. */
  handoverCode: handoverCodeSchema.optional(),
  /** While a batch recall holds this approved request: the recall's reason, else null. */
  recallHold: z.string().nullable(),
  /**
   * Collected units of a batch under a recall in force: quarantined in the requester's
   * hands until it is lifted, with when the requester confirmed setting them aside; else null.
   */
  recallQuarantine: z
    .object({ recallId: z.number().int(), reason: z.string(), acknowledgedAt: z.string().nullable() })
    .nullable(),
  /** Why the system closed it (a recall's reason for a cancelled pending request), else null. */
  closedReason: z.string().nullable(),
  /**
   * Rejected or cancelled by the platform itself, not a party (its listing taken off offer, a
   * party suspended, a recall, a missed pickup released): what the timelines credit it to.
   */
  endedByPlatform: z.boolean().optional(),
  /**
   * Rejected or cancelled after it was approved (its last move left `approved`): a pickup called
   * off, by the owner (rejected), the requester (cancelled) or the platform (`endedByPlatform`).
   * Nothing is due for it any more. False for a request that ended before any approval.
   */
  calledOff: z.boolean().optional(),
  /** How it was handed over, once completed (null before). */
  handover: z.enum(handoverStates).nullable(),
  /** The units asked for: more than `quantity` when the owner approved fewer. */
  askedQuantity: z.number().int().optional(),
});
export type MedicineRequest = z.infer<typeof requestSchema>;

/** Where and how to collect an approved request (spec §2 history). */
export const pickupSchema = z.object({
  /** Pharmacy stock: the pharmacy's name and address. */
  pharmacyName: z.string().nullable(),
  address: z.string().nullable(),
  /**
   * The other party's e-mail: the requester's for the medicine's owner; the pharmacy's for its
   * requester (and the admin lists), pharmacy stock only (a donor's stays private).
   */
  contactEmail: z.string().nullable(),
  /** Donations: what the donor set when approving. */
  location: z.string().nullable(),
  /** The start of the pickup time agreed (not one only offered); a request from before pickup windows: its date. */
  date: z.string().nullable(),
  /** The pickup window agreed (chosen, or a proposal accepted); null until then. */
  window: z.object({ startsAt: z.string(), endsAt: z.string() }).nullable().optional(),
});

/** GET /api/transactions/my: a request plus its pickup information once approved. */
export const transactionSchema = requestSchema.extend({ pickup: pickupSchema.nullable() });
export type Transaction = z.infer<typeof transactionSchema>;

/**
 * The parts the figures split requests into: each status, with a collection its owner disputed
 * apart from `completed` (it did not happen as far as the owner knows, its units are back on
 * offer, and no figure of collected medicine counts it) and a pickup called off after its approval
 * (`calledOff`, the request's `calledOff`) apart from `rejected` and `cancelled`, which count only
 * requests that ended before any approval, so the parts add up to the total.
 */
export const requestStatusFigures = [...requestStatuses, 'disputed', 'calledOff'] as const;
export type RequestStatusFigure = (typeof requestStatusFigures)[number];

/** svc-requests' part of the admin statistics (GET /api/admin/all-requests/stats). */
export const requestStatsSchema = z.object({
  totalRequests: z.number().int(),
  requestStatus: z.object(
    Object.fromEntries(requestStatusFigures.map((s) => [s, z.number().int()])) as {
      [K in RequestStatusFigure]: z.ZodNumber;
    },
  ),
  /** Wanted-list needs still open (not closed, not deleted). */
  needsOpen: z.number().int(),
  /** Needs their owner closed as met (a deleted need keeps counting once closed). */
  needsMet: z.number().int(),
  /**
   * Median hours from a listing's creation to its first request, over the listings that were
   * requested (one decimal); null when none was.
   */
  medianHoursToFirstRequest: z.number().nullable(),
});
export type RequestStats = z.infer<typeof requestStatsSchema>;

const count = z.number().int();
/** Requests by status, a disputed collection and a called-off pickup apart (`requestStatusFigures`). */
const statusCounts = z.object(
  Object.fromEntries(requestStatusFigures.map((s) => [s, count])) as {
    [K in RequestStatusFigure]: typeof count;
  },
);

/**
 * The caller's requests counted in SQL, for dashboards, history totals and sidebar badges
 * (GET /api/requests/my/summary). Figures come from the libs/domain formulas applied to groups.
 */
export const requestSummarySchema = z.object({
  /** Requests by direction and status. */
  incoming: statusCounts,
  outgoing: statusCounts,
  /** Completed transfers out of own medicines (pharmacy Successful Transfers). */
  successfulTransfers: count,
  /** Quantity × charged unit price over those, EGP (pharmacy Revenue Recovered). */
  revenueRecovered: z.number(),
  /** What the caller received: completed outgoing requests (NGO dashboard and analytics). */
  received: z.object({
    units: count,
    patientsServed: count,
    estimatedValue: z.number(),
    unpricedUnits: count,
    /** Distinct medicines received. */
    medicines: count,
    bySource: z.object({ pharmacy: count, donor: count }),
  }),
  /** The last six calendar months (Cairo time), oldest first: units by source and market value. */
  receivedByMonth: z.array(
    z.object({
      /** `YYYY-MM`. */
      month: z.string(),
      units: z.object({ pharmacy: count, donor: count }),
      value: z.number(),
    }),
  ),
  /** Own medicines by the state of their requests (a donation's badge, spec §4). */
  medicines: z.object({
    /** At least one request collected. */
    completed: count,
    /** A request pending or approved, none collected yet. */
    pickupScheduled: count,
    /** On offer now (listed, units left, not expired or recalled) with no request named above. */
    available: count,
  }),
  /** Collected requests on own medicines (donor Successfully Collected, value 150 EGP each). */
  collected: count,
  /** Approved requests a batch recall holds (counted in `approved` too): no one goes to collect them. */
  held: z.object({ incoming: count, outgoing: count }),
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

/** GET /api/requests/my/donation-status: the caller's own medicines, by id (at most 100, comma-separated). */
export const donationStatusQuerySchema = z
  .object({
    ids: z.string({ error: 'invalidValue' }).transform((value, ctx) => {
      const ids = [...new Set(value.split(',').map((s) => Number(s.trim())))];
      if (
        !ids.length ||
        ids.length > 100 ||
        ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647)
      ) {
        ctx.addIssue({ code: 'custom', message: 'invalidValue' });
        return z.NEVER;
      }
      return ids;
    }),
  })
  .strict();
export type DonationStatusQuery = z.output<typeof donationStatusQuerySchema>;

export const donationStatuses = ['available', 'pickupScheduled', 'completed'] as const;

/** The badge of each asked medicine (spec §4); medicines of others come back Available, revealing nothing. */
export const donationStatusSchema = z.object({
  medicineId: z.number().int(),
  status: z.enum(donationStatuses),
});
export type DonationStatusEntry = z.infer<typeof donationStatusSchema>;
