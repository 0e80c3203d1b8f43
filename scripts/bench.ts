// `npm run bench [-- --scale 100000 [--scan-scale 1000000]]`: throughput and latency of the whole
// platform (stores, services and gateway as separate processes on loopback, bounded in time),
// with the performance goals judged on the figures. Not part of npm test. Options: bench/options.ts.
// Tables are printed and everything is written to var/bench/results.json.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { createPool, createRedis } from '@medrelay/service-kit';
import { request } from 'undici';
import { visibleRecipientTypes } from '@medrelay/domain';
import { demoPassword } from '@medrelay/svc-identity/provisioning';
import { browseOpenLoop, directVersusGateway, listingWrites } from './bench/browse';
import { explainBrowseMix } from './bench/browse-plans';
import { measureBundles } from './bench/bundle-sizes';
import { closedLoop } from './bench/closed-loop';
import { cpuPerCall, postgresProcesses, type Parties } from './bench/cpu';
import { timeExpiryScan } from './bench/expiry-scan';
import { seedCustody, timeExport } from './bench/export';
import { judgeGoals, landingTransferred, type Figures } from './bench/goals';
import { seedNeeds, timeMatching } from './bench/matching';
import { timeRegistrations } from './bench/registration-timing';
import { costliestStatements } from './bench/statement-stats';
import { parseBenchOptions } from './bench/options';
import { startPlatform, stopPlatform, type Platform } from './bench/platform';
import { printReport, writeReport, type BenchReport } from './bench/report';
import { answerSize, browseMix, browserHeaders, signIn } from './bench/scenarios';
import { timeBackupAndRestore } from './bench/backup';
import { lighthouseScores } from './bench/lighthouse';
import { nearMeClosedLoop, nearMeOpenLoop, nearWritesPerSecond } from './bench/near-me';
import { browsableBy, seedListings, seedPlan } from './bench/seed';
import { buildFrontEnds, staleFrontEnds } from './front-ends';
import { ensureChromium } from './stores/chromium';

const root = path.resolve(import.meta.dirname, '..');
const options = parseBenchOptions(process.argv.slice(2), process.env);
const log = (line: string) => console.log(`bench │ ${line}`);
const secondsSince = (t0: number) => Math.round((performance.now() - t0) / 100) / 10;

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
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** Runs a SQL step on its own small pool. */
async function withPool<T>(
  p: Platform,
  step: (pool: ReturnType<typeof createPool>) => Promise<T>,
): Promise<T> {
  const pool = createPool(p.stores.databaseUrl, 'bench-seed', 2);
  try {
    return await step(pool);
  } finally {
    await pool.end();
  }
}

/** The processes whose CPU the benchmark reads: services, gateway, PostgreSQL and Redis. */
async function partiesOf(p: Platform): Promise<() => Parties> {
  const postmaster = await withPool(p, async (pool) => {
    const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
    return Number(stat.split(') ')[1]!.split(' ')[1]);
  });
  const redis = createRedis(p.stores.redisUrl, 'bench-info');
  const info = await redis.info('server');
  redis.disconnect();
  const redisPid = Number(/process_id:(\d+)/.exec(info)?.[1] ?? 0);
  // Read at each call: a service restarted has another pid.
  const services = () =>
    Object.fromEntries(Object.entries(p.pids).flatMap(([name, pid]) => (pid ? [[name, [pid]]] : [])));
  return () => ({
    ...services(),
    postgres: postgresProcesses(postmaster),
    redis: redisPid ? [redisPid] : [],
  });
}

