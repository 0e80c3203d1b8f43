import { withTransaction } from '@medrelay/service-kit';
import { photoSizes } from '@medrelay/contracts';
import type { CatalogContext } from '../context';
import { recordMedicineChanged } from '../medicines/events';
import { findMedicine, listingsWithLegacyPhotos, setImageKey } from '../medicines/repo';
import { encodePhoto, newPhotoKey } from './photo';
import { photoFile } from './storage';

/**
 * Converts photos stored as uploaded (metadata intact, a guessable id URL: how photos were kept before they were re-encoded) to
 * re-encoded ones under random keys, a batch at a time, when the service starts. Until its turn
 * such a listing shows no photo (its old URL no longer serves). A file that is missing or does
 * not decode is dropped. Safe to run from several instances at once: a listing is only changed
 * while it still holds the old key.
 */
export async function convertLegacyPhotos(ctx: CatalogContext, batchSize = 50): Promise<number> {
  let converted = 0;
  for (;;) {
    const rows = await listingsWithLegacyPhotos(ctx.pool, batchSize);
    if (rows.length === 0) break;
    for (const { id, image_key: legacyKey } of rows) {
      const data = await ctx.storage.get(legacyKey);
      const encoded = data ? await encodePhoto(data) : null;
      const key = encoded ? newPhotoKey() : null;
      if (encoded && key) {
        await Promise.all(photoSizes.map((size) => ctx.storage.put(photoFile(key, size), encoded[size])));
      }
      const changed = await withTransaction(ctx.pool, async (client) => {
        const current = await findMedicine(client, id, true);
        if (current?.image_key !== legacyKey) return false;
        await setImageKey(client, id, key);
        await recordMedicineChanged(client, id);
        return true;
      });
      if (!changed && key)
        await Promise.all(photoSizes.map((size) => ctx.storage.delete(photoFile(key, size))));
      if (changed) {
        await ctx.storage.delete(legacyKey).catch(() => undefined);
        converted++;
        if (!key) ctx.logger.warn({ medicineId: id }, 'stored photo missing or unreadable; removed');
      }
    }
    ctx.outbox.nudge();
  }
  if (converted) ctx.logger.info({ converted }, 'stored photos re-encoded');
  return converted;
}
