import { z } from 'zod';
import { areaKeys, governorates } from '@medrelay/domain/governorates';
import { isRadiusChoice, pinOf } from '@medrelay/domain/pickup-points';
import { isInEgypt } from '@medrelay/domain/pickup-windows';
import { typeError } from './fields';

// Where an account or a listing is collected: an area of libs/domain's table and an
// optional pin. Never shown to another party before approval (only the area and a rounded distance).

const coordinate = z.number(typeError('pickupPinInvalid')).finite({ error: 'pickupPinInvalid' });

/** A point in Egypt (WGS 84 degrees), kept to 5 decimals. */
export const latLngSchema = z.object({ lat: z.number(), lng: z.number() });
export type LatLngValue = z.infer<typeof latLngSchema>;

/** A pin: a point in Egypt, or null to clear it. */
export const pinField = z
  .object({ lat: coordinate, lng: coordinate }, typeError('pickupPinInvalid'))
  .strict()
  .refine((p) => isInEgypt(p.lat, p.lng), { error: 'pickupPinOutsideEgypt' })
  .transform(pinOf)
  .nullable()
  .optional();

/** One of libs/domain's areas; null clears it. */
export const areaField = z.enum(areaKeys, { error: 'areaInvalid' }).nullable().optional();

/** A place as answers show it: the area (and its governorate) only, for anyone who may see the item. */
export const placeSchema = z.object({
  area: z.enum(areaKeys).nullable(),
  governorate: z.enum(governorates).nullable(),
});
export type Place = z.infer<typeof placeSchema>;

/** A radius in km from the fixed choices (libs/domain `radiusChoicesKm`); absent means all of Egypt. */
export const radiusField = z.coerce
  .number({ error: 'radiusInvalid' })
  .refine((n) => isRadiusChoice(n), { error: 'radiusInvalid' });

/** A latitude or longitude in a query string: a plain decimal number. */
export const queryCoordinate = z
  .string({ error: 'browsePointInvalid' })
  .trim()
  .regex(/^-?\d{1,3}(\.\d{1,12})?$/, { error: 'browsePointInvalid' })
  .transform(Number);
