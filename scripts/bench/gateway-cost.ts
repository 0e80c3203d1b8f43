// Gateway cost: the same calls direct to a service and through the gateway, in one run, so the
// ratio gateway/direct is measured under the same machine load. Loopback only, bounded in time.
//   node --import tsx scripts/bench/gateway-cost.ts
// BENCH_SECONDS (per scenario, default 5), BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (default 2),
// GATEWAY_CPU_PROF=<dir>: the gateway writes a V8 CPU profile there when it stops.
// BASELINE_GATEWAY=<dir>: also runs the gateway whose main.ts is in <dir>/src (e.g. an older commit's
// gateway/src, with its own node_modules/@medrelay/service-kit), so before and after share one run:
//   mkdir -p var/gw-base/node_modules/@medrelay
//   git archive <commit> gateway/src gateway/package.json | tar -x -C var/gw-base --strip-components=1
//   git archive <commit> libs/service-kit | tar -x -C var/gw-base/node_modules/@medrelay --strip-components=1
// GATEWAY_DIR=<dir>: measure (or profile) that gateway folder as the main one.
// Figures and how to read them: docs/design.md, "Gateway cost".
import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createPool } from '@medrelay/service-kit';
import { demoPassword, seedDemoAccounts } from '@medrelay/svc-identity/provisioning';
import { Agent, request } from 'undici';
import { waitUntilReady } from '../launcher/health';
import { startProcess, stopProcess, type ServiceProcess } from '../launcher/processes';
import { freePort } from '../stores/ports';
import { resolveStores } from '../stores/resolve';

const root = path.resolve(import.meta.dirname, '..', '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

/** Closed loop: `connections` loops each waiting for its answer, for `seconds`. */
async function load(url: string, headers: Record<string, string>) {
  const agent = new Agent({ connections, keepAliveTimeout: 10_000 });
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        try {
          const res = await request(url, { dispatcher: agent, headers });
          await res.body.dump();
          if (res.statusCode >= 400) errors++;
          else latencies.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
    }),
  );
  await agent.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.floor(q * (latencies.length - 1))] ?? 0) * 10) / 10;
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50ms: at(0.5),
    p99ms: at(0.99),
    errors,
  };
}

/** CPU time (ms, user + system) a process has used so far: robust to other load on the machine. */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100/s)
}

