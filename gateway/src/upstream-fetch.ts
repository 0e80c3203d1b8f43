import { countUpstreamAnswer } from './upstream-metrics';
import type { UpstreamPool } from './upstream-pool';

/** Errors meaning the instance never took the call: another instance may safely get it. */
export const notConnected = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** The connection error code of a failed fetch (undici wraps it in `cause`, sometimes twice). */
function connectionErrorCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: string; errors?: Array<{ code?: string }> } }).cause;
  return cause?.code ?? cause?.errors?.[0]?.code;
}

/**
 * A GET to one of a service's instances with the proxy's failover: an instance that refuses the
 * connection is marked down (skipped for its cool-down) and the call is tried once more on
 * another instance. For the gateway's own calls (statistics, impact figures, activity).
 */
export async function getFromPool(
  pool: UpstreamPool,
  path: string,
  init: {
    headers?: Record<string, string>;
    timeoutMs: number;
    /** Safe to retry: an instance that refused the connection never saw the call. */
    method?: 'GET' | 'POST';
    /** False for long downloads: the time limit then covers only the wait for the headers. */
    timeoutCoversBody?: boolean;
  },
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const instance = pool.next();
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error('upstream timed out')), init.timeoutMs);
    try {
      const res = await fetch(`${instance}${path}`, {
        method: init.method ?? 'GET',
        // On loopback, compressing in the service and decoding here would only cost CPU twice.
        headers: { 'accept-encoding': 'identity', ...init.headers },
        signal: abort.signal,
      });
      countUpstreamAnswer(pool, instance);
      // Otherwise the timer stays armed while the caller reads the body (unref: it never holds
      // the process open; aborting an already read response does nothing).
      if (init.timeoutCoversBody === false) clearTimeout(timer);
      else timer.unref();
      return res;
    } catch (err) {
      clearTimeout(timer);
      if (!notConnected.has(connectionErrorCode(err) ?? '')) throw err;
      pool.markDown(instance);
      if (attempt > 0 || pool.available === 0) throw err;
    }
  }
}