/** Waits (at most a minute) until one call is answered quickly again: the backlog is gone. */
async function untilIdle(url: string, headers: Record<string, string>) {
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    const t0 = performance.now();
    const res = await request(url, { headers }).catch(() => null);
    await res?.body.dump();
    if (res?.statusCode === 200 && performance.now() - t0 < 100) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function main() {
  // PostgreSQL keeps statement statistics (bench/statement-stats.ts) for the open loops' report.
  process.env.PG_STATEMENT_STATS = '1';
  log(`starting stores, identity, catalog, requests and the gateway (${cpus().length} cores)…`);
  const p = await startPlatform(root);
  const as = (email: string) => signIn(p.urls.gateway, email, demoPassword);
  const [pharmacy, ngo, admin] = [
    await as('pharmacy@medrelay.eg'),
    await as('ngo@medrelay.eg'),
    await as('admin@medrelay.eg'),
  ];
  const report: BenchReport = {
    options,
    closedLoop: [],
    ratios: {},
    answers: [],
    memory: {},
    bundles: [],
    goals: [],
  };
  const figures: Figures = { scale: options.scale, ratios: report.ratios, answers: report.answers };
  const bearer = (token: string) => ({ ...browserHeaders, authorization: `Bearer ${token}` });
  const parties = await partiesOf(p);

  // 1. The gateway's own cost on the cheapest authenticated call.
  const me = await directVersusGateway(
    options,
    'GET /api/auth/me',
    'identity',
    p,
    ['/api/auth/me'],
    pharmacy.token,
  );
  report.closedLoop.push(...me.results);
  report.ratios.authMe = me.ratio;

  if (options.scale) {
    // 2. N listings, then browse alone and direct vs gateway.
    const t0 = performance.now();
    const plan = seedPlan(options.scale, pharmacy.userId);
    await withPool(p, async (pool) => {
      const listings = await seedListings(pool, plan);
      const browsable = await browsableBy(pool, ngo.userId, visibleRecipientTypes('ngo'));
      report.seed = {
        listings,
        owners: plan.owners,
        ownListings: plan.ownListings?.count ?? 0,
        browsableByOneNgo: browsable,
        seconds: secondsSince(t0),
      };
    });
    log(
      `seeded ${report.seed!.listings} listings in ${report.seed!.seconds} s; ${report.seed!.browsableByOneNgo} browsable by one NGO`,
    );
    report.backup = await timeBackupAndRestore(p.stores.databaseUrl);
    log(
      `npm run backup: ${report.backup.rows} rows in ${report.backup.backupSeconds} s, ${report.backup.megabytes} MB; ` +
        `npm run restore into an empty database: ${report.backup.restoreSeconds} s`,
    );
    const mix = browseMix(5000);
    figures.browseAlone = await closedLoop(
      'browse mix alone, direct to catalog, 1 connection',
      (i) => ({ url: `${p.urls.catalog}${mix[i % mix.length]}`, headers: bearer(ngo.token) }),
      { connections: 1, seconds: options.seconds },
    );
    report.closedLoop.push(figures.browseAlone);
    const measured = await cpuPerCall(
      parties,
      () => directVersusGateway(options, 'browse mix', 'catalog', p, mix, ngo.token),
      (run) => run.results.reduce((n, r) => n + r.requests, 0),
    );
    const browse = measured.result;
    report.cpuMsPerCall = { 'browse mix, direct and through the gateway': measured.msPerCall };
    report.closedLoop.push(...browse.results);
    report.ratios.browse = browse.ratio;

    // 3. The owner with thousands of listings pages through them; answer sizes on the wire.
    const own = plan.ownListings?.count ?? 0;
    const pages = Math.max(1, Math.ceil(own / 20));
    report.closedLoop.push(
      await closedLoop(
        `GET /api/medicines/my pages (${own} listings), through the gateway`,
        (i) => ({
          url: `${p.urls.gateway}/api/medicines/my?page=${1 + (i % pages)}&pageSize=20`,
          headers: bearer(pharmacy.token),
        }),
        { connections: 8, seconds: options.seconds },
      ),
    );
    figures.ownPages = await answerSize(
      '/api/medicines/my page 1',
      `${p.urls.gateway}/api/medicines/my?page=1&pageSize=20`,
      pharmacy.token,
    );
    report.answers.push(
      figures.ownPages,
      await answerSize('browse, page of 20', `${p.urls.gateway}/api/medicines?pageSize=20`, ngo.token),
      await answerSize('browse, page of 100', `${p.urls.gateway}/api/medicines?pageSize=100`, ngo.token),
    );
  }

  // 3b. Export Data at national scale: its lists walked by page number and by id, then the download.
  if (options.exportScale) {
    const t0 = performance.now();
    const seeded = await withPool(p, (pool) => seedCustody(pool, options.exportScale!));
    if (!options.scale)
      await withPool(p, (pool) =>
        seedListings(pool, seedPlan(Math.ceil(options.exportScale! / 4), pharmacy.userId)),
      );
    const seedSeconds = secondsSince(t0);
    log(`seeded ${seeded.entries} custody entries, ${seeded.requests} requests in ${seedSeconds} s`);
    report.export = await withPool(p, (pool) =>
      timeExport(pool, p.urls, admin.token, { ...seeded, seedSeconds }, log),
    );
  }

  // 4. A public read and the deliberately slow sign-in.
  report.closedLoop.push(
    await closedLoop(
      'GET /api/settings, through the gateway',
      () => ({ url: `${p.urls.gateway}/api/settings`, headers: browserHeaders }),
      options,
    ),
  );
  const loginBody = JSON.stringify({ email: 'pharmacy@medrelay.eg', password: demoPassword });
  report.closedLoop.push(
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
  // 4b. Registration takes the same time whether or not its address has an account.
  log('registrations: 200 with new addresses, 200 with addresses that have an account…');
  figures.registrations = report.registrations = await timeRegistrations(p.urls.gateway, 200);
  report.memory = Object.fromEntries(
    Object.entries(p.pids).map(([name, pid]) => [`${name}RssMb`, rssMb(pid)]),
  );

  // 5. What a browser downloads, from the production builds the gateway serves.
  if (options.bundles) {
    const stale = staleFrontEnds(root);
    if (stale.length && !(await buildFrontEnds(root, stale, log)))
      throw new Error('Building the front ends failed');
    const bundles = await measureBundles(p.urls.gateway, ensureChromium(log));
    report.bundles = bundles;
    figures.landingKbTransferred = landingTransferred(report.bundles);
    figures.landingLcpMs = bundles.find((b) => b.lcpMs !== undefined)?.lcpMs;
    figures.roleKbTransferred = Object.fromEntries(
      bundles.filter((b) => / remote$/.test(b.what)).map((b) => [b.what.split(' ')[0], b.kbTransferred]),
    );
    log("Lighthouse (mobile) on /, /login and each role's first screen…");
    report.lighthouse = figures.lighthouse = await lighthouseScores(p.urls.gateway, ensureChromium(log));
  }

  // 6. Browse at a fixed rate from cold, at the seeded scale: svc-catalog is restarted (as after
  // a deploy or a crash, nothing in its memory), then browsed at the rate while the pharmacy
  // edits listings; the first seconds and the next are reported apart. Past its capacity the
  // platform still works off requests the client abandoned, so nothing else is measured until
  // that backlog is gone.
  if (options.scale) {
    log('restarting svc-catalog: browse from cold…');
    await p.restart('catalog');
    const ids = await withPool(p, async (pool) => {
      const { rows } = await pool.query<{ id: number }>(
        'SELECT id FROM catalog.medicines WHERE owner_id = $1 ORDER BY id LIMIT 500',
        [pharmacy.userId],
      );
      return rows.map((r) => r.id);
    });
    log(
      `open loop: ${options.rate} req/s with ${options.writesPerSecond} listing writes a second, ${options.warmSeconds} s from cold then ${options.openSeconds} s…`,
    );
    const writer = listingWrites(p, pharmacy.token, ids, options.writesPerSecond);
    const { result: open, statements: openStatements } = await withPool(p, (pool) =>
      costliestStatements(pool, () =>
        cpuPerCall(
          parties,
          () => browseOpenLoop(options, p, ngo.token),
          (run) => run.measured.requests + (run.warmUp?.requests ?? 0),
        ),
      ),
    );
    report.statements = { 'browse open loop': openStatements };
    const writes = await writer.stop();
    const meanwhile = `, ${writes.made} listing writes meanwhile (${writes.failed} failed)`;
    report.openLoop = { ...open.result.measured, scenario: `${open.result.measured.scenario}${meanwhile}` };
    figures.openLoop = report.openLoop;
    if (open.result.warmUp) {
      const { scenario } = open.result.warmUp;
      report.openLoopWarmUp = { ...open.result.warmUp, scenario: `${scenario} (from cold)${meanwhile}` };
      figures.openLoopWarmUp = report.openLoopWarmUp;
    }
    await untilIdle(`${p.urls.catalog}/api/medicines?pageSize=1`, bearer(ngo.token));

    // 6a. What each browse costs PostgreSQL, whatever is kept: every statement of the mix's
    // pages under EXPLAIN ANALYZE, and the worst 10.
    figures.browsePlans = report.browsePlans = await withPool(p, (pool) =>
      explainBrowseMix(pool, ngo.userId, 300),
    );
    log(`browse statements: p99 ${report.browsePlans.p99Ms} ms of PostgreSQL per browse`);
    report.cpuMsPerCall = { ...report.cpuMsPerCall, 'browse open loop, through the gateway': open.msPerCall };
    await untilIdle(`${p.urls.catalog}/api/medicines?pageSize=1`, bearer(ngo.token));

    // 6c. Near me: nearest-first browse from NGOs all over Egypt, half searched, half
    // within 25 km, while the pharmacy writes 5 listings a second; no warm-up.
    log(`near me: nearest first at ${options.rate} req/s for 20 s, 5 listing writes a second…`);
    const listingIds = await withPool(p, async (pool) => {
      const { rows } = await pool.query<{ id: number }>(
        'SELECT id FROM catalog.medicines WHERE owner_id = $1 ORDER BY id DESC LIMIT 500',
        [pharmacy.userId],
      );
      return rows.map((r) => r.id);
    });
    const { result: near, statements: nearStatements } = await withPool(p, (pool) =>
      costliestStatements(pool, () =>
        cpuPerCall(
          parties,
          () => nearMeOpenLoop(options, p, ngo.token, { token: pharmacy.token, listingIds }),
          (run) => run.first.requests + run.after.requests,
        ),
      ),
    );
    report.statements = { ...report.statements, 'near me': nearStatements };
    report.nearMe = near.result;
    figures.nearMe = { first: near.result.first, after: near.result.after };
    report.cpuMsPerCall = { ...report.cpuMsPerCall, 'near me, through the gateway': near.msPerCall };
    await untilIdle(`${p.urls.catalog}/api/medicines?pageSize=1`, bearer(ngo.token));
    // Then its capacity (after, so the open loop starts cold): the same kind of mix in a closed
    // loop of 16 connections with the same writes, and what each process and statement spends.
    const capacityWrites = listingWrites(p, pharmacy.token, listingIds, nearWritesPerSecond);
    const { result: nearCapacity, statements: nearCapacityStatements } = await withPool(p, (pool) =>
      costliestStatements(pool, () =>
        cpuPerCall(
          parties,
          () => nearMeClosedLoop(p, ngo.token, options.seconds),
          (run) => run.requests,
        ),
      ),
    );
    await capacityWrites.stop();
    report.closedLoop.push(nearCapacity.result);
    report.statements = { ...report.statements, 'near me, closed loop': nearCapacityStatements };
    report.cpuMsPerCall = {
      ...report.cpuMsPerCall,
      'near me, closed loop through the gateway': nearCapacity.msPerCall,
    };
    await untilIdle(`${p.urls.catalog}/api/medicines?pageSize=1`, bearer(ngo.token));
  }

  // 6b. Matching: 10,000 needs against the seeded listings; a listing created through
  // the gateway until its matches are stored, and the POST's own latency.
  if (options.scale) {
    const t0 = performance.now();
    const needs = await withPool(p, (pool) => seedNeeds(pool, 10_000));
    log(`seeded ${needs} needs (and the read models) in ${secondsSince(t0)} s; timing matching…`);
    figures.matching = report.matching = await withPool(p, (pool) =>
      timeMatching(pool, p.urls.gateway, pharmacy.token, { listings: options.scale!, needs }),
    );
  }

  // 7. Last, the expiry scan: its events and e-mails would disturb the other figures.
  if (options.scale) {
    const listings = options.scanScale ?? options.scale;
    if (listings > options.scale) {
      const t0 = performance.now();
      await withPool(p, (pool) =>
        seedListings(
          pool,
          { listings: listings - options.scale!, owners: seedPlan(options.scale!, 0).owners },
          0.77,
        ),
      );
      log(`seeded up to ${listings} listings for the scan in ${secondsSince(t0)} s`);
    }
    log(`expiry scan over ${listings} listings…`);
    // Straight to svc-catalog, which serves the trigger: a synchronous scan may outlast the
    // gateway's upstream timeout. A failure is reported, not fatal: the other figures stand.
    try {
      figures.scan = report.scan = await timeExpiryScan({
        triggerUrl: `${p.urls.catalog}/api/admin/expiry-scan`,
        adminToken: admin.token,
        redisUrl: p.stores.redisUrl,
        redisPrefix: p.redisPrefix,
        listings,
      });
    } catch (err) {
      report.scanError = (err as Error).message;
      log(`the expiry scan failed: ${report.scanError}`);
    }
  }

  report.goals = judgeGoals(figures);
  printReport(report);
  log(`written to ${path.relative(root, writeReport(root, report))}`);
}

try {
  await main();
} catch (err) {
  console.error(`\nThe benchmark failed: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
} finally {
  if (!stopping) await stopPlatform();
}
process.exit(process.exitCode ?? 0);
