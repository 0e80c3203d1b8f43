import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { idParam } from '@medrelay/contracts';
import {
  AppError,
  authenticate,
  callerOf,
  httpError,
  requireApproved,
  requirePermission,
  validate,
  withTransaction,
} from '@medrelay/service-kit';
import { Router, type Request, type Response } from 'express';
import type { CatalogContext } from '../context';
import { recordMedicineChanged } from '../medicines/events';
import { findMedicine, setImageKey, toMedicine } from '../medicines/repo';
import { contentTypeOfExtension, sniffImageType } from './image-type';

const fallbackImage = readFileSync(
  fileURLToPath(new URL('../../assets/medicine-placeholder.svg', import.meta.url)),
);
const megabyte = 1024 * 1024;
const idOf = (res: Response) => (res.locals.params as { id: number }).id;

/**
 * Reads the raw body up to `max` bytes; beyond that the upload is refused with 413 without
 * keeping the rest in memory. The rest is drained, not cut off: resetting the connection
 * while the caller (the gateway) is still sending can lose the 413 on its way back and
 * surface as a 503 (issue 14). `destroyOnReturn: false` keeps leaving the loop from
 * destroying the request (and with it the socket).
 */
async function readBody(req: Request, max: number, maxMb: number): Promise<Buffer> {
  const tooLarge = () =>
    new AppError(413, 'PAYLOAD_TOO_LARGE', 'imageTooLarge', { params: { max: maxMb }, details: { maxMb } });
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) {
    req.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      req.resume();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * A photo per medicine: sent as the raw request body (Content-Type image/jpeg, image/png or
 * image/webp), checked by its bytes and against the max-upload setting; served publicly
 * (an <img> cannot send a token), with a fallback image when there is none.
 */
export function imageRoutes(ctx: CatalogContext): Router {
  const router = Router();
  const owner = [authenticate(ctx.verifier), requireApproved, requirePermission('medicine.viewOwn')];

  router.put('/api/medicines/:id/image', ...owner, validate({ params: idParam }), async (req, res) => {
    const caller = callerOf(res);
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (type.startsWith('multipart/') || type === 'application/json' || type.startsWith('text/')) {
      req.resume();
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'imageTypeInvalid');
    }
    const medicine = await findMedicine(ctx.pool, idOf(res));
    if (!medicine) throw httpError.notFound('medicineNotFound');
    if (medicine.owner_id !== caller.id) throw httpError.forbidden('notYourMedicine');
    const maxMb = (await ctx.settings()).maxUploadSize;
    const data = await readBody(req, maxMb * megabyte, maxMb);
    if (data.length === 0) throw new AppError(400, 'VALIDATION_FAILED', 'imageRequired');
    const sniffed = sniffImageType(data);
    if (!sniffed) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'imageTypeInvalid');

    const key = `${medicine.id}-${randomUUID()}.${sniffed.extension}`;
    await ctx.storage.put(key, data);
    const { row, previous } = await withTransaction(ctx.pool, async (client) => {
      const current = await findMedicine(client, medicine.id, true);
      await setImageKey(client, medicine.id, key);
      return { row: await recordMedicineChanged(client, medicine.id), previous: current?.image_key ?? null };
    }).catch(async (err: unknown) => {
      await ctx.storage.delete(key);
      throw err;
    });
    ctx.outbox.nudge();
    if (previous) await ctx.storage.delete(previous).catch(() => undefined);
    res.json(toMedicine(row));
  });

  router.delete('/api/medicines/:id/image', ...owner, validate({ params: idParam }), async (_req, res) => {
    const caller = callerOf(res);
    const { row, previous } = await withTransaction(ctx.pool, async (client) => {
      const current = await findMedicine(client, idOf(res), true);
      if (!current) throw httpError.notFound('medicineNotFound');
      if (current.owner_id !== caller.id) throw httpError.forbidden('notYourMedicine');
      await setImageKey(client, current.id, null);
      return { row: await recordMedicineChanged(client, current.id), previous: current.image_key };
    });
    ctx.outbox.nudge();
    if (previous) await ctx.storage.delete(previous).catch(() => undefined);
    res.json(toMedicine(row));
  });

  router.get('/api/medicines/:id/image', validate({ params: idParam }), async (_req, res) => {
    const medicine = await findMedicine(ctx.pool, idOf(res));
    if (!medicine) throw httpError.notFound('medicineNotFound');
    const data = medicine.image_key ? await ctx.storage.get(medicine.image_key) : null;
    res.set('X-Content-Type-Options', 'nosniff');
    if (!data) {
      res.set('Cache-Control', 'public, max-age=300').type('image/svg+xml').send(fallbackImage);
      return;
    }
    const extension = medicine.image_key!.split('.').pop()!;
    // The URL carries the key (?v=), so a new photo is a new URL: safe to cache for long.
    res.set('Cache-Control', 'public, max-age=86400').type(contentTypeOfExtension[extension]!).send(data);
  });

  return router;
}
