// What the launcher's tests share: `npm start` run as a child with its own var/ and free ports.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../stores/ports';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface PlatformPorts {
  PG_PORT: number;
  REDIS_PORT: number;
  SMTP_PORT: number;
  IDENTITY_PORT: number;
  CATALOG_PORT: number;
  REQUESTS_PORT: number;
  PORT: number;
}

/** A fresh var/ and free ports, with the environment `npm start` reads (no store URLs: it starts its own). */
export async function launchEnvironment() {
  const varDir = mkdtempSync(path.join(tmpdir(), 'medrelay-launch-'));
  chmodSync(varDir, 0o755);
  const ports: PlatformPorts = {
    PG_PORT: await freePort(),
    REDIS_PORT: await freePort(),
    SMTP_PORT: await freePort(),
    IDENTITY_PORT: await freePort(),
    CATALOG_PORT: await freePort(),
    REQUESTS_PORT: await freePort(),
    PORT: await freePort(),
  };
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    VAR_DIR: varDir,
    NO_COLOR: '1',
  };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'SMTP_URL',
    'JWT_PRIVATE_KEY_FILE',
    'JWT_PUBLIC_KEY_FILE',
    'NODE_OPTIONS',
  ]) {
    delete env[name];
  }
  for (const [name, value] of Object.entries(ports)) env[name] = String(value);
  return { varDir, ports, env };
}

/** Runs `node scripts/start.mjs` (what `npm start` runs) and collects its output. */
export function launch(env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs'), ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = {
    output: '',
    exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))),
  };
  child.stdout.on('data', (d: Buffer) => (run.output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (run.output += d.toString()));
  return { run, interrupt: () => child.kill('SIGINT') };
}
