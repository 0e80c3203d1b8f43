import { z } from 'zod';
import { dosageForms } from '@medrelay/domain/dosage-forms';
import { medicineCategories, normalizeCategories, type MedicineCategory } from '@medrelay/domain/categories';
import type { MessageKey } from './messages';
import { packCodeMaxLength, toGtin14, validGtin } from '@medrelay/domain/gtin';
import { queryInt, typeError } from './fields';
import { cairoTimeZone } from '@medrelay/domain/expiry';

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
const priceField = z
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

/**
 * A box marked with a day is good through that day in Egypt: a date without a time means the
 * end of that day in Cairo (UTC+2, or +3 in summer time), not UTC midnight, which would count
 * it expired for its whole last day.
 */
export function endOfCairoDay(day: string): Date {
  const noon = new Date(`${day}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: cairoTimeZone, timeZoneName: 'shortOffset' })
    .formatToParts(noon)
    .find((part) => part.type === 'timeZoneName')!.value; // "GMT+2" or "GMT+3"
  const hours = Number(offset.replace('GMT', '') || 0);
  return new Date(Date.parse(`${day}T23:59:59.999Z`) - hours * 3600 * 1000);
}

/** An ISO date-time (or a day, see endOfCairoDay) in the future; the past is refused. */
const expiryDateField = z
  .string(typeError('expiryDateRequired'))
  .trim()
  .min(1, { error: 'expiryDateRequired' })
  .max(40)
  .transform((value, ctx) => {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? endOfCairoDay(value) : new Date(value);
    if (Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999) {
      ctx.addIssue({ code: 'custom', message: 'expiryDateInvalid' });
      return z.NEVER;
    }
    if (date.getTime() <= Date.now()) {
      ctx.addIssue({ code: 'custom', message: 'expiryDatePast' });
      return z.NEVER;
    }
    return date.toISOString();
  });

const quantityField = z
  .number(typeError('quantityMin'))
  .int({ error: 'quantityMin' })
  .min(1, { error: 'quantityMin' })
  .max(medicineLimits.quantityMax, { error: 'quantityMax' });

const descriptionField = z
  .string(typeError('mustBeText'))
  .trim()
  .max(medicineLimits.descriptionMax)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

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
    const digits = value.replace(/[\s-]/g, '');
    if (!validGtin(digits)) {
      ctx.addIssue({ code: 'custom', message: 'gtinInvalid' });
      return z.NEVER;
    }
    return toGtin14(digits);
  });

/** Batch (GS1 AI 10) or serial number (AI 21): up to 20 printable characters; empty means none. */
const packCodeField = z
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
  })
  .strict();
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
  })
  .partial()
  .strict()
  // An empty edit would still count as a change (new version, an event to every consumer).
  .refine((changes) => Object.values(changes).some((v) => v !== undefined), { message: 'nothingToChange' });
export type MedicineUpdateInput = z.input<typeof medicineUpdateSchema>;
export type MedicineUpdate = z.output<typeof medicineUpdateSchema>;

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'mustBeBoolean' })
  .transform((v) => v === 'true' || v === '1');

/** GET /api/medicines: the body stays an array; the total is in X-Total-Count. */
export const medicineBrowseQuerySchema = z
  .object({
    recipientType: z.enum(recipientTypes, { error: 'recipientTypeInvalid' }).optional(),
    q: z.string().trim().max(100).optional(),
    source: z.enum(medicineSources, { error: 'invalidValue' }).optional(),
    /** Only medicines expiring within 7 days (spec §2 "urgent"). */
    urgent: flag.optional(),
    sort: z.enum(medicineSorts, { error: 'invalidValue' }).default('expiry'),
    order: z.enum(['asc', 'desc'], { error: 'invalidValue' }).optional(),
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
  .strict();
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
  /** Held back by an active recall of its batch (issue 17): not browsable, not requestable. */
  quarantined: z.boolean(),
  /** The newest active recall's reason while quarantined, else null (shown to the owner). */
  quarantineReason: z.string().nullable(),
  /** Guardrail categories (libs/domain `medicineCategories`); cold-chain shows a badge. */
  categories: z.array(z.enum(medicineCategories)),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** For pharmacy listings: where to collect and whom to contact (null until identity's event arrives). */
  pharmacy: z
    .object({ address: z.string().nullable(), user: z.object({ name: z.string(), email: z.string() }) })
    .nullable(),
  /** For donations: the donor's name. */
  donor: z.object({ name: z.string() }).nullable(),
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
  medicineSources: z.object({ pharmacy: z.number().int(), donor: z.number().int() }),
  medicineExpiry: z.object({
    fresh: z.number().int(),
    expiring: z.number().int(),
    expired: z.number().int(),
  }),
});
export type MedicineStats = z.infer<typeof medicineStatsSchema>;

/** What an expiry scan did (the scan job's result). */
export const expiryScanResultSchema = z.object({
  unlisted: z.number().int(),
  alerts: z.number().int(),
  digests: z.number().int(),
});
export type ExpiryScanResult = z.infer<typeof expiryScanResultSchema>;

/** POST /api/admin/expiry-scan (202): the scan is queued (or already queued) as this job. */
export const expiryScanQueuedSchema = z.object({
  queued: z.literal(true),
  jobId: z.string(),
});
export type ExpiryScanQueued = z.infer<typeof expiryScanQueuedSchema>;

/** Internal (svc-requests → svc-catalog): reserve quantity for an approved request. */
export const reservationSchema = z
  .object({
    requestId: z.number().int().positive().max(2_147_483_647),
    medicineId: z.number().int().positive().max(2_147_483_647),
    quantity: z.number().int().min(1).max(medicineLimits.quantityMax),
  })
  .strict();
export type Reservation = z.infer<typeof reservationSchema>;

export const reservationResultSchema = z.object({
  requestId: z.number().int(),
  medicineId: z.number().int(),
  quantity: z.number().int(),
  /** Quantity left on the medicine after this reservation. */
  remaining: z.number().int(),
  status: z.enum(['reserved', 'released']),
});
export type ReservationResult = z.infer<typeof reservationResultSchema>;

/** The header carrying the internal secret on service-to-service calls (never through the gateway). */
export const internalSecretHeader = 'x-medrelay-internal';

/** GET /api/products/:gtin and PUT /api/admin/products/:gtin: a GTIN (8–14 digits, check digit verified). */
export const productParams = z.object({
  gtin: z
    .string()
    .regex(/^\d{8,14}$/, 'gtinInvalid')
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
