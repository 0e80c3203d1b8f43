import { createHash } from 'node:crypto';
import { keptFormDays } from '@medrelay/contracts';
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { callerOf } from './auth';
import { AppError } from './errors';

/** The header a client sends with a command it may send more than once (a form kept offline). */
export const idempotencyKeyHeader = 'Idempotency-Key';
const keyPattern = /^[A-Za-z0-9_-]{8,128}$/;
/** How long an answer is kept for a repeat of its key: a day past the worker's keep of a form. */
export const idempotentAnswerSeconds = (keptFormDays + 1) * 24 * 60 * 60;
/**
 * How long a key is held while its command runs: a command that never answered (its process
 * died) frees its key after this, so a kept form is not refused with 409 for days.
 */
export const idempotentClaimSeconds = 120;

interface Kept {
  state: 'pending' | 'done';
  /** A digest of the body, so a key sent again with another form is refused, not answered. */
  body: string;
  status?: number;
  contentType?: string;
  answer?: string;
}

/**
 * Makes a command happen once per `Idempotency-Key` (per caller, method and path): the first
 * request runs and its answer is kept in Redis for eight days; the same key again gets that answer
 * (with `Idempotent-Replayed: true`) without running it again; while the first is still running,
 * 409. A key reused with a different body is refused (422). An answer of 500 or more is not kept,
 * so the client may try the same key again. Without the header, nothing changes. Mounted after
 * the access checks (it needs the caller) on the commands a browser may resend: the forms the
 * service worker keeps while offline (docs/offline.md).
 */
export function idempotentCommand(
  redis: Redis,
  prefix: string,
  ttlSeconds = idempotentAnswerSeconds,
): RequestHandler {
  return async (req, res, next) => {
    const key = req.get(idempotencyKeyHeader);
    if (key === undefined) return next();
    if (!keyPattern.test(key))
      return next(new AppError(400, 'IDEMPOTENCY_KEY_INVALID', 'idempotencyKeyInvalid'));
    try {
      const caller = callerOf(res);
      const stored = `${prefix}:idem:${caller.id}:${req.method}:${req.baseUrl}${req.path}:${key}`;
      const body = createHash('sha256')
        .update(JSON.stringify(req.body ?? null))
        .digest('base64url');
      const claimed = await redis.set(
        stored,
        JSON.stringify({ state: 'pending', body } satisfies Kept),
        'EX',
        Math.min(idempotentClaimSeconds, ttlSeconds),
        'NX',
      );
      if (claimed !== 'OK') {
        const kept = JSON.parse((await redis.get(stored)) ?? 'null') as Kept | null;
        if (kept && kept.body !== body)
          return next(new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'idempotencyKeyReused'));
        if (!kept || kept.state === 'pending')
          return next(
            new AppError(409, 'IDEMPOTENCY_KEY_IN_USE', 'idempotencyKeyInUse', {
              headers: { 'Retry-After': '1' },
            }),
          );
        res.status(kept.status!).set('Idempotent-Replayed', 'true');
        if (kept.contentType) res.type(kept.contentType);
        return void res.send(kept.answer ?? '');
      }

      // The answer is kept as it is sent (res.json ends in res.send with the text), even if the
      // caller has gone by then: its repeat gets it. One that ends without a body (204) is kept
      // when the response closes. A 5xx is forgotten: trying the key again runs the command again.
      let settled = false;
      const keep = (answer: string) => {
        settled = true;
        if (res.statusCode >= 500) return void redis.del(stored).catch(() => undefined);
        const done: Kept = {
          state: 'done',
          body,
          status: res.statusCode,
          contentType: res.get('Content-Type') ?? undefined,
          answer,
        };
        void redis.set(stored, JSON.stringify(done), 'EX', ttlSeconds).catch(() => undefined);
      };
      const send = res.send.bind(res);
      res.send = (sent: unknown) => {
        if (typeof sent === 'string') keep(sent);
        else if (Buffer.isBuffer(sent)) keep(sent.toString('utf8'));
        return send(sent);
      };
      res.on('close', () => {
        if (!settled && res.headersSent) keep('');
      });
      next();
    } catch (error) {
      next(error);
    }
  };
}
