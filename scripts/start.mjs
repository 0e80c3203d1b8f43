#!/usr/bin/env node
// Entry point of the npm scripts. Plain JavaScript with no dependencies, so it runs on a fresh
// clone: installs what is missing, then hands over to the TypeScript script for the command.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`MedRelay needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
  process.exit(1);
}

function dependenciesStale() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) return true;
  const lock = path.join(root, 'package-lock.json');
  return existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000;
}

if (dependenciesStale()) {
  console.log('Installing dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const commands = {
  '--test': 'test.ts',
  '--create-admin': 'create-admin.ts',
  '--bench': 'bench.ts',
  '--build': 'build.ts',
  '--deploy-remote': 'deploy-remote.ts',
  '--backup': 'backup.ts',
  '--restore': 'restore.ts',
};
const flag = process.argv[2];
const script = commands[flag] ?? 'launcher.ts';
const args = commands[flag] ? process.argv.slice(3) : process.argv.slice(2);
// The command runs in its own process group with everything it starts (PostgreSQL, Redis,
// services), so a Ctrl-C reaches only this process, which passes it on once; the command then
// stops its parts in order instead of all of them dying at the same moment.
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', script), ...args], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
