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

/** What one closed-loop run saw; several runs of one scenario merge into one result. */
export interface ClosedLoopSamples {
  latencies: number[];
  failures: Record<string, number>;
  seconds: number;
}

/** Sends `next(i)` from `connections` concurrent loops for `seconds`, recording each latency. */
export async function runClosedLoop(
  next: (i: number) => HttpCall,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<ClosedLoopSamples> {
  const agent = new Agent({ connections, keepAliveTimeout: 10_000 });
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
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
          if (res.statusCode >= 400) failures[res.statusCode] = (failures[res.statusCode] ?? 0) + 1;
          latencies.push(performance.now() - t0);
        } catch {
          failures.network = (failures.network ?? 0) + 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await agent.close();
  return { latencies, failures, seconds: elapsed };
}

/** One result from one or more runs of a scenario. */
export function closedLoopResult(
  scenario: string,
  connections: number,
  runs: readonly ClosedLoopSamples[],
): ClosedLoopResult {
  const latencies = runs.flatMap((r) => r.latencies);
  const failures: Record<string, number> = {};
  for (const run of runs) {
    for (const [k, n] of Object.entries(run.failures)) failures[k] = (failures[k] ?? 0) + n;
  }
  const errors = Object.values(failures).reduce((a, b) => a + b, 0);
  const seconds = runs.reduce((a, r) => a + r.seconds, 0);
  return {
    scenario,
    connections,
    requests: latencies.length,
    perSecond: Math.round(latencies.length / Math.max(seconds, 0.001)),
    ...summarize(latencies),
    errors,
    ...(errors ? { failures: countsText(failures) } : {}),
  };
}

/** One scenario, one run. */
export async function closedLoop(
  scenario: string,
  next: (i: number) => HttpCall,
  load: { connections: number; seconds: number },
): Promise<ClosedLoopResult> {
  return closedLoopResult(scenario, load.connections, [await runClosedLoop(next, load)]);
}
