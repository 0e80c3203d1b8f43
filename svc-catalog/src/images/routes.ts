import { photoSizes } from '@medrelay/contracts';
import { catalogApi } from '@medrelay/contracts/api-routes';
import { mayViewListing } from '@medrelay/domain';
import { AppError, httpError, mount, withTransaction } from '@medrelay/service-kit';
import { Router, type Request } from 'express';
import type { CatalogContext } from '../context';
import { recordMedicineChanged } from '../medicines/events';
import {
  findListingByImageKey,
  findMedicine,
  listingForViewer,
  setImageKey,
  toMedicine,
} from '../medicines/repo';
import { sniffImageType } from './image-type';
import { encodePhoto, newPhotoKey } from './photo';
import { isLegacyImageKey, photoFile, type ImageStorage } from './storage';
const megabyte = 1024 * 1024;

/**
 * Reads the raw body up to `max` bytes; beyond that the upload is refused with 413 at once,
 * without keeping the rest in memory. The rest is read and dropped, not cut off: a connection
 * closed (or left unread) while the caller (the gateway) is still sending resets, and can lose
 * the 413 on its way back. A `data` listener keeps the body flowing to its end after the answer;
 * resuming a stream an async iterator had been reading left it paused, so the caller's sending
 * stalled until the connection reset 6 s later (a gateway test failed on it under load).
 */
function readBody(req: Request, max: number, maxMb: number): Promise<Buffer> {
  const tooLarge = () =>
    new AppError(413, 'PAYLOAD_TOO_LARGE', 'imageTooLarge', { params: { max: maxMb }, details: { maxMb } });
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) return void chunks.push(chunk);
      chunks.length = 0;
      reject(tooLarge()); // once; later calls do nothing
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
    req.once('close', () => req.complete || reject(new Error('The upload was cut off')));
  });
}

/** Removes every file of a photo key (both sizes, or the one file of an unconverted upload). */
export async function deletePhoto(storage: ImageStorage, key: string): Promise<void> {
  const files = isLegacyImageKey(key) ? [key] : photoSizes.map((size) => photoFile(key, size));
  await Promise.all(files.map((file) => storage.delete(file)));
}

/**
 * A photo per medicine: sent as the raw request body (JPEG, PNG or WebP), checked against the
 * max-upload setting, then re-encoded (no metadata, upright, capped; a thumbnail and a large
 * size) under a new random key. Served by that key, with the caller's token, only while the
 * caller may see the listing (see docs/transfers.md, "Photos, oversized uploads and duplicate requests").
 */
export function imageRoutes(ctx: CatalogContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };

  // The raw body is read here, after access and params are checked, up to the max-upload setting.
  mount(api, catalogApi.uploadMedicinePhoto, async ({ caller, params, req }) => {
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (type.startsWith('multipart/') || type === 'application/json' || type.startsWith('text/')) {
      req.resume();
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'imageTypeInvalid');
    }
    const medicine = await findMedicine(ctx.pool, params.id);
    if (!medicine) throw httpError.notFound('medicineNotFound');
    if (medicine.owner_id !== caller.id) throw httpError.forbidden('notYourMedicine');
    const maxMb = (await ctx.settings()).maxUploadSize;
    const data = await readBody(req, maxMb * megabyte, maxMb);
    if (data.length === 0) throw new AppError(400, 'VALIDATION_FAILED', 'imageRequired');
    // The first bytes say JPEG, PNG or WebP, and the decoder must agree.
    const encoded = sniffImageType(data) ? await encodePhoto(data) : null;
    if (!encoded) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'imageTypeInvalid');

    const key = newPhotoKey();
    await Promise.all(photoSizes.map((size) => ctx.storage.put(photoFile(key, size), encoded[size])));
    const { row, previous } = await withTransaction(ctx.pool, async (client) => {
      const current = await findMedicine(client, medicine.id, true);
      await setImageKey(client, medicine.id, key);
      return { row: await recordMedicineChanged(client, medicine.id), previous: current?.image_key ?? null };
    }).catch(async (err: unknown) => {
      await deletePhoto(ctx.storage, key);
      throw err;
    });
    ctx.outbox.nudge();
    if (previous) await deletePhoto(ctx.storage, previous).catch(() => undefined);
    return toMedicine(row);
  });

  mount(api, catalogApi.removeMedicinePhoto, async ({ caller, params }) => {
    const { row, previous } = await withTransaction(ctx.pool, async (client) => {
      const current = await findMedicine(client, params.id, true);
      if (!current) throw httpError.notFound('medicineNotFound');
      if (current.owner_id !== caller.id) throw httpError.forbidden('notYourMedicine');
      await setImageKey(client, current.id, null);
      return { row: await recordMedicineChanged(client, current.id), previous: current.image_key };
    });
    ctx.outbox.nudge();
    if (previous) await deletePhoto(ctx.storage, previous).catch(() => undefined);
    return toMedicine(row);
  });

  // A raw answer: the handler sends the WebP (or a 304) itself.
  mount(api, catalogApi.medicinePhoto, async ({ caller, params, req, res }) => {
    const { key, size } = params;
    const listing = await findListingByImageKey(ctx.pool, key);
    // Not visible and not there answer alike, so a key says nothing about a hidden listing.
    const visible = listing && mayViewListing(caller, listingForViewer(listing));
    if (!visible) throw httpError.notFound('imageNotFound');
    // The bytes under a key never change, but who may see them does: the browser keeps its
    // copy and asks again each time (a 304 after this check), never showing it past a refusal.
    res.set({
      'Cache-Control': 'private, no-cache',
      ETag: `"${key}-${size}"`,
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.fresh) return void res.status(304).end();
    const data = await ctx.storage.get(photoFile(key, size));
    if (!data) throw httpError.notFound('imageNotFound');
    res.type('image/webp').send(data);
  });

  return api.router;
}
