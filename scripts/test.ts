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
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1', CHROMIUM_PATH: chromiumPath },
    });
    child.on('exit', (code) => {
      console.log(`${code === 0 ? '✔' : '✘'} ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      resolve(code === 0);
    });
  });
}

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
// and the service worker (its own global scope: shell/worker).
for (const project of [
  'tsconfig.json',
  'tsconfig.web.json',
  'tsconfig.e2e.json',
  'shell/worker/tsconfig.json',
]) {
  count(await run(`typecheck ${project} (tsc, strict)`, bin('tsc'), ['-p', project]));
}
count(await run('lint (eslint)', bin('eslint'), ['.', '--max-warnings=0']));
// Every file as Prettier lays it out (.prettierrc.json; .prettierignore says what is left alone).
count(await run('format (prettier --check)', bin('prettier'), ['--check', '.', '--log-level=warn']));

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
