import type { HandoverCode, MedicineRequest } from '@medrelay/contracts';
import { cairoDay, cairoTime, mayMove, requestMoves } from '@medrelay/domain';
import { handoverCodeExpiry, handoverLockMinutesAfter, handoverMaxAttempts } from '@medrelay/domain/handover';
import {
  AppError,
  httpError,
  withTransaction,
  type Caller,
  type Pool,
  type PoolClient,
} from '@medrelay/service-kit';
import type { RequestsContext } from '../context';
import { recordCustody } from '../custody/repo';
import { findMedicineSummary, medicineExpiry } from '../medicines/repo';
import { addNotification } from '../notifications/repo';
import { holdOf } from '../recalls/repo';
import { callerShownName } from '../requests/party-names';
import { findRequest, loadRequest, updateRequestStatus } from '../requests/repo';
import { handoverCodeCrypto, type HandoverCodeCrypto } from './code-crypto';
import {
  findHandoverCode,
  insertHandoverCode,
  markHandoverCodeUsed,
  recordWrongCode,
  replaceHandoverCode,
  setHandoverCodeExpiry,
  type HandoverCodeRow,
} from './repo';

const cryptoByKeys = new Map<string, HandoverCodeCrypto>();
function codeCrypto(ctx: RequestsContext): HandoverCodeCrypto {
  const keys = ctx.config.SEALING_KEYS;
  let crypto = cryptoByKeys.get(keys);
  if (!crypto) cryptoByKeys.set(keys, (crypto = handoverCodeCrypto(keys)));
  return crypto;
}

const storedOf = (row: HandoverCodeRow) => ({
  keyId: row.key_id,
  hmac: row.code_hmac,
  sealed: row.code_sealed,
});

/** A request's code with its expiry under the current no-show grace period. */
async function codeOf(db: Pool | PoolClient, ctx: RequestsContext, requestId: number, forUpdate = false) {
  return findHandoverCode(db, requestId, (await ctx.settings()).noShowGraceHours, forUpdate);
}

/**
 * The digits of a stored, unused code. A code whose key has left the keyring (or one stored
 * before the keyring) cannot be shown or checked: the request gets new digits, which the
 * requester sees from now on, instead of an error.
 */
async function openOrRenew(db: Pool | PoolClient, ctx: RequestsContext, row: HandoverCodeRow) {
  const crypto = codeCrypto(ctx);
  const code = crypto.open(row.request_id, storedOf(row));
  if (code !== null) return { code, row };
  ctx.logger.warn({ requestId: row.request_id, keyId: row.key_id }, 'handover code unreadable; issued anew');
  await replaceHandoverCode(db, row.request_id, row, crypto.protect(row.request_id, crypto.newCode()));
  const renewed = (await codeOf(db, ctx, row.request_id))!;
  return { code: crypto.open(renewed.request_id, storedOf(renewed))!, row: renewed };
}

/**
 * Gives an approved request its handover code, in the approval's transaction (hook of
 * requests/service.ts). `pickupDate` is the approval's; the expiry rule is libs/domain's.
 */
export async function issueHandoverCode(
  client: PoolClient,
  ctx: RequestsContext,
  requestId: number,
  approval: { approvedAt: Date; pickupDate: Date | null },
): Promise<void> {
  const crypto = codeCrypto(ctx);
  await insertHandoverCode(client, {
    requestId,
    ...crypto.protect(requestId, crypto.newCode()),
    expiresAt: handoverCodeExpiry(approval),
  });
}

/**
 * A new offer after approval: the code lasts to the end of the day of its last window (libs/domain
 * rule), instead of the expiry set at approval: a code expired on an old offer stayed expired.
 */
export async function followOffer(
  client: PoolClient,
  requestId: number,
  lastStart: Date | null,
): Promise<void> {
  await setHandoverCodeExpiry(
    client,
    requestId,
    handoverCodeExpiry({ approvedAt: new Date(), pickupDate: lastStart }),
  );
}

/**
 * What stops units changing hands: a recall holding the request (with the code or on the
 * requester's word), and for a handover now (the code), the pack having expired (its pickup time
 * may have been set before). The requester's "Mark as collected" reports a collection that may
 * have happened on the last good day: it is recorded (the custody log recalls read), not refused.
 */
export async function checkHandable(
  client: PoolClient,
  requestId: number,
  medicineId: number,
  handedOverNow: boolean,
): Promise<void> {
  const held = await holdOf(client, requestId);
  if (held !== null) {
    throw new AppError(409, 'REQUEST_ON_HOLD', 'requestOnHold', { details: { reason: held } });
  }
  if (!handedOverNow) return;
  const expiresAt = await medicineExpiry(client, medicineId);
  if (expiresAt && expiresAt <= new Date()) {
    throw new AppError(409, 'MEDICINE_EXPIRED', 'medicineExpiredNoHandover', {
      details: { expiresAt: expiresAt.toISOString() },
    });
  }
}

/** A lock's end as the refusal says it: the Cairo time, with its day when that is not today. */
function lockEnd(lockedUntil: Date): string {
  const time = cairoTime(lockedUntil);
  return cairoDay(lockedUntil) === cairoDay(new Date()) ? time : `${cairoDay(lockedUntil)} ${time}`;
}

