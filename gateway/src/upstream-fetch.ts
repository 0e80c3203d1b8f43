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
  init: { headers?: Record<string, string>; timeoutMs: number },
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const instance = pool.next();
    try {
      const res = await fetch(`${instance}${path}`, {
        headers: init.headers,
        signal: AbortSignal.timeout(init.timeoutMs),
      });
      countUpstreamAnswer(pool, instance);
      return res;
    } catch (err) {
      if (!notConnected.has(connectionErrorCode(err) ?? '')) throw err;
      pool.markDown(instance);
      if (attempt > 0 || pool.available === 0) throw err;
    }
  }
}
