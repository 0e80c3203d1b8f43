// `npm run deploy:remote -- <role>` (or `npm run deploy:remote -w mf-<role>`): builds one role's
// remote into a new versioned folder and points /mf/remotes.json at it, without touching the
// shell or the other remotes. `--activate <version>` points back at a kept version (roll back).
// MF_DEPLOY_DIR: where versions and remotes.json live (the gateway's, <root>/dist/mf by default);
// REMOTE_SOURCE_DIR: build from another checkout of the remote (inside this repository's tree,
// so its dependencies resolve), e.g. a role team's branch.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { userTypes, type UserType } from '@medrelay/contracts';
import { readDeployedRemotes, remoteVersionPattern } from '@medrelay/gateway/deployed-remotes';
import { buildOne } from './front-ends';

const root = path.resolve(import.meta.dirname, '..');
const keptVersions = 3;

/** Replaces a file in one step (write beside it, then rename): readers see the old or the new one. */
function writeAtomically(file: string, text: string) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

const lockRetryMs = 50;
/** A lock older than this is a crashed deploy's: taken over rather than waited for. */
export const staleLockMs = 30_000;
const lockWaitMs = 2 * staleLockMs;

/**
 * Runs `change` while holding `<deployDir>/remotes.json.lock` (created with O_EXCL, so one
 * deploy at a time reads and rewrites remotes.json even across machines sharing the volume).
 */
export async function withDeployLock<T>(deployDir: string, change: () => T): Promise<T> {
  const lockFile = path.join(deployDir, 'remotes.json.lock');
  const deadline = Date.now() + lockWaitMs;
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = await stat(lockFile).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > staleLockMs) {
        await rm(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`Another deploy holds ${lockFile}; try again later`);
      await setTimeout(lockRetryMs);
    }
  }
  try {
    return change();
  } finally {
    await rm(lockFile, { force: true });
  }
}

/** Points /mf/remotes.json at a deployed version of one role's remote, leaving the others as they are. */
export async function activate(deployDir: string, role: UserType, version: string) {
  if (!remoteVersionPattern.test(version)) {
    throw new Error(`${JSON.stringify(version)} is not a version (expected <YYYYMMDDhhmmss>-<8 hex digits>)`);
  }
  if (!existsSync(path.join(deployDir, role, version, 'mf-manifest.json'))) {
    throw new Error(`No deployed version ${version} of the ${role} remote in ${deployDir}`);
  }
  const file = path.join(deployDir, 'remotes.json');
  await withDeployLock(deployDir, () => {
    // Entries the gateway would skip are dropped here too; the others are kept as they are.
    const current = readDeployedRemotes(deployDir, ({ issue }) =>
      console.warn(`remotes.json: dropped a bad entry (${issue})`),
    );
    const next = [
      ...current.filter((r) => r.role !== role),
      { name: `mf_${role}`, role, entry: `/mf/${role}/${version}/mf-manifest.json` },
    ];
    writeAtomically(file, `${JSON.stringify(next, null, 2)}\n`);
  });
}

/** Keeps the newest versions (and the active one) for a quick roll back; removes older ones. */
export function prune(deployDir: string, role: UserType, active: string) {
  const versions = readdirSync(path.join(deployDir, role))
    .filter((v) => remoteVersionPattern.test(v))
    .sort()
    .reverse();
  for (const version of versions.slice(keptVersions)) {
    if (version !== active) rmSync(path.join(deployDir, role, version), { recursive: true, force: true });
  }
}

async function main() {
  const [role, flag, chosen] = process.argv.slice(2);
  if (!userTypes.includes(role as UserType)) {
    throw new Error(`Usage: npm run deploy:remote -- <${userTypes.join('|')}> [--activate <version>]`);
  }
  const deployDir = path.resolve(process.env.MF_DEPLOY_DIR ?? path.join(root, 'dist', 'mf'));
  if (flag === '--activate') {
    await activate(deployDir, role as UserType, chosen ?? '');
    console.log(`${role} remote: version ${chosen} is live`);
    return;
  }
  mkdirSync(path.join(deployDir, role), { recursive: true });
  // Built beside its final place (same file system), then renamed into place in one step.
  const staging = path.join(deployDir, role, `.staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const source = path.relative(
    root,
    path.resolve(process.env.REMOTE_SOURCE_DIR ?? path.join(root, `mf-${role}`)),
  );
  if (!(await buildOne(root, source, (line) => console.log(line), staging))) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`Building the ${role} remote failed; nothing was deployed`);
  }
  const digest = createHash('sha256')
    .update(readFileSync(path.join(staging, 'mf-manifest.json')))
    .update(readFileSync(path.join(staging, 'remoteEntry.js')))
    .digest('hex')
    .slice(0, 8);
  const version = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${digest}`;
  renameSync(staging, path.join(deployDir, role, version));
  await activate(deployDir, role as UserType, version);
  prune(deployDir, role as UserType, version);
  console.log(`${role} remote: version ${version} is live (${path.relative(root, deployDir) || deployDir})`);
}

if (process.argv[1] === import.meta.filename) {
  main().catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}