function lockedError(lockedUntil: Date): AppError {
  return new AppError(429, 'HANDOVER_CODE_LOCKED', 'handoverCodeLocked', {
    params: { until: lockEnd(lockedUntil) },
    details: { lockedUntil: lockedUntil.toISOString(), remainingAttempts: 0 },
  });
}

/**
 * The digits of a request's code and when they expire, or null when it has none: for messages
 * that carry the code to the requester (the pickup reminders read it here).
 */
export async function readHandoverCode(
  db: Pool | PoolClient,
  ctx: RequestsContext,
  requestId: number,
): Promise<{ code: string; expiresAt: Date } | null> {
  const row = await codeOf(db, ctx, requestId);
  if (!row || row.used_at) return null;
  const { code, row: current } = await openOrRenew(db, ctx, row);
  return { code, expiresAt: current.expires_at };
}

export function createHandoverService(ctx: RequestsContext) {
  return {
    /**
     * The code for the requester of an approved request, or undefined for anyone else or any
     * other state. A request approved before codes existed gets one on first view.
     */
    async codeFor(request: MedicineRequest, caller: Caller): Promise<HandoverCode | undefined> {
      if (request.requesterId !== caller.id || request.status !== 'approved') return undefined;
      let row = await codeOf(ctx.pool, ctx, request.id);
      if (!row) {
        await withTransaction(ctx.pool, (client) =>
          issueHandoverCode(client, ctx, request.id, {
            approvedAt: new Date(request.updatedAt),
            pickupDate: request.pickupDate ? new Date(request.pickupDate) : null,
          }),
        );
        row = (await codeOf(ctx.pool, ctx, request.id))!;
      }
      const opened = await openOrRenew(ctx.pool, ctx, row);
      return {
        code: opened.code,
        expiresAt: opened.row.expires_at.toISOString(),
        lockedUntil: opened.row.locked ? opened.row.locked_until!.toISOString() : null,
      };
    },

    /**
     * The `handOver` move: the owner enters the requester's code and the request completes,
     * confirmed by the code. The request row and the code row are locked while a code is tried,
     * so concurrent guesses are counted one after the other, on any instance; a wrong code's
     * count is committed before the 422 is answered.
     */
    async handOver(caller: Caller, id: number, code: string): Promise<MedicineRequest> {
      const wrong = await withTransaction(
        ctx.pool,
        async (client) => {
          const request = await findRequest(client, id, true);
          if (!request || (request.owner_id !== caller.id && request.requester_id !== caller.id)) {
            throw httpError.notFound('requestNotFound');
          }
          if (request.owner_id !== caller.id)
            throw new AppError(403, 'HANDOVER_OWNER_ONLY', 'handoverOwnerOnly');
          const stored = await codeOf(client, ctx, id, true);
          if (stored?.used_at) throw new AppError(409, 'HANDOVER_CODE_USED', 'handoverCodeUsed');
          if (!mayMove('handOver', request, 'owner') || !stored) {
            throw new AppError(409, 'HANDOVER_NOT_OPEN', 'handoverNotOpen', {
              details: { status: request.status },
            });
          }
          await checkHandable(client, id, request.medicine_id, true);
          if (stored.locked) throw lockedError(stored.locked_until!);
          if (stored.expired) {
            throw new AppError(410, 'HANDOVER_CODE_EXPIRED', 'handoverCodeExpired', {
              details: { expiresAt: stored.expires_at.toISOString() },
            });
          }
          if (!codeCrypto(ctx).canCheck(stored.key_id)) {
            // Its key is gone: the requester is shown new digits (committed), which this code cannot be.
            await openOrRenew(client, ctx, stored);
            return 'renewed' as const;
          }
          if (!codeCrypto(ctx).matches(id, code, storedOf(stored))) {
            return recordWrongCode(
              client,
              id,
              handoverMaxAttempts,
              handoverLockMinutesAfter(stored.locks + 1),
            );
          }

          await markHandoverCodeUsed(client, id);
          await updateRequestStatus(client, id, requestMoves.handOver.to, 'code');
          await recordCustody(client, {
            requestId: id,
            fromStatus: request.status,
            actor: { id: caller.id, role: caller.role, name: caller.name },
          });
          const medicine = await findMedicineSummary(client, request.medicine_id);
          await addNotification(client, {
            userId: request.requester_id,
            type: 'request-completed',
            titleKey: 'notifyHandoverConfirmedTitle',
            messageKey: 'notifyHandoverConfirmed',
            params: {
              owner: await callerShownName(client, caller),
              quantity: request.quantity,
              medicine: medicine?.name ?? '',
            },
            requestId: id,
            medicineId: request.medicine_id,
            sourceKey: `request:${id}:handOver`,
          });
          return null;
        },
        { lockTimeout: '5s' },
      );
      if (wrong === 'renewed') throw new AppError(409, 'HANDOVER_CODE_RENEWED', 'handoverCodeRenewed');
      if (wrong) {
        if (wrong.locked) throw lockedError(wrong.locked_until!);
        const remaining = handoverMaxAttempts - wrong.failed_attempts;
        throw new AppError(422, 'HANDOVER_CODE_WRONG', 'handoverCodeWrong', {
          params: { remaining },
          details: { remainingAttempts: remaining },
        });
      }
      ctx.outbox.nudge();
      await ctx.pickup?.onRequestMoved(id, requestMoves.handOver.to);
      return (await loadRequest(ctx.pool, id, caller.id))!;
    },
  };
}
