// `npm run bench [-- --scale 100000 [--scan-scale 1000000]]`: throughput and latency of the whole
// platform (stores, services and gateway as separate processes on loopback, bounded in time),
// with the goals of issue 12 judged on the figures. Not part of npm test. Options: bench/options.ts.
// The table is printed and everything is written to var/bench/results.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { createPool } from '@medrelay/service-kit';
import { visibleRecipientTypes } from '@medrelay/domain';
import { demoPassword } from '@medrelay/svc-identity/provisioning';
import { Agent, request } from 'undici';
import { measureBundles } from './bench/bundle-sizes';
import {
  closedLoop,
  closedLoopResult,
  runClosedLoop,
  type ClosedLoopResult,
  type ClosedLoopSamples,
  type HttpCall,
} from './bench/closed-loop';
import { timeExpiryScan, type ScanTiming } from './bench/expiry-scan';
import { judgeGoals, landingTransferred, type Figures } from './bench/goals';
import { runOpenLoop, summarizeOpenLoop, type OpenLoopResult } from './bench/open-loop';
import { parseBenchOptions } from './bench/options';
import { startPlatform, stopPlatform, type Platform } from './bench/platform';
import { answerSize, browseMix, browserHeaders, signIn, type AnswerSize } from './bench/scenarios';
import { browsableBy, seedListings, seedPlan } from './bench/seed';
import { buildFrontEnds, staleFrontEnds } from './front-ends';
import { ensureChromium } from './stores/chromium';

