// `npm run deploy:remote -- <role>` (or `npm run deploy:remote -w mf-<role>`): builds one role's
// remote into a new versioned folder and points /mf/remotes.json at it, without touching the
// shell or the other remotes. `--activate <version>` points back at a kept version (roll back).
// MF_DEPLOY_DIR: where versions and remotes.json live (the gateway's, <root>/dist/mf by default);
// REMOTE_SOURCE_DIR: build from another checkout of the remote (inside this repository's tree,
// so its dependencies resolve), e.g. a role team's branch.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { userTypes, type UserType } from '@medrelay/contracts';
import { buildOne } from './front-ends';

const root = path.resolve(import.meta.dirname, '..');
const keptVersions = 3;

interface RemoteLocation {
  name: string;
  role: UserType;
  entry: string;
}

/** Replaces a file in one step (write beside it, then rename): readers see the old or the new one. */
function writeAtomically(file: string, text: string) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** Points /mf/remotes.json at a deployed version of one role's remote, leaving the others as they are. */
export function activate(deployDir: string, role: UserType, version: string) {
  if (!existsSync(path.join(deployDir, role, version, 'mf-manifest.json'))) {
    throw new Error(`No deployed version ${version} of the ${role} remote in ${deployDir}`);
  }
  const file = path.join(deployDir, 'remotes.json');
  const current: RemoteLocation[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const next = [
    ...current.filter((r) => r.role !== role),
    { name: `mf_${role}`, role, entry: `/mf/${role}/${version}/mf-manifest.json` },
  ];
  writeAtomically(file, `${JSON.stringify(next, null, 2)}\n`);
}

/** Keeps the newest versions (and the active one) for a quick roll back; removes older ones. */
export function prune(deployDir: string, role: UserType, active: string) {
  const versions = readdirSync(path.join(deployDir, role))
    .filter((v) => !v.startsWith('.'))
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
    activate(deployDir, role as UserType, chosen ?? '');
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
  activate(deployDir, role as UserType, version);
  prune(deployDir, role as UserType, version);
  console.log(`${role} remote: version ${version} is live (${path.relative(root, deployDir) || deployDir})`);
}

if (process.argv[1] === import.meta.filename) {
  main().catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}
