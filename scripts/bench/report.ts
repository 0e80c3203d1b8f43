// The run's figures as tables on the terminal and as var/bench/results.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import type { ClosedLoopResult } from './closed-loop';
import type { ScanTiming } from './expiry-scan';
import type { Goal } from './goals';
import type { MatchingTiming } from './matching';
import type { OpenLoopResult } from './open-loop';
import type { BenchOptions } from './options';
import type { AnswerSize } from './scenarios';
import type { BackupTiming } from './backup';
import type { LighthouseScores } from './lighthouse';
import type { StatementCost } from './statement-stats';
import type { BrowsePlans } from './browse-plans';
import type { ExportTiming } from './export';
import type { RegistrationTiming } from './registration-timing';

export interface BenchReport {
  options: BenchOptions;
  seed?: Record<string, number>;
  closedLoop: ClosedLoopResult[];
  ratios: { authMe?: number; browse?: number };
  openLoop?: OpenLoopResult & { scenario: string };
  /** The open loop's first seconds from a restarted catalog, before the next ones (bench/browse.ts). */
  openLoopWarmUp?: OpenLoopResult & { scenario: string };
  /** PostgreSQL time per browse of the mix, and the worst 10 (bench/browse-plans.ts). */
  browsePlans?: BrowsePlans;
  /** Nearest-first browse with 5 writes a second: first 10 s, then 10 s more. */
  nearMe?: {
    first: OpenLoopResult & { scenario: string };
    after: OpenLoopResult & { scenario: string };
    writes: { made: number; failed: number };
  };
  /** PostgreSQL's costliest statements during each open loop (bench/statement-stats.ts). */
  statements?: Record<string, StatementCost[]>;
  /** CPU ms each party spent per call, by scenario (bench/cpu.ts). */
  cpuMsPerCall?: Record<string, Record<string, number>>;
  answers: AnswerSize[];
  scan?: ScanTiming;
  scanError?: string;
  /** `npm run backup` and `npm run restore` at the seeded scale (bench/backup.ts). */
  backup?: BackupTiming;
  matching?: MatchingTiming;
  /** Registrations, new addresses against ones with an account (bench/registration-timing.ts). */
  registrations?: RegistrationTiming;
  /** Export Data at `--export-scale` (bench/export.ts). */
  export?: ExportTiming;
  memory: Record<string, number>;
  bundles: object[];
  lighthouse?: LighthouseScores[];
  goals: Goal[];
}

export function printReport(r: BenchReport): void {
  const { seconds, connections, maxInFlight } = r.options;
  console.log(
    `\nclosed loops: ${seconds} s each, ${connections} connections unless shown; client and servers share ${cpus().length} cores`,
  );
  console.table(r.closedLoop);
  console.log('gateway/direct (req/s):', r.ratios);
  if (r.openLoop) {
    console.log(`\nopen loop: latency from each request's due time, in-flight cap ${maxInFlight}`);
    console.table([r.openLoopWarmUp, r.openLoop].filter((row) => row !== undefined));
    if (r.browsePlans) {
      const { worst, ...plans } = r.browsePlans;
      console.log('\nPostgreSQL time per browse of the mix (EXPLAIN ANALYZE), ms');
      console.table([plans]);
      console.table(worst);
    }
  }
  if (r.nearMe) {
    console.log(
      `\nnear me: nearest first, ${r.nearMe.writes.made} listing writes meanwhile (${r.nearMe.writes.failed} failed)`,
    );
    console.table([r.nearMe.first, r.nearMe.after]);
  }
  if (r.cpuMsPerCall) {
    console.log('\nCPU ms per call, by process (the sum bounds what the cores can serve):');
    console.table(r.cpuMsPerCall);
  }
  for (const [scenario, statements] of Object.entries(r.statements ?? {})) {
    if (!statements.length) continue;
    console.log(`\nPostgreSQL's costliest statements during ${scenario} (pg_stat_statements):`);
    console.table(statements);
  }
  if (r.answers.length) {
    console.log('\nanswers as a browser receives them:');
    console.table(r.answers);
  }
  if (r.seed) console.log('\nseed:', r.seed);
  if (r.backup) console.log('backup and restore:', r.backup);
  if (r.scan) console.log('expiry scan:', r.scan);
  if (r.scanError) console.log('expiry scan failed:', r.scanError);
  if (r.matching) console.log('matching:', r.matching);
  if (r.registrations) {
    const { newAddress, existingAccount, ...rest } = r.registrations;
    console.log('\nregistrations, ms from sending to the whole answer:', rest);
    console.table({ 'new address': newAddress, 'address with an account': existingAccount });
  }
  if (r.export) {
    const { pages, walks, ...rest } = r.export;
    console.log('\nExport Data: pages of 100 straight to the service, numbered vs by id (median ms)');
    console.table(pages);
    console.log('Export Data: whole lists walked, numbered vs by id');
    console.table(walks);
    console.log('Export Data:', rest);
  }
  console.log('memory after the run:', r.memory);
  if (r.bundles.length) {
    console.log('\nfront-end downloads (KB):');
    console.table(r.bundles);
  }
  if (r.lighthouse) {
    console.log('\nLighthouse (mobile):');
    console.table(r.lighthouse);
  }
  console.log("\ngoals (pass* = met below the goal's scale):");
  console.table(
    r.goals.map((g) => ({
      ...g,
      pass: g.pass === null ? '–' : g.pass ? (g.atGoalScale ? 'pass' : 'pass*') : 'FAIL',
    })),
  );
}

/** Writes the report to var/bench/results.json under `root`; returns the file. */
export function writeReport(root: string, r: BenchReport): string {
  const out = path.join(root, 'var', 'bench');
  mkdirSync(out, { recursive: true });
  const file = path.join(out, 'results.json');
  const machine = { cores: cpus().length, node: process.version };
  // Goals first, then the figures in the order they were measured.
  const order: Array<keyof BenchReport> = [
    'goals',
    'options',
    'seed',
    'ratios',
    'closedLoop',
    'openLoop',
    'openLoopWarmUp',
    'browsePlans',
    'nearMe',
    'cpuMsPerCall',
    'statements',
    'answers',
    'scan',
    'scanError',
    'matching',
    'registrations',
    'memory',
    'bundles',
    'lighthouse',
  ];
  const ordered = Object.fromEntries(order.map((key) => [key, r[key]]));
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), machine, ...ordered }, null, 2));
  return file;
}