const root = path.resolve(import.meta.dirname, '..');
const options = parseBenchOptions(process.argv.slice(2), process.env);
const log = (line: string) => console.log(`bench │ ${line}`);
const elapsed = (t0: number) => Math.round((performance.now() - t0) / 100) / 10;

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping…`);
    void stopPlatform().finally(() => process.exit(130));
  });
}

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/**
 * The same calls direct to a service and through the gateway: both warmed up, then alternated
 * in two rounds each so that load from elsewhere on the machine falls on both alike. The ratio
 * is of requests per second.
 */
async function directVersusGateway(
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

/** Browse at a fixed arrival rate through the gateway, each latency from when it was due. */
async function browseOpenLoop(p: Platform, token: string): Promise<OpenLoopResult & { scenario: string }> {
  const paths = browseMix(Math.ceil(options.rate * options.openSeconds), 7);
  const agent = new Agent({ connections: options.maxInFlight, keepAliveTimeout: 10_000 });
  try {
    const run = await runOpenLoop({
      rate: options.rate,
      seconds: options.openSeconds,
      maxInFlight: options.maxInFlight,
      timeoutMs: 10_000,
      send: async (i, signal) => {
        const res = await request(`${p.urls.gateway}${paths[i]}`, {
          dispatcher: agent,
          signal,
          headers: { ...browserHeaders, authorization: `Bearer ${token}` },
        });
        await res.body.dump();
        return res.statusCode;
      },
    });
    return {
      scenario: `browse mix through the gateway at ${options.rate} req/s`,
      ...summarizeOpenLoop(run, options.rate, options.openSeconds),
    };
  } finally {
    await agent.close();
  }
}

async function main() {
  log(`starting stores, identity, catalog, requests and the gateway (${cpus().length} cores)…`);
  const p = await startPlatform(root);
  const [pharmacy, ngo, admin] = [
    await signIn(p.urls.gateway, 'pharmacy@medrelay.eg', demoPassword),
    await signIn(p.urls.gateway, 'ngo@medrelay.eg', demoPassword),
    await signIn(p.urls.gateway, 'admin@medrelay.eg', demoPassword),
  ];
  const closed: ClosedLoopResult[] = [];
  const answers: AnswerSize[] = [];
  const figures: Figures = { scale: options.scale, ratios: {}, answers };
  let seed: Record<string, number> | undefined;
  let openLoop: (OpenLoopResult & { scenario: string }) | undefined;
  let scan: ScanTiming | undefined;

  const me = await directVersusGateway('GET /api/auth/me', 'identity', p, ['/api/auth/me'], pharmacy.token);
  closed.push(...me.results);
  figures.ratios.authMe = me.ratio;

  if (options.scale) {
    const pool = createPool(p.stores.databaseUrl, 'bench-seed', 2);
    try {
      const t0 = performance.now();
      const plan = seedPlan(options.scale, pharmacy.userId);
      const listings = await seedListings(pool, plan);
      const browsable = await browsableBy(pool, ngo.userId, visibleRecipientTypes('ngo'));
      seed = {
        listings,
        owners: plan.owners,
        ownListings: plan.ownListings?.count ?? 0,
        browsableByOneNgo: browsable,
        seconds: elapsed(t0),
      };
      log(`seeded ${listings} listings in ${seed.seconds} s; ${browsable} browsable by one NGO`);
    } finally {
      await pool.end();
    }
    const mix = browseMix(5000);
    figures.browseAlone = await closedLoop(
      'browse mix alone, direct to catalog, 1 connection',
      (i) => ({
        url: `${p.urls.catalog}${mix[i % mix.length]}`,
        headers: { ...browserHeaders, authorization: `Bearer ${ngo.token}` },
      }),
      { connections: 1, seconds: options.seconds },
    );
    closed.push(figures.browseAlone);
    const browse = await directVersusGateway('browse mix', 'catalog', p, mix, ngo.token);
    closed.push(...browse.results);
    figures.ratios.browse = browse.ratio;
    log(`open loop: ${options.rate} req/s for ${options.openSeconds} s…`);
    openLoop = await browseOpenLoop(p, ngo.token);
    figures.openLoop = openLoop;

    const ownPages = Array.from(
      { length: 200 },
      (_, i) => `/api/medicines/my?page=${1 + (i % 160)}&pageSize=20`,
    );
    closed.push(
      await closedLoop(
        'GET /api/medicines/my pages (3,300 listings), through the gateway',
        (i) => ({
          url: `${p.urls.gateway}${ownPages[i % ownPages.length]}`,
          headers: { ...browserHeaders, authorization: `Bearer ${pharmacy.token}` },
        }),
        { connections: 8, seconds: options.seconds },
      ),
    );
    figures.ownPages = await answerSize(
      '/api/medicines/my page 1',
      `${p.urls.gateway}/api/medicines/my?page=1&pageSize=20`,
      pharmacy.token,
    );
    answers.push(
      figures.ownPages,
      await answerSize('browse, page of 20', `${p.urls.gateway}/api/medicines?pageSize=20`, ngo.token),
      await answerSize('browse, page of 100', `${p.urls.gateway}/api/medicines?pageSize=100`, ngo.token),
    );
  }

  closed.push(
    await closedLoop(
      'GET /api/settings, through the gateway',
      () => ({ url: `${p.urls.gateway}/api/settings`, headers: browserHeaders }),
      options,
    ),
  );
  const loginBody = JSON.stringify({ email: 'pharmacy@medrelay.eg', password: demoPassword });
  closed.push(
    await closedLoop(
      'POST /api/auth/login (argon2id), through the gateway',
      () => ({
        url: `${p.urls.gateway}/api/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: loginBody,
      }),
      { connections: 8, seconds: options.seconds },
    ),
  );
  const memory = Object.fromEntries(
    Object.entries(p.pids).map(([name, pid]) => [`${name}RssMb`, rssMb(pid)]),
  );

  let bundles: object[] = [];
  if (options.bundles) {
    // The production front ends, served by the gateway as users get them.
    const stale = staleFrontEnds(root);
    if (stale.length && !(await buildFrontEnds(root, stale, log)))
      throw new Error('Building the front ends failed');
    bundles = await measureBundles(p.urls.gateway, ensureChromium(log));
    figures.landingKbTransferred = landingTransferred(bundles);
  }

  // Last: the scan leaves a wake of events and e-mails that would disturb the other figures.
  if (options.scale) {
    const listings = options.scanScale ?? options.scale;
    if (listings > options.scale) {
      const pool = createPool(p.stores.databaseUrl, 'bench-seed', 2);
      const t0 = performance.now();
      await seedListings(
        pool,
        { listings: listings - options.scale, owners: seedPlan(options.scale, 0).owners },
        0.77,
      );
      await pool.end();
      log(`seeded up to ${listings} listings for the scan in ${elapsed(t0)} s`);
    }
    log(`expiry scan over ${listings} listings…`);
    scan = await timeExpiryScan({
      gatewayUrl: p.urls.gateway,
      adminToken: admin.token,
      redisUrl: p.stores.redisUrl,
      redisPrefix: p.redisPrefix,
      listings,
    });
    figures.scan = scan;
  }

  const goals = judgeGoals(figures);
  console.log(
    `\nclosed loops: ${options.seconds} s each, ${options.connections} connections unless shown; client and servers share ${cpus().length} cores\n`,
  );
  console.table(closed);
  if (openLoop) {
    console.log(`\nopen loop: latency from each request's due time, in-flight cap ${options.maxInFlight}`);
    console.table([openLoop]);
  }
  if (answers.length) {
    console.log('\nanswers as a browser receives them:');
    console.table(answers);
  }
  if (seed) console.log('\nseed:', seed);
  if (scan) console.log('expiry scan:', scan);
  console.log('memory after the run:', memory);
  if (bundles.length) {
    console.log('\nfront-end downloads (KB):');
    console.table(bundles);
  }
  console.log("\ngoals of issue 12 (pass* = met below the goal's scale):");
  console.table(
    goals.map((g) => ({
      ...g,
      pass: g.pass === null ? '–' : g.pass ? (g.atGoalScale ? 'pass' : 'pass*') : 'FAIL',
    })),
  );

  const out = path.join(root, 'var', 'bench');
  mkdirSync(out, { recursive: true });
  const file = path.join(out, 'results.json');
  writeFileSync(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        machine: { cores: cpus().length, node: process.version },
        options,
        seed,
        closedLoop: closed,
        ratios: figures.ratios,
        openLoop,
        answers,
        scan,
        memory,
        bundles,
        goals,
      },
      null,
      2,
    ),
  );
  log(`written to ${path.relative(root, file)}`);
}

try {
  await main();
} catch (err) {
  console.error(`\nThe benchmark failed: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
} finally {
  if (!stopping) await stopPlatform();
}
