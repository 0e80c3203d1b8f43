// The scale scenarios: the same calls direct and through the gateway, and browse at a fixed
// arrival rate through the gateway.
import { Agent, request } from 'undici';
import { closedLoopResult, runClosedLoop, type ClosedLoopSamples, type HttpCall } from './closed-loop';
import { leanGet } from './lean-get';
import { dueBetween, runOpenLoop, summarizeOpenLoop, type OpenLoopResult } from './open-loop';
import type { BenchOptions } from './options';
import type { Platform } from './platform';
import { browseMix, browserHeaders } from './scenarios';

/**
 * The same calls direct to a service and through the gateway: both warmed up, then alternated
 * in two rounds each so that load from elsewhere on the machine falls on both alike. The ratio
 * is of requests per second.
 */
export async function directVersusGateway(
  options: Pick<BenchOptions, 'connections' | 'seconds'>,
  what: string,
  service: keyof Platform['urls'],
  p: Platform,
  paths: string[],
  token: string,
) {
  const call =
    (base: string) =>
    (i: number): HttpCall => ({
      url: `${base}${paths[i % paths.length]}`,
      headers: { ...browserHeaders, authorization: `Bearer ${token}` },
    });
  const { connections } = options;
  const [direct, gateway] = [call(p.urls[service]), call(p.urls.gateway)];
  await runClosedLoop(direct, { connections, seconds: 1 });
  await runClosedLoop(gateway, { connections, seconds: 1 });
  const half = { connections, seconds: options.seconds / 2 };
  const runs = { direct: [] as ClosedLoopSamples[], gateway: [] as ClosedLoopSamples[] };
  for (let round = 0; round < 2; round++) {
    runs.direct.push(await runClosedLoop(direct, half));
    runs.gateway.push(await runClosedLoop(gateway, half));
  }
  const results = [
    closedLoopResult(`${what}, direct to ${service}`, connections, runs.direct),
    closedLoopResult(`${what}, through the gateway`, connections, runs.gateway),
  ];
  const ratio = Math.round((results[1]!.perSecond / Math.max(1, results[0]!.perSecond)) * 100) / 100;
  return { results, ratio };
}

/**
 * Browse at a fixed arrival rate through the gateway, each latency from when it was due: one
 * run of `warmSeconds + openSeconds`, the first seconds reported apart as the warm-up (lists the
 * earlier scenarios did not ask are gathered then, as after a restart of a live platform), the
 * rest as the measured figures. A backlog left by the warm-up still counts in the measured part.
 */
export async function browseOpenLoop(
  options: Pick<BenchOptions, 'rate' | 'openSeconds' | 'warmSeconds' | 'maxInFlight'>,
  p: Platform,
  token: string,
  /** Another mix (paths) and its name than the browse mix's. */
  mix?: { name: string; paths: (count: number) => string[] },
): Promise<{ measured: OpenLoopScenario; warmUp: OpenLoopScenario | null }> {
  const { rate, openSeconds, warmSeconds } = options;
  const count = Math.ceil(rate * (warmSeconds + openSeconds));
  const urls = (mix ? mix.paths(count) : browseMix(count, 7)).map(
    (path) => new URL(`${p.urls.gateway}${path}`),
  );
  const headers = { ...browserHeaders, authorization: `Bearer ${token}` };
  const agent = new Agent({ connections: options.maxInFlight, keepAliveTimeout: 10_000 });
  try {
    const run = await runOpenLoop({
      rate,
      seconds: warmSeconds + openSeconds,
      maxInFlight: options.maxInFlight,
      timeoutMs: 10_000,
      send: (i, signal) => leanGet(agent, urls[i]!, headers, signal),
    });
    const warmMs = warmSeconds * 1000;
    const scenario = `${mix?.name ?? 'browse mix'} through the gateway at ${rate} req/s`;
    return {
      measured: {
        scenario: warmSeconds ? `${scenario}, after ${warmSeconds} s of it` : scenario,
        ...summarizeOpenLoop(dueBetween(run, warmMs), rate, openSeconds, warmMs),
      },
      warmUp: warmSeconds
        ? {
            scenario: `${scenario}, its first ${warmSeconds} s${mix ? '' : ' (warm-up)'}`,
            ...summarizeOpenLoop(dueBetween(run, 0, warmMs), rate, warmSeconds),
          }
        : null,
    };
  } finally {
    await agent.close();
  }
}

export type OpenLoopScenario = OpenLoopResult & { scenario: string };

/**
 * An owner editing listings through the gateway at `perSecond` (a quantity each time, as stock
 * is counted or handed over), while something else runs: what a live platform writes while it is
 * browsed. `stop()` answers how many writes were made and how many failed.
 */
export function listingWrites(p: Platform, token: string, listingIds: readonly number[], perSecond: number) {
  if (perSecond <= 0) return { stop: async () => ({ made: 0, failed: 0 }) };
  let running = true;
  let made = 0;
  let failed = 0;
  const gap = 1000 / perSecond;
  const done = (async () => {
    const start = performance.now();
    while (running && listingIds.length) {
      const res = await request(`${p.urls.gateway}/api/medicines/${listingIds[made % listingIds.length]}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ quantity: 5 + (made % 7) }),
      }).catch(() => null);
      await res?.body.dump();
      if (res?.statusCode !== 200) failed++;
      made++;
      const wait = start + made * gap - performance.now();
      if (wait > 0 && running) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { made, failed };
    },
  };
}
