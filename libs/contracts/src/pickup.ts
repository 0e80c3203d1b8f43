import { z } from 'zod';
import { cairoClockExists } from '@medrelay/domain/calendar';
import {
  checkWindowInstants,
  isInEgypt,
  pickupWindowLimits,
  windowInstants,
} from '@medrelay/domain/pickup-windows';
import { typeError } from './fields';

/**
 * Pickup windows. A window is a Cairo day and a from–to time, as the owner types them: `to` may
 * be `24:00` (the midnight that ends the day), and a window that runs past midnight names the
 * day it ends on in `toDate` (the next day: 23:00 on the 2nd to 01:00 on the 3rd is
 * `{ date: '…-02', from: '23:00', to: '01:00', toDate: '…-03' }`). Without `toDate` a window ends on
 * its own day, so clients that never send it mean what they always meant. The format, order and
 * length are checked here (browser and API alike; libs/domain `windowInstants`); "already over"
 * depends on the service's clock and is checked there (libs/domain `checkWindow`).
 */
const pickupDay = z
  .string(typeError('pickupWindowInvalid'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'pickupWindowInvalid' });
export const pickupWindowInputSchema = z
  .object({
    date: pickupDay,
    from: z.string(typeError('pickupWindowInvalid')).regex(/^\d{2}:\d{2}$/, { error: 'pickupWindowInvalid' }),
    to: z.string(typeError('pickupWindowInvalid')).regex(/^\d{2}:\d{2}$/, { error: 'pickupWindowInvalid' }),
    toDate: pickupDay.optional(),
  })
  .strict()
  .superRefine((w, ctx) => {
    const instants = windowInstants(w);
    if ('problem' in instants) {
      const clockChange = instants.problem === 'pickupWindowClockChange';
      ctx.addIssue({
        code: 'custom',
        path: [
          clockChange ? (cairoClockExists(w.date, w.from) ? 'to' : 'from') : w.toDate ? 'toDate' : 'date',
        ],
        message: instants.problem,
      });
      return;
    }
    // Order and length: the service's clock plays no part in them.
    const checked = checkWindowInstants(instants.startsAt, instants.endsAt, instants.startsAt);
    if ('problem' in checked && checked.problem !== 'pickupWindowPast')
      ctx.addIssue({ code: 'custom', path: ['to'], message: checked.problem });
  });
export type PickupWindowInput = z.output<typeof pickupWindowInputSchema>;

const coordinate = z.number(typeError('pickupPinInvalid')).finite({ error: 'pickupPinInvalid' });

/** What the owner offers: 1–3 windows, where (prefilled from the profile address), an optional pin in Egypt. */
export const pickupOfferSchema = z
  .object({
    windows: z
      .array(pickupWindowInputSchema, typeError('pickupWindowsCount'))
      .min(pickupWindowLimits.min, { error: 'pickupWindowsCount' })
      .max(pickupWindowLimits.max, { error: 'pickupWindowsCount' }),
    location: z
      .string(typeError('pickupLocationRequired'))
      .trim()
      .min(1, { error: 'pickupLocationRequired' })
      .max(300),
    lat: coordinate.nullable().optional(),
    lng: coordinate.nullable().optional(),
  })
  .strict()
  .superRefine((offer, ctx) => {
    const hasLat = offer.lat != null;
    const hasLng = offer.lng != null;
    if (hasLat !== hasLng)
      ctx.addIssue({ code: 'custom', path: [hasLat ? 'lng' : 'lat'], message: 'pickupPinInvalid' });
    else if (hasLat && !isInEgypt(offer.lat!, offer.lng!))
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'pickupPinOutsideEgypt' });
  });
export type PickupOfferInput = z.input<typeof pickupOfferSchema>;
export type PickupOffer = z.output<typeof pickupOfferSchema>;

/** POST /api/requests/:id/pickup/choice: the requester picks one of the offered windows. */
export const pickupChoiceSchema = z
  .object({
    windowId: z
      .number(typeError('pickupWindowNotFound'))
      .int({ error: 'pickupWindowNotFound' })
      .positive({ error: 'pickupWindowNotFound' }),
  })
  .strict();

export const pickupWindowSchema = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  /**
   * The Cairo day and times, as they were typed: `to` is `24:00` for a window ending at the
   * midnight that closes its day; `toDate` is the day `to` is on, the next day for a window that
   * runs past midnight, else the window's own day (libs/domain `windowInputOf`). The service
   * always sends it; a window read without it ends on its own day.
   */
  date: z.string(),
  from: z.string(),
  to: z.string(),
  toDate: z.string().optional(),
  proposedBy: z.enum(['owner', 'requester']),
});
export type PickupWindow = z.infer<typeof pickupWindowSchema>;

/** GET /api/requests/:id/pickup: the pickup plan of a request, for its two parties. */
export const pickupPlanSchema = z.object({
  requestId: z.number().int(),
  location: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** A plain OpenStreetMap link to the pin, null without one. */
  mapUrl: z.string().nullable(),
  /** The owner's current offer. */
  windows: z.array(pickupWindowSchema),
  chosenWindowId: z.number().int().nullable(),
  /** The chosen window itself (an offered one or an accepted proposal). */
  chosen: pickupWindowSchema.nullable(),
  /** The requester's proposal waiting for the owner, if any. */
  proposal: pickupWindowSchema.nullable(),
  /** Set when the chosen window ended without a handover (both sides see it). */
  missedAt: z.string().nullable(),
  /** Set when the grace period ended and the reservation went back to stock. */
  releasedAt: z.string().nullable(),
});
export type PickupPlan = z.infer<typeof pickupPlanSchema>;

/** How many accounts one no-show count may name: a page of the admin's users list and more. */
export const noShowCountsMaxIds = 100;

/**
 * GET /api/admin/all-requests/no-shows?ids=1,2,3: the accounts to count, a page of the users list
 * (1 to `noShowCountsMaxIds` distinct ids, comma-separated). The whole history is never sent.
 */
export const noShowCountQuerySchema = z
  .object({
    ids: z.string(typeError('accountIdsInvalid')).transform((value, ctx) => {
      const parts = value.split(',').map((s) => s.trim());
      const ids = [...new Set(parts.map(Number))];
      if (
        ids.length > noShowCountsMaxIds ||
        parts.some((s) => !/^[1-9][0-9]{0,9}$/.test(s)) ||
        ids.some((id) => id > 2_147_483_647)
      ) {
        ctx.addIssue({ code: 'custom', message: 'accountIdsInvalid' });
        return z.NEVER;
      }
      return ids;
    }),
  })
  .strict();
export type NoShowCountQuery = z.output<typeof noShowCountQuerySchema>;

/** GET /api/admin/all-requests/no-shows: missed windows of the accounts asked (admins). */
export const noShowCountSchema = z.object({
  userId: z.number().int(),
  asRequester: z.number().int(),
  asOwner: z.number().int(),
});
export type NoShowCount = z.infer<typeof noShowCountSchema>;
