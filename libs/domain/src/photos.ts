import { medicineImageTypes } from '@medrelay/contracts';

/**
 * Why a medicine photo may not be sent, as a message key and its parameters, or null (spec §5):
 * JPEG, PNG or WebP, at most the administrator's max upload size. The browser says so before
 * uploading; the gateway and svc-catalog refuse the same (413 imageTooLarge, type by content).
 */
export function photoProblem(
  photo: { size: number; type: string },
  maxUploadMb: number,
): { key: 'imageTypeInvalid' | 'imageTooLarge'; params: { max?: number } } | null {
  if (!(medicineImageTypes as readonly string[]).includes(photo.type))
    return { key: 'imageTypeInvalid', params: {} };
  if (photo.size > maxUploadMb * 1024 * 1024) return { key: 'imageTooLarge', params: { max: maxUploadMb } };
  return null;
}
