import { z } from 'zod';
import { dosageForms } from '@medrelay/domain/dosage-forms';
import { medicineCategories } from '@medrelay/domain/categories';
import { isInEgypt } from '@medrelay/domain/pickup-windows';
import { snappedPoint } from '@medrelay/domain/pickup-points';
import { discountAboveOriginal } from '@medrelay/domain/prices';
import { exportPageFields, queryInt, typeError } from './fields';
import { areaField, pinField, placeSchema, queryCoordinate, radiusField } from './places';
import {
  categoriesField,
  descriptionField,
  expiryDateField,
  gtinField,
  medicineLimits,
  medicineSorts,
  medicineSources,
  packCodeField,
  priceField,
  quantityField,
  recipientTypes,
} from './medicine-fields';

export * from './medicine-fields';

/** A listing's own pickup pin lies in an area it names (the area is what others are shown). */
function pinNeedsArea(
  value: { pickupArea?: string | null | undefined; pickupPin?: unknown },
  ctx: z.RefinementCtx,
) {
  if (value.pickupPin && !value.pickupArea)
    ctx.addIssue({ code: 'custom', path: ['pickupArea'], message: 'areaInvalid' });
}

/** The price asked is not above what it cost (libs/domain `discountAboveOriginal`), when both are given. */
function discountNotAboveOriginal(
  value: { originalPrice?: string | null | undefined; discountPrice?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (discountAboveOriginal(value.originalPrice, value.discountPrice))
    ctx.addIssue({ code: 'custom', path: ['discountPrice'], message: 'discountAboveOriginal' });
}

/** Add medicine / add donation form (spec §3, rules of §5). */
export const medicineCreateSchema = z
  .object({
    name: z
      .string(typeError('medicineNameRequired'))
      .trim()
      .min(1, { error: 'medicineNameRequired' })
      .max(medicineLimits.nameMax),
    /** A dosage form key (libs/domain); the screens show its translated label. */
    type: z.enum(dosageForms, {
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? 'medicineTypeRequired'
          : 'medicineTypeInvalid',
    }),
    description: descriptionField,
    quantity: quantityField,
    originalPrice: priceField,
    discountPrice: priceField,
    expiryDate: expiryDateField,
    recipientType: z.enum(recipientTypes, { error: 'recipientTypeInvalid' }).default('ngos'),
    gtin: gtinField,
    batch: packCodeField,
    serial: packCodeField,
    categories: categoriesField.default([]),
    /** Collected elsewhere than the owner's pickup point: an area and an optional pin. */
    pickupArea: areaField,
    pickupPin: pinField,
  })
  .strict()
  .superRefine(pinNeedsArea)
  .superRefine(discountNotAboveOriginal);
export type MedicineCreateInput = z.input<typeof medicineCreateSchema>;
export type MedicineCreate = z.output<typeof medicineCreateSchema>;

/** An edit may leave nothing on offer: 0 when approved requests took all the stock. */
export const remainingQuantityField = z
  .number(typeError('quantityMin'))
  .int({ error: 'quantityMin' })
  .min(0, { error: 'quantityMin' })
  .max(medicineLimits.quantityMax, { error: 'quantityMax' });

/** Owner's edit: any subset of the form, plus listing / unlisting. */
export const medicineUpdateSchema = z
  .object({
    name: medicineCreateSchema.shape.name,
    type: medicineCreateSchema.shape.type,
    description: descriptionField,
    quantity: remainingQuantityField,
    originalPrice: priceField,
    discountPrice: priceField,
    expiryDate: expiryDateField,
    recipientType: z.enum(recipientTypes, { error: 'recipientTypeInvalid' }),
    isAvailable: z.boolean(typeError('mustBeBoolean')),
    gtin: gtinField,
    batch: packCodeField,
    serial: packCodeField,
    categories: categoriesField,
    pickupArea: areaField,
    pickupPin: pinField,
    /**
     * With `quantity`: the units on offer the form was showing. Approvals and releases move that
     * number while a form is open; an edit made from an older one is refused (409) rather than
     * overwrite them (units promised twice, or lost to the market).
     */
    quantitySeen: remainingQuantityField,
  })
  .partial()
  .strict()
  .superRefine(pinNeedsArea)
  .superRefine(discountNotAboveOriginal)
  // An empty edit would still count as a change (new version, an event to every consumer).
  .refine((changes) => Object.entries(changes).some(([k, v]) => k !== 'quantitySeen' && v !== undefined), {
    message: 'nothingToChange',
  });
export type MedicineUpdateInput = z.input<typeof medicineUpdateSchema>;
export type MedicineUpdate = z.output<typeof medicineUpdateSchema>;

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'mustBeBoolean' })
  .transform((v) => v === 'true' || v === '1');

