import { randomUUID } from 'node:crypto';
import {
  medicineEventBatchSize,
  medicineEventQueue,
  type BatchRecall,
  type Recall,
  type RecallCreate,
  type RecallEvent,
  type RecallListQuery,
  type RecallPreview,
} from '@medrelay/contracts';
import {
  addToOutbox,
  AppError,
  httpError,
  withTransaction,
  type Caller,
  type PoolClient,
} from '@medrelay/service-kit';
import { schema, type CatalogContext } from '../context';
import {
  activeRecallOf,
  batchEverListed,
  findRecall,
  insertRecall,
  listRecalls,
  lockBatch,
  markLifted,
  quarantineBatch,
  recallPreviewOf,
  releaseQuarantine,
  type RecalledListing,
} from './repo';

/**
 * Writes a recall event for svc-requests (outbox, same transaction), a batch of listings per
 * event: its requests are cancelled or held, owners and requesters told. The first event goes
 * even with no listing open: those who collected the batch earlier are reached from it.
 */
async function recordRecallEvents(
  client: PoolClient,
  recall: Recall,
  listings: RecalledListing[],
  lifted: { restored: number[] } | null,
): Promise<void> {
  for (let i = 0; i === 0 || i < listings.length; i += medicineEventBatchSize) {
    const part = listings.slice(i, i + medicineEventBatchSize);
    const base = {
      eventId: randomUUID(),
      occurredAt: new Date().toISOString(),
      recallId: recall.id,
      gtin: recall.gtin,
      batch: recall.batch,
      reason: recall.reason,
      listings: part,
    };
    const event: RecallEvent = lifted
      ? {
          ...base,
          type: 'recall.lifted',
          restored: lifted.restored.filter((id) => part.some((l) => l.medicineId === id)),
        }
      : { ...base, type: 'recall.issued' };
    if (i === 0 || part.length > 0) {
      await addToOutbox(client, schema, { queue: medicineEventQueue, name: event.type, payload: event });
    }
  }
}

/**
 * A listing newly covered by recalls in force (edited into a recalled batch, or listed again):
 * each recall's event names it, so svc-requests stops its open requests and tells its parties
 * (those told at the issue are not told again).
 */
export async function recordListingRecalled(
  client: PoolClient,
  recallIds: number[],
  listing: RecalledListing,
): Promise<void> {
  for (const id of recallIds) {
    const recall = await findRecall(client, id);
    if (recall) await recordRecallEvents(client, recall, [listing], null);
  }
}

/** Batch recalls: preview one, issue one (quarantine at once), list them, lift one. */
export function createRecallService(ctx: CatalogContext) {
  /** A recall of a batch no listing ever carried would reach no one: refused (422). */
  const refuseUnknownBatch = async (input: RecallCreate) => {
    if (!(await batchEverListed(ctx.pool, input.gtin, input.batch))) {
      throw new AppError(422, 'RECALL_BATCH_UNKNOWN', 'recallBatchUnknown', {
        details: { gtin: input.gtin, batch: input.batch },
      });
    }
  };
  return {
    /**
     * The dry run the admin confirms before issuing: refused as the issue would be, else what
     * it would quarantine now. Nothing is written.
     */
    async preview(input: RecallCreate): Promise<RecallPreview> {
      await refuseUnknownBatch(input);
      const [figures, active] = await Promise.all([
        recallPreviewOf(ctx.pool, input.gtin, input.batch),
        activeRecallOf(ctx.pool, input.gtin, input.batch),
      ]);
      const inForce = active.recalled ? { reason: active.reason!, recalledAt: active.recalledAt! } : null;
      return { ...figures, inForce };
    },

    async issue(caller: Caller, input: RecallCreate): Promise<Recall> {
      await refuseUnknownBatch(input);
      const recall = await withTransaction(
        ctx.pool,
        async (client) => {
          await lockBatch(client, input.gtin, input.batch);
          const id = await insertRecall(client, input, caller.id);
          const listings = await quarantineBatch(client, id);
          const recall = (await findRecall(client, id))!;
          await recordRecallEvents(client, recall, listings, null);
          return recall;
        },
        { lockTimeout: '5s' },
      );
      ctx.outbox.nudge();
      return recall;
    },

    /** The listing form's warning: whether the pack's batch is under an active recall. */
    batchRecall: (gtin: string, batch: string): Promise<BatchRecall> => activeRecallOf(ctx.pool, gtin, batch),

    async list(query: RecallListQuery): Promise<{ items: Recall[]; total: number }> {
      const { rows, total } = await listRecalls(ctx.pool, query);
      return { items: rows, total };
    },

    async lift(caller: Caller, id: number): Promise<Recall> {
      const recall = await withTransaction(
        ctx.pool,
        async (client) => {
          const found = await findRecall(client, id, true);
          if (!found) throw httpError.notFound('recallNotFound');
          if (!(await markLifted(client, id, caller.id))) {
            throw httpError.conflict('RECALL_ALREADY_LIFTED', 'recallAlreadyLifted');
          }
          const { listings, restored } = await releaseQuarantine(client, id);
          const recall = (await findRecall(client, id))!;
          await recordRecallEvents(client, recall, listings, { restored });
          return recall;
        },
        { lockTimeout: '5s' },
      );
      ctx.outbox.nudge();
      return recall;
    },
  };
}
