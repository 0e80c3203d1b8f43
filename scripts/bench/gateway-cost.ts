// Gateway cost: the same calls direct to a service and through the gateway, in one run, so the
// ratio gateway/direct is measured under the same machine load. Loopback only, bounded in time.
// The platform is started as `npm run bench` starts it (platform.ts), the load is closed-loop.ts.
//   node --import tsx scripts/bench/gateway-cost.ts
// BENCH_SECONDS (per scenario, default 5), BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (default 2),
// GATEWAY_CPU_PROF=<dir>: the gateway writes a V8 CPU profile there when it stops.
// BASELINE_GATEWAY=<dir>: also runs the gateway whose main.ts is in <dir>/src (e.g. an older commit's
// gateway/src, with its own node_modules/@medrelay/service-kit), so before and after share one run:
//   mkdir -p var/gw-base/node_modules/@medrelay
//   git archive <commit> gateway/src gateway/package.json | tar -x -C var/gw-base --strip-components=1
//   git archive <commit> libs/service-kit | tar -x -C var/gw-base/node_modules/@medrelay --strip-components=1
// GATEWAY_DIR=<dir>: measure (or profile) that gateway folder as the main one.
// Figures and how to read them: docs/performance.md, "Gateway cost".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createPool } from '@medrelay/service-kit';
import { demoPassword } from '@medrelay/svc-identity/provisioning';
import { closedLoopResult, runClosedLoop, type ClosedLoopSamples } from './closed-loop';
import { startPlatform, stopPlatform } from './platform';
import { signIn } from './scenarios';
import { seedListings } from './seed';

const root = path.resolve(import.meta.dirname, '..', '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

/** CPU time (ms, user + system) a process has used so far: robust to other load on the machine. */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100/s)
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => void stopPlatform().finally(() => process.exit(130)));
const withBaseline = Boolean(process.env.BASELINE_GATEWAY);
try {
  const p = await startPlatform(root, {
    gatewayDir: process.env.GATEWAY_DIR,
    // --cpu-prof is refused in NODE_OPTIONS: a tiny entry turns the profiler on through the inspector.
    gatewayEntry: process.env.GATEWAY_CPU_PROF
      ? path.join(import.meta.dirname, 'profiled-gateway.ts')
      : undefined,
    otherGateways: withBaseline ? { baseline: process.env.BASELINE_GATEWAY! } : {},
  });
  const gw = p.urls.gateway;
  const pharmacy = (await signIn(gw, 'pharmacy@medrelay.eg', demoPassword)).token;
  const ngo = (await signIn(gw, 'ngo@medrelay.eg', demoPassword)).token;
  // About 60 listings an NGO may browse (page 2 of 20 is full), straight through SQL.
  const pool = createPool(p.stores.databaseUrl, 'bench-seed', 2);
  await seedListings(pool, { listings: 100, owners: 20 });
  await pool.end();

  const me = { authorization: `Bearer ${pharmacy}` };
  const browse = { authorization: `Bearer ${ngo}` };
  const base = p.otherGateways.baseline;
  type Scenario = readonly [string, string, Record<string, string>, string, string?];
  const scenarios: Scenario[] = [
    ['auth/me direct', `${p.urls.identity}/api/auth/me`, me, 'identity'],
    ...(withBaseline
      ? [['auth/me gateway before', `${base}/api/auth/me`, me, 'identity', 'baseline'] as const]
      : []),
    ['auth/me gateway', `${gw}/api/auth/me`, me, 'identity', 'gateway'],
    ['browse direct', `${p.urls.catalog}/api/medicines?page=2&pageSize=20`, browse, 'catalog'],
    ...(withBaseline
      ? [
          [
            'browse gateway before',
            `${base}/api/medicines?page=2&pageSize=20`,
            browse,
            'catalog',
            'baseline',
          ] as const,
        ]
      : []),
    ['browse gateway', `${gw}/api/medicines?page=2&pageSize=20`, browse, 'catalog', 'gateway'],
  ];
  if (process.env.GATEWAY_CPU_PROF) process.kill(p.pids.gateway!, 'SIGUSR2');
  // Per scenario over all rounds: the runs, and CPU ms of the client, service and gateway.
  const totals = new Map<
    string,
    { runs: ClosedLoopSamples[]; client: number; service: number; gateway: number }
  >();
  for (let r = 0; r < rounds; r++) {
    for (const [name, url, headers, service, via] of scenarios) {
      const client0 = process.cpuUsage();
      const service0 = cpuMs(p.pids[service]);
      const gateway0 = via ? cpuMs(p.pids[via]) : 0;
      const run = await runClosedLoop(() => ({ url, headers }), { connections, seconds });
      const client = process.cpuUsage(client0);
      const sum = totals.get(name) ?? { runs: [], client: 0, service: 0, gateway: 0 };
      sum.runs.push(run);
      sum.client += (client.user + client.system) / 1000;
      sum.service += cpuMs(p.pids[service]) - service0;
      sum.gateway += via ? cpuMs(p.pids[via]) - gateway0 : 0;
      totals.set(name, sum);
      console.log(`round ${r + 1}`, closedLoopResult(name, connections, [run]));
    }
  }
  const round2 = (n: number) => Math.round(n * 100) / 100;
  const table: Record<string, Record<string, number>> = {};
  for (const [name, t] of totals) {
    const { perSecond, errors, requests } = closedLoopResult(name, connections, t.runs);
    const per = (ms: number) => round2(ms / Math.max(1, requests));
    table[name] = {
      perSecond,
      errors,
      clientCpuMs: per(t.client),
      serviceCpuMs: per(t.service),
      gatewayCpuMs: per(t.gateway),
    };
  }
  const row = (name: string) => table[name];
  const ratios: Record<string, Record<string, number>> = {};
  for (const call of ['auth/me', 'browse']) {
    for (const [label, via] of [
      ['after', `${call} gateway`],
      ['before', `${call} gateway before`],
    ] as const) {
      const direct = row(`${call} direct`);
      const proxied = row(via);
      if (!direct || !proxied) continue;
      // On a saturated machine throughput is the inverse of the CPU all parties spend per call.
      const cpuDirect = direct.clientCpuMs! + direct.serviceCpuMs!;
      const cpuProxied = proxied.clientCpuMs! + proxied.serviceCpuMs! + proxied.gatewayCpuMs!;
      ratios[`${call} ${label}`] = {
        'measured req/s ratio': round2(proxied.perSecond! / direct.perSecond!),
        'CPU-per-call ratio': round2(cpuDirect / cpuProxied),
        'gateway CPU ms/call': proxied.gatewayCpuMs!,
      };
    }
  }
  console.log(`\n${seconds} s per scenario, ${connections} connections, ${rounds} rounds (req/s averaged)`);
  console.table(table);
  console.table(ratios);
} finally {
  await stopPlatform();
}