/** Browse sorts: the list's own, and nearest first from the caller's point. */
export const browseSorts = [...medicineSorts, 'distance'] as const;
export type BrowseSort = (typeof browseSorts)[number];

/**
 * Why a browse list is not all it could be (`X-Browse-Hint`, comma-separated): `set-point`, the
 * caller has no point (expiry order, no distances); `pharmacist-required`, an NGO without a
 * pharmacist's licence is shown pharmacies' listings only (a donor's medicine goes to a
 * pharmacist).
 */
export const browseHints = ['set-point', 'pharmacist-required'] as const;
export type BrowseHint = (typeof browseHints)[number];

/**
 * GET /api/medicines: the body stays an array; the total is in X-Total-Count. Without `sort`, a
 * caller with a point (`lat`/`lng`, else their account's pickup point) gets nearest first, any
 * other expiry order and `X-Browse-Hint: set-point`. The point is snapped to libs/domain's grid.
 */
export const medicineBrowseQuerySchema = z
  .object({
    recipientType: z.enum(recipientTypes, { error: 'recipientTypeInvalid' }).optional(),
    q: z.string().trim().max(100).optional(),
    source: z.enum(medicineSources, { error: 'invalidValue' }).optional(),
    /** Only medicines expiring within 7 days (spec §2 "urgent"). */
    urgent: flag.optional(),
    sort: z.enum(browseSorts, { error: 'invalidValue' }).optional(),
    order: z.enum(['asc', 'desc'], { error: 'invalidValue' }).optional(),
    lat: queryCoordinate.optional(),
    lng: queryCoordinate.optional(),
    /** Only listings within this many km (5, 10, 25, 50 or 100) of the point; absent: all of Egypt. */
    radiusKm: radiusField.optional(),
    page: z.coerce
      .number({ error: 'mustBeNumber' })
      .int({ error: 'mustBeNumber' })
      .min(1)
      .max(100_000)
      .default(1),
    pageSize: z.coerce
      .number({ error: 'mustBeNumber' })
      .int({ error: 'mustBeNumber' })
      .min(1)
      .max(medicineLimits.pageSizeMax)
      .default(medicineLimits.pageSizeDefault),
  })
  .strict()
  .superRefine((query, ctx) => {
    if ((query.lat === undefined) !== (query.lng === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [query.lat === undefined ? 'lat' : 'lng'],
        message: 'browsePointInvalid',
      });
    else if (query.lat !== undefined && !isInEgypt(query.lat, query.lng!))
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'browsePointOutsideEgypt' });
  })
  .transform((query) => {
    if (query.lat === undefined || query.lng === undefined) return query;
    const point = snappedPoint({ lat: query.lat, lng: query.lng });
    return { ...query, lat: point.lat, lng: point.lng };
  });
export type MedicineBrowseQuery = z.output<typeof medicineBrowseQuerySchema>;

/**
 * GET /api/medicines/expiring. Without `days`, the window is the administrator's expiry warning
 * setting at the time of asking (what the bell asks for, so it follows the setting).
 */
export const expiringQuerySchema = z
  .object({
    days: z.coerce
      .number({ error: 'mustBeNumber' })
      .int({ error: 'mustBeNumber' })
      .min(1, { error: 'expiryWarningDaysRange' })
      .max(365, { error: 'expiryWarningDaysRange' })
      .optional(),
  })
  .strict();
export type ExpiringQuery = z.output<typeof expiringQuerySchema>;

/** The expiry bell reads at most this many rows; the true count is in X-Total-Count (shown capped at 99+). */
export const expiringListMax = 100;

/**
 * GET /api/medicines/my/summary: the owner's figures, summed in SQL over every own listing, so
 * dashboards never download the list. Request figures come from svc-requests.
 */
export const ownMedicineSummarySchema = z.object({
  /** Own listings or donations, listed or not (pharmacy hint, donor Total Donations). */
  listings: z.number().int(),
  /** Units listed in all: what is left plus what approvals reserved (Total Listed, Medicines Donated). */
  units: z.number().int(),
  /** Listings offered now: listed, units left, not expired. */
  available: z.number().int(),
  /**
   * Units on offer now: the quantity left on the listings offered now (libs/domain
   * `listedUnits`); unlisted or expired stock and units promised to or taken by requests are not
   * counted. The pharmacy's Total Listed, equal to the "Available" rows of My Medicines.
   */
  listedUnits: z.number().int(),
  /** Of those, expiring within the urgent threshold (7 days): the dashboard's urgent banner. */
  urgent: z.number().int(),
  /** Lives Impacted of `units` (spec §9 rule from libs/domain). */
  livesImpacted: z.number().int(),
});
export type OwnMedicineSummary = z.infer<typeof ownMedicineSummarySchema>;

