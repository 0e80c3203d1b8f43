// Closed loop: N connections, each sending its next request when the previous answer is in.
// Gives the maximum throughput; its latencies hide a slow server's queue (see open-loop.ts).
import { Agent, request, type Dispatcher } from 'undici';
import { countsText, summarize, type LatencySummary } from './stats';

export interface HttpCall {
  url: string;
  method?: Dispatcher.HttpMethod;
  headers?: Record<string, string>;
  body?: string;
}

export interface ClosedLoopResult extends LatencySummary {
  scenario: string;
  connections: number;
  requests: number;
  perSecond: number;
  errors: number;
  /** Status codes (or "network") of the failed answers, when there were any. */
  failures?: string;
}

/** Sends `next(i)` from `connections` concurrent loops for `seconds`, recording each latency. */
export async function closedLoop(
  scenario: string,
  next: (i: number) => HttpCall,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<ClosedLoopResult> {
  const agent = new Agent({ connections, keepAliveTimeout: 10_000 });
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const call = next(sent++);
        const t0 = performance.now();
        try {
          const res = await request(call.url, {
            dispatcher: agent,
            method: call.method ?? 'GET',
            headers: call.headers,
            body: call.body,
            headersTimeout: 30_000,
          });
          await res.body.dump();
          if (res.statusCode >= 400) {
            errors++;
            failures[res.statusCode] = (failures[res.statusCode] ?? 0) + 1;
          }
          latencies.push(performance.now() - t0);
        } catch {
          errors++;
          failures.network = (failures.network ?? 0) + 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await agent.close();
  return {
    scenario,
    connections,
    requests: latencies.length,
    perSecond: Math.round(latencies.length / elapsed),
    ...summarize(latencies),
    errors,
    ...(errors ? { failures: countsText(failures) } : {}),
  };
}
