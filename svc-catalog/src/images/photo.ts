import { randomBytes } from 'node:crypto';
import type { PhotoSize } from '@medrelay/contracts';
import sharp from 'sharp';

/** Longest side of each stored size, in pixels (a 72 px list frame at 3x; a phone-wide detail view). */
export const photoBounds: Record<PhotoSize, number> = { thumb: 320, large: 1600 };
/** Decoding stops beyond this many pixels (a 10 MB file can claim far more than it holds). */
const maxInputPixels = 50_000_000;

/** A new random key for an upload: 128 bits, hex, so URLs cannot be guessed or enumerated. */
export const newPhotoKey = () => randomBytes(16).toString('hex');

/**
 * Re-encodes an uploaded photo: turned upright by its EXIF orientation, capped in size, and
 * written anew as WebP in both sizes. sharp writes no metadata unless asked, so EXIF (GPS
 * position, camera, time), XMP, IPTC and ICC profiles of the upload are all dropped; the
 * pixels are converted to sRGB first. Null when the bytes are not a decodable image.
 */
export async function encodePhoto(data: Buffer): Promise<Record<PhotoSize, Buffer> | null> {
  const source = sharp(data, { limitInputPixels: maxInputPixels, failOn: 'error' })
    .autoOrient()
    .toColourspace('srgb');
  try {
    await source.metadata();
    const [thumb, large] = await Promise.all(
      (['thumb', 'large'] as const).map((size) =>
        source
          .clone()
          .resize({
            width: photoBounds[size],
            height: photoBounds[size],
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp({ quality: size === 'thumb' ? 70 : 80 })
          .toBuffer(),
      ),
    );
    return { thumb: thumb!, large: large! };
  } catch {
    return null;
  }
}
