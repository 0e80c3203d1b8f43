import type { HandoverCode, MedicineRequest } from '@medrelay/contracts';
import { cairoTimeZone } from '@medrelay/domain';
import { handoverCodeExpiry, handoverLockMinutes, handoverMaxAttempts } from '@medrelay/domain/handover';
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
import { findMedicineSummary } from '../medicines/repo';
import { addNotification } from '../notifications/repo';
import { findRequest, loadRequest, updateRequestStatus } from '../requests/repo';
import { handoverCodeCrypto, type HandoverCodeCrypto } from './code-crypto';
import { findHandoverCode, insertHandoverCode, markHandoverCodeUsed, recordWrongCode } from './repo';

const cryptoBySecret = new Map<string, HandoverCodeCrypto>();
function codeCrypto(ctx: RequestsContext): HandoverCodeCrypto {
  const secret = ctx.config.INTERNAL_SECRET;
  let crypto = cryptoBySecret.get(secret);
  if (!crypto) cryptoBySecret.set(secret, (crypto = handoverCodeCrypto(secret)));
  return crypto;
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
  const code = crypto.newCode();
  await insertHandoverCode(client, {
    requestId,
    hmac: crypto.hmac(requestId, code),
    sealed: crypto.seal(requestId, code),
    expiresAt: handoverCodeExpiry(approval),
  });
}

/** Cairo wall-clock time with Latin digits, for the lock message in either language. */
const cairoClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: cairoTimeZone,
  hour: '2-digit',
  minute: '2-digit',
});

function lockedError(lockedUntil: Date): AppError {
  return new AppError(429, 'HANDOVER_CODE_LOCKED', 'handoverCodeLocked', {
    params: { until: cairoClock.format(lockedUntil) },
    details: { lockedUntil: lockedUntil.toISOString(), remainingAttempts: 0 },
  });
}

/**
 * The digits of a request's code and when they expire, or null when it has none: for messages
 * that carry the code to the requester (the reminders of issue 18 item 2 read it here).
 */
export async function readHandoverCode(
  db: Pool | PoolClient,
  ctx: RequestsContext,
  requestId: number,
): Promise<{ code: string; expiresAt: Date } | null> {
  const row = await findHandoverCode(db, requestId);
  if (!row || row.used_at) return null;
  return { code: codeCrypto(ctx).open(requestId, row.code_sealed), expiresAt: row.expires_at };
}

export function createHandoverService(ctx: RequestsContext) {
  return {
    /**
     * The code for the requester of an approved request, or undefined for anyone else or any
     * other state. A request approved before codes existed gets one on first view.
     */
    async codeFor(request: MedicineRequest, caller: Caller): Promise<HandoverCode | undefined> {
      if (request.requesterId !== caller.id || request.status !== 'approved') return undefined;
      let row = await findHandoverCode(ctx.pool, request.id);
      if (!row) {
        await withTransaction(ctx.pool, (client) =>
          issueHandoverCode(client, ctx, request.id, {
            approvedAt: new Date(request.updatedAt),
            pickupDate: request.pickupDate ? new Date(request.pickupDate) : null,
          }),
        );
        row = (await findHandoverCode(ctx.pool, request.id))!;
      }
      return {
        code: codeCrypto(ctx).open(request.id, row.code_sealed),
        expiresAt: row.expires_at.toISOString(),
        lockedUntil: row.locked ? row.locked_until!.toISOString() : null,
      };
    },

    /**
     * The owner confirms the handover with the requester's code: the request completes as
     * "Mark as Collected" does, recorded as confirmed. The request row and the code row are
     * locked while a code is tried, so concurrent guesses are counted one after the other, on
     * any instance; a wrong code's count is committed before the 422 is answered.
     */
    async confirm(caller: Caller, id: number, code: string): Promise<MedicineRequest> {
      const wrong = await withTransaction(
        ctx.pool,
        async (client) => {
          const request = await findRequest(client, id, true);
          if (!request || (request.owner_id !== caller.id && request.requester_id !== caller.id)) {
            throw httpError.notFound('requestNotFound');
          }
          if (request.owner_id !== caller.id)
            throw new AppError(403, 'HANDOVER_OWNER_ONLY', 'handoverOwnerOnly');
          const stored = await findHandoverCode(client, id, true);
          if (stored?.used_at) throw new AppError(409, 'HANDOVER_CODE_USED', 'handoverCodeUsed');
          if (request.status !== 'approved' || !stored) {
            throw new AppError(409, 'HANDOVER_NOT_OPEN', 'handoverNotOpen', {
              details: { status: request.status },
            });
          }
          if (stored.locked) throw lockedError(stored.locked_until!);
          if (stored.expired) {
            throw new AppError(410, 'HANDOVER_CODE_EXPIRED', 'handoverCodeExpired', {
              details: { expiresAt: stored.expires_at.toISOString() },
            });
          }
          if (!codeCrypto(ctx).matches(id, code, stored.code_hmac)) {
            return recordWrongCode(client, id, handoverMaxAttempts, handoverLockMinutes);
          }

          await markHandoverCodeUsed(client, id);
          await updateRequestStatus(client, id, 'completed', null);
          await recordCustody(client, {
            requestId: id,
            fromStatus: request.status,
            actor: { id: caller.id, role: caller.role, name: caller.name },
            confirmedByCode: true,
          });
          const medicine = await findMedicineSummary(client, request.medicine_id);
          await addNotification(client, {
            userId: request.requester_id,
            type: 'request-completed',
            titleKey: 'notifyHandoverConfirmedTitle',
            messageKey: 'notifyHandoverConfirmed',
            params: { owner: caller.name, quantity: request.quantity, medicine: medicine?.name ?? '' },
            requestId: id,
            medicineId: request.medicine_id,
            sourceKey: `request:${id}:completed`,
          });
          return null;
        },
        { lockTimeout: '5s' },
      );
      if (wrong) {
        if (wrong.locked) throw lockedError(wrong.locked_until!);
        const remaining = handoverMaxAttempts - wrong.failed_attempts;
        throw new AppError(422, 'HANDOVER_CODE_WRONG', 'handoverCodeWrong', {
          params: { remaining },
          details: { remainingAttempts: remaining },
        });
      }
      return (await loadRequest(ctx.pool, id, caller.id))!;
    },
  };
}
