import { z } from 'zod';
import { dosageForms } from '@medrelay/domain/dosage-forms';
import { areaKeys, governorates } from '@medrelay/domain/governorates';
import { defaultNeedReachKm, isRadiusChoice } from '@medrelay/domain/pickup-points';
import { idParam, listPageFields, typeError } from './fields';
import { medicineLimits } from './medicines';
import { handoverStates } from './handover-states';
import { requestStatuses } from './requests';

export const needUrgencies = ['routine', 'urgent'] as const;
export type NeedUrgency = (typeof needUrgencies)[number];
export const needStatuses = ['open', 'closed'] as const;
export type NeedStatus = (typeof needStatuses)[number];
/**
 * Who closed a need as met: its requests adding up to its minimum (the platform closed it,
 * libs/domain needs.ts), or its owner.
 */
export const needMetBys = ['requests', 'owner'] as const;
export type NeedMetBy = (typeof needMetBys)[number];
/** The roles that keep a wanted list (libs/domain permission `need.manage`). */
export const needOwnerRoles = ['ngo', 'pharmacy'] as const;

export const needLimits = {
  /** A shorter name ("a") matches the start of countless listing names, each one a notice. */
  medicineMin: 3,
  medicineMax: medicineLimits.nameMax,
  minDaysLeftMax: 3650,
} as const;

const quantity = z
  .number(typeError('quantityMin'))
  .int({ error: 'quantityMin' })
  .min(1, { error: 'quantityMin' })
  .max(medicineLimits.quantityMax, { error: 'quantityMax' });

const needFields = {
  /** Free text, matched against listing names. */
  medicine: z
    .string(typeError('needMedicineRequired'))
    .trim()
    .min(1, { error: 'needMedicineRequired', abort: true })
    .min(needLimits.medicineMin, { error: 'needMedicineTooShort' })
    .max(needLimits.medicineMax),
  /** A dosage form key (libs/domain); absent or null means any form. */
  dosageForm: z
    .enum(dosageForms, { error: 'medicineTypeInvalid' })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  minQuantity: quantity,
  /** The most the needer takes from one listing; null means no upper bound. */
  acceptUpTo: quantity
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  minDaysLeft: z
    .number(typeError('needMinDaysLeftRange'))
    .int({ error: 'needMinDaysLeftRange' })
    .min(0, { error: 'needMinDaysLeftRange' })
    .max(needLimits.minDaysLeftMax, { error: 'needMinDaysLeftRange' })
    .default(0),
  urgency: z.enum(needUrgencies, { error: 'needUrgencyInvalid' }).default('routine'),
  /** How far from the needer's pickup point a listing may be to match (km). */
  reachKm: z
    .number(typeError('radiusInvalid'))
    .refine(isRadiusChoice, { error: 'radiusInvalid' })
    .default(defaultNeedReachKm),
};

function acceptUpToAtLeastMin(
  body: { minQuantity: number; acceptUpTo: number | null },
  ctx: z.RefinementCtx,
) {
  if (body.acceptUpTo !== null && body.acceptUpTo < body.minQuantity)
    ctx.addIssue({ code: 'custom', path: ['acceptUpTo'], message: 'needAcceptUpToBelowMin' });
}

/** POST /api/needs; also the add / edit dialog's form. */
export const needCreateSchema = z.object(needFields).strict().superRefine(acceptUpToAtLeastMin);
export type NeedCreateInput = z.input<typeof needCreateSchema>;
export type NeedCreate = z.output<typeof needCreateSchema>;

/** PUT /api/needs/:id: the whole need again; `status` closes or reopens it (unchanged when absent). */
export const needUpdateSchema = z
  .object({ ...needFields, status: z.enum(needStatuses, { error: 'needStatusInvalid' }).optional() })
  .strict()
  .superRefine(acceptUpToAtLeastMin);
export type NeedUpdateInput = z.input<typeof needUpdateSchema>;
export type NeedUpdate = z.output<typeof needUpdateSchema>;

/** GET /api/needs/my: newest first (id breaks ties), optionally open or closed only. */
export const needListQuerySchema = z
  .object({
    status: z.enum(needStatuses, { error: 'needStatusInvalid' }).optional(),
    ...listPageFields,
  })
  .strict();
export type NeedListQuery = z.output<typeof needListQuerySchema>;

export const needSchema = z.object({
  id: z.number().int(),
  ownerId: z.number().int(),
  ownerRole: z.enum(needOwnerRoles),
  medicine: z.string(),
  dosageForm: z.enum(dosageForms).nullable(),
  minQuantity: z.number().int(),
  acceptUpTo: z.number().int().nullable(),
  minDaysLeft: z.number().int(),
  urgency: z.enum(needUrgencies),
  reachKm: z.number().int(),
  status: z.enum(needStatuses),
  /** Who closed it as met; null while open. */
  metBy: z.enum(needMetBys).nullable(),
  /** Units of the owner's requests that count toward it since it was last opened (libs/domain needs.ts). */
  requestedQuantity: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Need = z.infer<typeof needSchema>;

/** GET /api/needs/matches: the caller's matches, best first, optionally of one need. */
export const needMatchQuerySchema = z
  .object({ needId: idParam.shape.id.optional(), ...listPageFields })
  .strict();
export type NeedMatchQuery = z.output<typeof needMatchQuerySchema>;

/**
 * A listing that matches one of the caller's open needs, or one the
 * caller requested on a need and that counts toward it, so a met need still shows what met it and
 * how far each request has gone.
 */
export const needMatchSchema = z.object({
  needId: z.number().int(),
  /** What the need asks: why this listing matched, and what one tap requests. */
  need: needSchema.pick({
    medicine: true,
    dosageForm: true,
    minQuantity: true,
    acceptUpTo: true,
    urgency: true,
  }),
  medicine: z.object({
    id: z.number().int(),
    name: z.string(),
    type: z.string(),
    quantity: z.number().int(),
    expiryDate: z.string(),
    recipientType: z.string(),
    source: z.enum(['pharmacy', 'donor']),
    discountPrice: z.number().nullable(),
    imageUrl: z.string().nullable(),
  }),
  /**
   * The listing's owner and where it is collected (governorate and area keys, null when unknown).
   * Never a street address, pin, e-mail or phone before an approval; `name` is a pharmacy's, null
   * for a private donor (libs/domain `ownerNameBeforeApproval`).
   */
  owner: z.object({
    id: z.number().int(),
    name: z.string().nullable(),
    governorate: z.enum(governorates).nullable(),
    area: z.enum(areaKeys).nullable(),
  }),
  /** From the needer's pickup point, rounded to 0.5 km; null when either point is unknown. */
  distanceKm: z.number().nullable(),
  /**
   * The caller's request on this listing: the open one, else the latest; null when there is none.
   * One made on another need (or from browsing) shows too: it is the same listing. Its status and
   * handover say whether it counts toward the need (libs/domain `countsTowardNeed`: a collection
   * the owner disputed does not, and may be asked for again).
   */
  request: z
    .object({
      id: z.number().int(),
      status: z.enum(requestStatuses),
      quantity: z.number().int(),
      /** How it was handed over, once completed (null before). */
      handover: z.enum(handoverStates).nullable(),
      /** A pickup called off after its approval (rejected or cancelled then), as its badge says. */
      calledOff: z.boolean().optional(),
    })
    .nullable(),
  daysLeft: z.number().int(),
  sameGovernorate: z.boolean(),
  /** How close the names are (trigram word similarity, 0–1). */
  score: z.number(),
});
export type NeedMatch = z.infer<typeof needMatchSchema>;
