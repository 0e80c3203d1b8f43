import { timingSafeEqual } from 'node:crypto';
import { callBudgetHeader, internalSecretHeader } from '@medrelay/contracts';
import type { Request, RequestHandler } from 'express';
import { AppError } from './errors';

/**
 * Service-to-service calls (reserve/release quantity) carry a shared secret. The gateway never
 * routes /internal paths, and this check keeps them closed to anyone else who can reach a service.
 */
export function requireInternalSecret(secret: string): RequestHandler {
  const expected = Buffer.from(secret);
  return (req, _res, next) => {
    const given = Buffer.from(String(req.headers[internalSecretHeader] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return next(new AppError(403, 'INTERNAL_ONLY', 'internalOnly'));
    }
    next();
  };
}

/** Headers for a call to another service's internal endpoint, and how long the caller waits for it. */
export function internalHeaders(secret: string, budgetMs: number): Record<string, string> {
  return {
    [internalSecretHeader]: secret,
    [callBudgetHeader]: String(budgetMs),
    'content-type': 'application/json',
  };
}

/** Answering takes a little after the commit (network, parsing): the callee's deadline keeps this much back. */
const answerMarginMs = 1000;

/**
 * The instant (epoch ms) by which an internal call must have committed for its caller to hear
 * the answer, or undefined when the caller sent no budget (a person's request: no deadline).
 */
export function callDeadline(req: Request, arrivedAt = Date.now()): number | undefined {
  const budget = Number(req.headers[callBudgetHeader]);
  return Number.isFinite(budget) && budget > 0 ? arrivedAt + budget - answerMarginMs : undefined;
}
