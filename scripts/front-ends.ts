// Building the browser side: the shell and the four role remotes, each a webpack production
// build into its own dist/. Used by `npm run build`, by `npm start` and by `npm test`.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const frontEndApps = ['shell', 'mf-pharmacy', 'mf-ngo', 'mf-donor', 'mf-admin'] as const;

/** What every front end compiles in besides its own folder. */
const sharedSources = [
  'libs/ui',
  'libs/i18n',
  'libs/api-client',
  'libs/contracts',
  'libs/domain',
  'libs/webpack-config',
  // A dependency bump or a compiler setting changes the output too.
  'package-lock.json',
  'tsconfig.base.json',
];
const stampName = '.build-stamp';

function newestChange(dir: string): number {
  if (!existsSync(dir)) return 0;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Apps whose dist is missing or older than their sources or the shared libraries. */
export function staleFrontEnds(root: string): string[] {
  const shared = Math.max(...sharedSources.map((dir) => newestChange(path.join(root, dir))));
  return frontEndApps.filter((app) => {
    const stamp = path.join(root, app, 'dist', stampName);
    if (!existsSync(stamp)) return true;
    return Math.max(shared, newestChange(path.join(root, app))) > statSync(stamp).mtimeMs;
  });
}

/**
 * A production build of one app into its dist/ (stamped), or into `outputPath` (a versioned
 * deploy of a remote, not stamped: the app's own dist/ is left as it was).
 */
export function buildOne(
  root: string,
  app: string,
  log: (line: string) => void,
  outputPath?: string,
): Promise<boolean> {
  const started = Date.now();
  const args = ['--mode', 'production', ...(outputPath ? ['--output-path', outputPath] : [])];
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'webpack'), args, {
      cwd: path.join(root, app),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      if (code === 0) {
        if (!outputPath) writeFileSync(path.join(root, app, 'dist', stampName), new Date().toISOString());
        log(`built ${app} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } else {
        log(`building ${app} failed:\n${output}`);
      }
      resolve(code === 0);
    });
  });
}

/** Builds the given apps, two at a time (one per core of the machines this runs on). */
export async function buildFrontEnds(root: string, apps: readonly string[], log: (line: string) => void) {
  const queue = [...apps];
  let ok = true;
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) ok = (await buildOne(root, app, log)) && ok;
  };
  await Promise.all([worker(), worker()]);
  return ok;
}
