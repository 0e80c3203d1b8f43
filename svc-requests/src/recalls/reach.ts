import type { RecallNotice, RecallReach } from '@medrelay/contracts';
import { resendDecision } from '@medrelay/domain/recalls';
import { AppError, httpError, withTransaction, type Caller } from '@medrelay/service-kit';
import type { RequestsContext } from '../context';
import { sendRecallNotices } from './notices';
import {
  acknowledgeRecall,
  findAppliedRecall,
  recallNoticesOf,
  recallReachOf,
  startRound,
} from './reach-repo';

/**
 * Who a recall reached: the admin's view and resends, and each party's
 * acknowledgement that the units they hold are set aside.
 */
export function createRecallReachService(ctx: RequestsContext) {
  const options = { settings: ctx.settings, publicUrl: ctx.config.PUBLIC_URL };
  const reachOf = async (recallId: number): Promise<RecallReach> => {
    const reach = await recallReachOf(ctx.pool, recallId);
    if (!reach) throw httpError.notFound('recallReachNotFound');
    return reach;
  };
  return {
    /**
     * Null (not 404) while the recall's event is on its way: the screen asks right after issuing,
     * and a recall issued before reach was recorded has none; neither is an error.
     */
    reach: (recallId: number): Promise<RecallReach | null> => recallReachOf(ctx.pool, recallId),

    /**
     * Sends round `round` to everyone who has not acknowledged, in-app and by e-mail. The same
     * round asked again sends nothing (its notices' keys exist); a round read from an
     * out-of-date screen is refused before anything is written.
     */
    async resend(recallId: number, round: number): Promise<RecallReach & { resent: number }> {
      const resent = await withTransaction(
        ctx.pool,
        async (client) => {
          const recall = await findAppliedRecall(client, recallId, true);
          if (!recall) throw httpError.notFound('recallReachNotFound');
          if (recall.lifted) throw httpError.conflict('RECALL_ALREADY_LIFTED', 'recallAlreadyLifted');
          const decision = resendDecision(recall.round, round);
          if (decision === 'duplicate') return 0;
          if (decision === 'stale')
            throw httpError.conflict('RECALL_RESEND_STALE', 'recallResendStale', { round: recall.round });
          const parties = await startRound(client, recallId, round);
          return (await sendRecallNotices(client, options, recall, { kind: 'round', round }, parties)).length;
        },
        { lockTimeout: '5s' },
      );
      if (resent > 0) ctx.outbox.nudge();
      return { ...(await reachOf(recallId)), resent };
    },

    myNotices: (caller: Caller): Promise<RecallNotice[]> => recallNoticesOf(ctx.pool, caller.id),

    async acknowledge(caller: Caller, recallId: number): Promise<RecallNotice> {
      if (!(await acknowledgeRecall(ctx.pool, recallId, caller.id)))
        throw new AppError(404, 'RECALL_NOT_REACHED', 'recallNotReached', { details: { recallId } });
      return (await recallNoticesOf(ctx.pool, caller.id, recallId))[0]!;
    },
  };
}
