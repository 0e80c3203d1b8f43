import type { Need, NeedCreate, NeedUpdate } from '@medrelay/contracts';
import { httpError, withTransaction, type Caller } from '@medrelay/service-kit';
import type { RequestsContext } from '../context';
import { queueNeedMatching } from '../matching/service';
import { settleNeed } from './met';
import { deleteNeed, findNeed, insertNeed, needOwner, updateNeed } from './repo';

/**
 * Wanted lists. Owner-only like requests: a missing (or deleted) need is 404,
 * another user's is 403. The role check is the route's permission `need.manage`.
 */
export function createNeedService(ctx: RequestsContext) {
  /** Throws 404 / 403 unless the need exists and is the caller's. */
  async function checkOwner(caller: Caller, id: number): Promise<void> {
    const owner = await needOwner(ctx.pool, id);
    if (owner === null) throw httpError.notFound('needNotFound');
    if (owner !== caller.id) throw httpError.forbidden('notYourNeed');
  }

  return {
    create(caller: Caller, body: NeedCreate): Promise<Need> {
      // The route's permission already allows only these two; this keeps the stored role honest.
      const role = caller.role === 'ngo' || caller.role === 'pharmacy' ? caller.role : null;
      if (!role) throw httpError.forbidden();
      return withTransaction(ctx.pool, async (client) => {
        const need = await insertNeed(client, { id: caller.id, role }, body);
        await queueNeedMatching(client, need.id);
        return need;
      }).finally(() => ctx.outbox.nudge());
    },
    async update(caller: Caller, id: number, body: NeedUpdate): Promise<Need> {
      const updated = await withTransaction(ctx.pool, async (client) => {
        const need = await updateNeed(client, caller.id, id, body);
        if (!need) return null;
        // A new minimum settles the need at once, as the answer shows it (no notice to its author).
        const moved = await settleNeed(client, need.id, { byOwnerEdit: true });
        await queueNeedMatching(client, need.id);
        return moved ? findNeed(client, need.id) : need;
      }).finally(() => ctx.outbox.nudge());
      if (updated) return updated;
      await checkOwner(caller, id);
      // Deleted between the update and the check.
      throw httpError.notFound('needNotFound');
    },
    async remove(caller: Caller, id: number): Promise<void> {
      const deleted = await withTransaction(ctx.pool, async (client) => {
        const done = await deleteNeed(client, caller.id, id);
        if (done) await queueNeedMatching(client, id);
        return done;
      }).finally(() => ctx.outbox.nudge());
      if (deleted) return;
      await checkOwner(caller, id);
      throw httpError.notFound('needNotFound');
    },
  };
}
