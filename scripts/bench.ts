// `npm run bench`: throughput, latency and memory of the running back end, measured with real
// processes and stores on this machine (loopback only, bounded in time). Not part of npm test.
// Results are printed and written to var/bench/results.json.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPool } from '@medrelay/service-kit';
import { seedDemoAccounts, demoPassword } from '@medrelay/svc-identity/provisioning';
import { Agent, request } from 'undici';
import { measureBundles } from './bench/bundle-sizes';
import { buildFrontEnds, staleFrontEnds } from './front-ends';
import { waitUntilReady } from './launcher/health';
import { ensureChromium } from './stores/chromium';
import { startProcess, stopProcess, type ServiceProcess } from './launcher/processes';
import { freePort } from './stores/ports';
import { resolveStores } from './stores/resolve';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Result {
  scenario: string;
  requests: number;
  perSecond: number;
  p50ms: number;
  p99ms: number;
  errors: number;
  /** Status codes of the failed answers, when there were any. */
  failures?: string;
}

/** Sends requests from `connections` concurrent loops for `seconds`, recording each latency. */
async function load(
  scenario: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  conns = connections,
): Promise<Result> {
  const agent = new Agent({ connections: conns, keepAliveTimeout: 10_000 });
  const latencies: number[] = [];
  let errors = 0;
  const failures: Record<number, number> = {};
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: conns }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        try {
          const res = await request(url, {
            dispatcher: agent,
            method: (init.method ?? 'GET') as 'GET',
            headers: init.headers,
            body: init.body,
          });
          await res.body.dump();
          if (res.statusCode >= 400) {
            errors++;
            failures[res.statusCode] = (failures[res.statusCode] ?? 0) + 1;
          }
          latencies.push(performance.now() - started);
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
    scenario,
    requests: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50ms: at(0.5),
    p99ms: at(0.99),
    errors,
    ...(errors ? { failures: JSON.stringify(failures) } : {}),
  };
}

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}

const varDir = mkdtempSync(path.join(tmpdir(), 'medrelay-bench-'));
const { chmodSync } = await import('node:fs');
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
  const identityPort = await freePort();
  const gatewayPort = await freePort();
  const common = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    REDIS_URL: stores.redisUrl,
    JWT_PUBLIC_KEY_FILE: stores.jwtPublicKeyFile,
    DATABASE_URL: stores.databaseUrl,
    SMTP_URL: stores.smtpUrl,
  };
  const identity = startProcess('identity', 0, path.join(root, 'svc-identity'), 'src/main.ts', {
    ...common,
    PORT: String(identityPort),
    JWT_PRIVATE_KEY_FILE: stores.jwtPrivateKeyFile,
    // Sign-ins in flight count against one account's limit (a guard against parallel guessing):
    // lifted here so the benchmark measures password hashing, not the guard.
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
  });
  processes.push(identity);
  await waitUntilReady(`http://127.0.0.1:${identityPort}/health/ready`, identity.exited, 'identity');
  const gateway = startProcess('gateway', 1, path.join(root, 'gateway'), 'src/main.ts', {
    ...common,
    PORT: String(gatewayPort),
    IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
    LOGIN_RATE_PER_MINUTE: '1000000',
    WRITE_RATE_PER_MINUTE: '1000000',
    STATIC_ROOT: root,
  });
  processes.push(gateway);
  await waitUntilReady(`http://127.0.0.1:${gatewayPort}/health/ready`, gateway.exited, 'gateway');

  const loginBody = JSON.stringify({ email: 'pharmacy@medrelay.eg', password: demoPassword });
  const json = { 'content-type': 'application/json' };
  const login = await request(`http://127.0.0.1:${gatewayPort}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: loginBody,
  });
  const { token } = (await login.body.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };

  const results = [
    await load('GET /api/auth/me, direct to identity', `http://127.0.0.1:${identityPort}/api/auth/me`, {
      headers: auth,
    }),
    await load('GET /api/auth/me, through the gateway', `http://127.0.0.1:${gatewayPort}/api/auth/me`, {
      headers: auth,
    }),
    await load('GET /api/settings, through the gateway', `http://127.0.0.1:${gatewayPort}/api/settings`, {}),
    await load(
      'POST /api/auth/login (argon2id), through the gateway',
      `http://127.0.0.1:${gatewayPort}/api/auth/login`,
      { method: 'POST', headers: json, body: loginBody },
      8,
    ),
  ];
  const memory = { identityRssMb: rssMb(identity.child.pid), gatewayRssMb: rssMb(gateway.child.pid) };

  // The production front ends, served by the gateway as users get them.
  const stale = staleFrontEnds(root);
  if (stale.length && !(await buildFrontEnds(root, stale, (line) => console.log(line)))) {
    throw new Error('Building the front ends failed');
  }
  const bundles = await measureBundles(`http://127.0.0.1:${gatewayPort}`, ensureChromium(console.log));

  console.log(
    `\n${seconds} s per scenario, ${connections} connections (8 for sign-in), client and servers on the same 2 cores\n`,
  );
  console.table(results);
  console.log('memory after the run:', memory);
  console.log('\nfront-end downloads (KB):');
  console.table(bundles);
  const out = path.join(root, 'var', 'bench');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'results.json'),
    JSON.stringify({ at: new Date().toISOString(), seconds, connections, results, memory, bundles }, null, 2),
  );
} finally {
  for (const p of processes.reverse()) await stopProcess(p);
  await stores.stop();
}