export const adminMedicineQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    source: z.enum(medicineSources, { error: 'invalidValue' }).optional(),
    available: flag.optional(),
    /** Expiry class by whole days left (spec §4): expired ≤ 0, expiring 1–30, fresh > 30. */
    expiry: z.enum(['fresh', 'expiring', 'expired'], { error: 'invalidValue' }).optional(),
    /** Pages of `pageSize` (default 50, at most 100); the total is in X-Total-Count. */
    page: queryInt(1, 100_000).default(1),
    pageSize: queryInt(1, 100).default(50),
    /** Export Data's keyset pages: id order, no total. */
    ...exportPageFields,
  })
  .strict();
export type AdminMedicineQuery = z.output<typeof adminMedicineQuerySchema>;

/** A listing as the API shows it (spec §3). Money is a decimal string or null. */
export const medicineSchema = z.object({
  id: z.number().int(),
  /** The owner's user id when a pharmacy listed it, else null. */
  pharmacyId: z.number().int().nullable(),
  /** The owner's user id when a donor donated it, else null. */
  donorId: z.number().int().nullable(),
  source: z.enum(medicineSources),
  name: z.string(),
  /** A dosage form key (libs/domain `dosageForms`). */
  type: z.enum(dosageForms),
  description: z.string().nullable(),
  /** What is still available; approvals take from it. */
  quantity: z.number().int(),
  /** Promised to approved requests so far (listed in total = quantity + reservedQuantity). */
  reservedQuantity: z.number().int(),
  originalPrice: z.string().nullable(),
  discountPrice: z.string().nullable(),
  expiryDate: z.string(),
  recipientType: z.enum(recipientTypes),
  /** The photo for a detail view (null when there is none); served only to who may see the listing. */
  imageUrl: z.string().nullable(),
  /** The same photo, small, for lists. */
  thumbnailUrl: z.string().nullable(),
  isAvailable: z.boolean(),
  /** The pack's product code (GTIN-14), batch and serial number (GS1 AIs 01, 10, 21), or null. */
  gtin: z.string().nullable(),
  batch: z.string().nullable(),
  serial: z.string().nullable(),
  /** Held back by an active recall of its batch: not browsable, not requestable. */
  quarantined: z.boolean(),
  /** The newest active recall's reason while quarantined, else null (shown to the owner). */
  quarantineReason: z.string().nullable(),
  /** Guardrail categories (libs/domain `medicineCategories`); cold-chain shows a badge. */
  categories: z.array(z.enum(medicineCategories)),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * For pharmacy listings: the pharmacy's name (null until identity's event arrives). Its street
   * address, e-mail and phone are not shown before an approval.
   */
  pharmacy: z.object({ user: z.object({ name: z.string() }) }).nullable(),
  /** For donations: the donor's name. */
  donor: z.object({ name: z.string() }).nullable(),
  /** Where it is collected, as anyone may see it: the area and governorate, never the pin. */
  pickupPlace: placeSchema,
  /** From the caller's point, rounded to 0.5 km (browse with a point only; else absent). */
  distanceKm: z.number().optional(),
});
export type Medicine = z.infer<typeof medicineSchema>;

/**
 * The listing fields other services keep a copy of (the medicine event's snapshot, svc-requests'
 * read model): picked from `medicineSchema`, so a field is described once.
 */
export const copiedMedicineFields = {
  id: true,
  name: true,
  description: true,
  quantity: true,
  originalPrice: true,
  discountPrice: true,
  expiryDate: true,
  recipientType: true,
  imageUrl: true,
  isAvailable: true,
} as const;

/** The catalog's part of the admin statistics (GET /api/admin/all-medicines/stats). */
export const medicineStatsSchema = z.object({
  totalMedicines: z.number().int(),
  /** Offered now (listed, units left, not expired): the admin list's "available" filter. */
  availableMedicines: z.number().int(),
  medicineSources: z.object({ pharmacy: z.number().int(), donor: z.number().int() }),
  medicineExpiry: z.object({
    fresh: z.number().int(),
    expiring: z.number().int(),
    expired: z.number().int(),
  }),
});
export type MedicineStats = z.infer<typeof medicineStatsSchema>;
