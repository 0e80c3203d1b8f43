import { medicineImageTypes } from '@medrelay/contracts';

/** Form rules of the medicine screens that need no DOM, kept apart so they are unit-tested. */

/** The photo's problem, as a message key and its parameters, or null when it may be sent. */
export function photoProblem(
  photo: { size: number; type: string },
  maxUploadMb: number,
): { key: 'imageTypeInvalid' | 'imageTooLarge'; params: { max?: number } } | null {
  if (!(medicineImageTypes as readonly string[]).includes(photo.type))
    return { key: 'imageTypeInvalid', params: {} };
  if (photo.size > maxUploadMb * 1024 * 1024) return { key: 'imageTooLarge', params: { max: maxUploadMb } };
  return null;
}

/** Why a requested quantity cannot be sent, or null (spec §5: at least 1, at most what is available). */
export function requestQuantityProblem(quantity: number, available: number): 'min' | 'max' | null {
  if (!Number.isInteger(quantity) || quantity < 1) return 'min';
  if (quantity > available) return 'max';
  return null;
}

/** How many pages a total needs (at least one, so "page 1 of 1" reads right when empty). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
