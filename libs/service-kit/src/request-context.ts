import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request id of the work in progress: an HTTP call (X-Request-Id, made up by the gateway when
 * the client sent none) or a queue job started by one. Log lines carry it (see createLogger), and
 * jobs published while it is set carry it in their data, so one id follows a user's action from
 * the gateway through a service into the jobs it caused and the jobs those caused.
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

/** Where a job's data keeps the id (an underscore: no event schema has such a field). */
export const jobRequestIdKey = '_requestId';

export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

export function runWithRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId ? context.run({ requestId }, work) : work();
}

/** The payload with the current request id added (objects only; without an id, unchanged). */
export function withRequestId<T>(payload: T): T {
  const requestId = currentRequestId();
  if (!requestId || typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  return { ...payload, [jobRequestIdKey]: requestId };
}

export function requestIdOf(data: unknown): string | undefined {
  const value = (data as Record<string, unknown> | null | undefined)?.[jobRequestIdKey];
  return typeof value === 'string' ? value : undefined;
}