const varDir = mkdtempSync(path.join(tmpdir(), 'medrelay-gwcost-'));
chmodSync(varDir, 0o755);
for (const name of ['PG_PORT', 'REDIS_PORT', 'SMTP_PORT']) process.env[name] = String(await freePort());
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
delete process.env.SMTP_URL;
const stores = await resolveStores(varDir, () => undefined);
const processes: ServiceProcess[] = [];
try {
  const pool = createPool(stores.databaseUrl, 'bench-seed', 2);
  await seedDemoAccounts(pool);
  await pool.end();
  const [identityPort, catalogPort, gatewayPort] = [await freePort(), await freePort(), await freePort()];
  const common = {
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    REDIS_URL: stores.redisUrl,
    JWT_PUBLIC_KEY_FILE: stores.jwtPublicKeyFile,
    DATABASE_URL: stores.databaseUrl,
    SMTP_URL: stores.smtpUrl,
  };
  const quiet = (p: ServiceProcess) => {
    p.child.stdout?.removeAllListeners('data');
    p.child.stdout?.resume();
    return p;
  };
  const identity = quiet(
    startProcess('identity', 0, path.join(root, 'svc-identity'), 'src/main.ts', {
      ...common,
      PORT: String(identityPort),
      JWT_PRIVATE_KEY_FILE: stores.jwtPrivateKeyFile,
    }),
  );
  const catalog = quiet(
    startProcess('catalog', 1, path.join(root, 'svc-catalog'), 'src/main.ts', {
      ...common,
      PORT: String(catalogPort),
      INTERNAL_SECRET: randomBytes(16).toString('hex'),
      UPLOAD_DIR: path.join(varDir, 'uploads'),
    }),
  );
  processes.push(identity, catalog);
  await waitUntilReady(`http://127.0.0.1:${identityPort}/health/ready`, identity.exited, 'identity');
  await waitUntilReady(`http://127.0.0.1:${catalogPort}/health/ready`, catalog.exited, 'catalog');
  // --cpu-prof is refused in NODE_OPTIONS: a tiny entry turns the profiler on through the inspector.
  const profiled = process.env.GATEWAY_CPU_PROF
    ? path.join(root, 'scripts', 'bench', 'profiled-gateway.ts')
    : 'src/main.ts';
  const gatewayEnv = (port: number) => ({
    ...common,
    PORT: String(port),
    IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
    CATALOG_URL: `http://127.0.0.1:${catalogPort}`,
    REQUESTS_URL: 'http://127.0.0.1:9',
    WRITE_RATE_PER_MINUTE: '1000000',
    STATIC_ROOT: root,
  });
  const gateway = quiet(
    startProcess('gateway', 2, path.join(root, 'gateway'), profiled, gatewayEnv(gatewayPort)),
  );
  processes.push(gateway);
  await waitUntilReady(`http://127.0.0.1:${gatewayPort}/health/ready`, gateway.exited, 'gateway');
  const baselinePort = await freePort();
  if (process.env.BASELINE_GATEWAY) {
    const baseline = quiet(
      startProcess(
        'baseline',
        3,
        path.resolve(process.env.BASELINE_GATEWAY),
        'src/main.ts',
        gatewayEnv(baselinePort),
      ),
    );
    processes.push(baseline);
    await waitUntilReady(
      `http://127.0.0.1:${baselinePort}/health/ready`,
      baseline.exited,
      'baseline gateway',
    );
  }

  const gw = `http://127.0.0.1:${gatewayPort}`;
  const signIn = async (email: string) => {
    const res = await request(`${gw}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: demoPassword }),
    });
    return ((await res.body.json()) as { token: string }).token;
  };
  const pharmacy = await signIn('pharmacy@medrelay.eg');
  const ngo = await signIn('ngo@medrelay.eg');
  // Wait until the catalog knows the demo users (integration events), then list 60 medicines.
  for (let i = 0; ; i++) {
    const res = await request(`${gw}/api/medicines`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pharmacy}` },
      body: JSON.stringify({
        name: `Bench medicine ${i}`,
        type: 'Tablets',
        description: null,
        quantity: 10 + i,
        originalPrice: 50,
        discountPrice: 20,
        expiryDate: new Date(Date.now() + (30 + i) * 86_400_000).toISOString(),
        recipientType: 'both',
      }),
    });
    const text = await res.body.text();
    if (res.statusCode !== 201) {
      if (i > 200) throw new Error(`listing failed: ${res.statusCode} ${text}`);
      await new Promise((r) => setTimeout(r, 200));
      i = -1;
      continue;
    }
    if (i >= 59) break;
  }

  const me = { authorization: `Bearer ${pharmacy}` };
  const browse = { authorization: `Bearer ${ngo}` };
  const base = `http://127.0.0.1:${baselinePort}`;
  const withBaseline = Boolean(process.env.BASELINE_GATEWAY);
  const pids = {
    identity: identity.child.pid,
    catalog: catalog.child.pid,
    gateway: gateway.child.pid,
    before: processes.find((p) => p.name === 'baseline')?.child.pid,
  };
  type Scenario = readonly [string, string, Record<string, string>, keyof typeof pids, (keyof typeof pids)?];
  const scenarios: Scenario[] = [
    ['auth/me direct', `http://127.0.0.1:${identityPort}/api/auth/me`, me, 'identity'],
    ...(withBaseline
      ? [['auth/me gateway before', `${base}/api/auth/me`, me, 'identity', 'before'] as const]
      : []),
    ['auth/me gateway', `${gw}/api/auth/me`, me, 'identity', 'gateway'],
    ['browse direct', `http://127.0.0.1:${catalogPort}/api/medicines?page=2&pageSize=20`, browse, 'catalog'],
    ...(withBaseline
      ? [
          [
            'browse gateway before',
            `${base}/api/medicines?page=2&pageSize=20`,
            browse,
            'catalog',
            'before',
          ] as const,
        ]
      : []),
    ['browse gateway', `${gw}/api/medicines?page=2&pageSize=20`, browse, 'catalog', 'gateway'],
  ];
  if (process.env.GATEWAY_CPU_PROF) gateway.child.kill('SIGUSR2');
  // Per scenario over all rounds: answers, and CPU ms per answer of the client, service and gateway.
  const totals = new Map<
    string,
    { requests: number; errors: number; client: number; service: number; gateway: number }
  >();
  for (let r = 0; r < rounds; r++) {
    for (const [name, url, headers, service, via] of scenarios) {
      const client0 = process.cpuUsage();
      const service0 = cpuMs(pids[service]);
      const gateway0 = via ? cpuMs(pids[via]) : 0;
      const result = await load(url, headers);
      const client = process.cpuUsage(client0);
      const sum = totals.get(name) ?? { requests: 0, errors: 0, client: 0, service: 0, gateway: 0 };
      sum.requests += result.requests;
      sum.errors += result.errors;
      sum.client += (client.user + client.system) / 1000;
      sum.service += cpuMs(pids[service]) - service0;
      sum.gateway += via ? cpuMs(pids[via]) - gateway0 : 0;
      totals.set(name, sum);
      console.log(`round ${r + 1} ${name}`, result);
    }
  }
  const round2 = (n: number) => Math.round(n * 100) / 100;
  const table: Record<string, Record<string, number>> = {};
  for (const [name, t] of totals) {
    table[name] = {
      perSecond: Math.round(t.requests / (seconds * rounds)),
      errors: t.errors,
      clientCpuMs: round2(t.client / t.requests),
      serviceCpuMs: round2(t.service / t.requests),
      gatewayCpuMs: round2(t.gateway / t.requests),
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
  for (const p of processes.reverse()) await stopProcess(p);
  await stores.stop();
}
