// `npm test`: everything CI runs. Typecheck, lint, the format check, then the Vitest suites
// against real PostgreSQL, Redis and SMTP started by the suite's global set-up. Ends with one line
// `N passed, N failed` (each test counts; typecheck, lint and the format check count one each).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildFrontEnds, staleFrontEnds } from './front-ends';
import { ensureChromium } from './stores/chromium';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const resultsDir = path.join(root, 'var', 'test-results');

function run(title: string, command: string, args: string[]): Promise<boolean> {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: childEnv() });
    child.on('exit', (code) => {
      console.log(`${code === 0 ? '✔' : '✘'} ${title} (${seconds(started)} s)`);
      resolve(code === 0);
    });
  });
}

/**
 * Runs checks two at a time (one per core: tsc, eslint and prettier each use one), each one's
 * output printed whole when it ends, so two checks never interleave their lines.
 */
async function runTwoAtATime(checks: Array<[title: string, command: string, args: string[]]>) {
  const queue = [...checks];
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const [title, command, args] = check;
      const started = Date.now();
      const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: childEnv() });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      console.log(`\n▶ ${title}\n${output}${code === 0 ? '✔' : '✘'} ${title} (${seconds(started)} s)`);
      count(code === 0);
    }
  };
  await Promise.all([worker(), worker()]);
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
const childEnv = () => ({
  ...process.env,
  FORCE_COLOR: process.env.CI ? '0' : '1',
  CHROMIUM_PATH: chromiumPath,
});

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numFailedTestSuites: number;
}

// Installed first (Debian's package, as root) so a missing browser fails fast, before any test.
const chromiumPath = ensureChromium((line) => console.log(line));

let passed = 0;
let failed = 0;
const count = (ok: boolean) => (ok ? passed++ : failed++);

// Four programs: Node (services, scripts), browser (shell, remotes, their libs), end-to-end tests,
// and the service worker (its own global scope: shell/worker). Then lint, and every file as
// Prettier lays it out (.prettierrc.json; .prettierignore says what is left alone).
await runTwoAtATime([
  ...['tsconfig.web.json', 'tsconfig.json', 'tsconfig.e2e.json', 'shell/worker/tsconfig.json'].map(
    (project): [string, string, string[]] => [
      `typecheck ${project} (tsc, strict)`,
      bin('tsc'),
      ['-p', project],
    ],
  ),
  ['lint (eslint)', bin('eslint'), ['.', '--max-warnings=0']],
  ['format (prettier --check)', bin('prettier'), ['--check', '.', '--log-level=warn']],
]);

// The end-to-end tests drive the production builds in Debian's Chromium.
const stale = staleFrontEnds(root);
console.log(`\n▶ front-end builds (${stale.length ? stale.join(', ') : 'all up to date'})`);
count(await buildFrontEnds(root, stale, (line) => console.log(line)));

mkdirSync(resultsDir, { recursive: true });
const reportFile = path.join(resultsDir, 'vitest.json');
rmSync(reportFile, { force: true });
const vitestOk = await run('unit and integration tests (vitest, real PostgreSQL/Redis/SMTP)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
]);
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that failed to load, a failing global set-up or a failing afterAll hook fails no test
  // yet is a failure (vitest may even exit 0 for the hook).
  if (report.numFailedTests === 0 && (!vitestOk || report.numFailedTestSuites > 0)) {
    failed += Math.max(1, report.numFailedTestSuites);
  }
} else {
  failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
