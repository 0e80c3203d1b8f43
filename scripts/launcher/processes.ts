import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { forEachLine, prefixer } from './logs';

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** A process started as a warm spare: its modules loaded, its entry waiting for `go()`. */
export interface SpareProcess extends ServiceProcess {
  /** Resolves once its modules are loaded. */
  warm: Promise<void>;
  go(): void;
}

const standbyModule = path.join(import.meta.dirname, 'standby.ts');

function spawnEntry(
  name: string,
  index: number,
  cwd: string,
  entry: string,
  env: Record<string, string>,
  preload?: readonly string[],
) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...(preload ? ['--import', standbyModule] : []), entry],
    {
      cwd,
      env: { ...process.env, ...env, ...(preload ? { MEDRELAY_STANDBY: JSON.stringify(preload) } : {}) },
      stdio: preload ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  const print = prefixer(name, index);
  forEachLine(child.stdout!, print);
  forEachLine(child.stderr!, print);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, exited };
}

/**
 * Runs a TypeScript entry point with tsx in its own process group, so a Ctrl-C reaches only the
 * launcher, which then stops everything in order.
 */
export function startProcess(
  name: string,
  index: number,
  cwd: string,
  entry: string,
  env: Record<string, string>,
): ServiceProcess {
  return spawnEntry(name, index, cwd, entry, env);
}

/** Like `startProcess`, but the entry runs only on `go()`; until then it loads `preload` (paths from `cwd`). */
export function startSpare(
  name: string,
  index: number,
  cwd: string,
  entry: string,
  env: Record<string, string>,
  preload: readonly string[],
): SpareProcess {
  const started = spawnEntry(name, index, cwd, entry, env, preload);
  const warm = new Promise<void>((resolve) => started.child.once('message', () => resolve()));
  return {
    ...started,
    warm,
    // Only once warm: the spare listens for the word before it loads anything, not before it starts.
    go: () =>
      void warm.then(() => {
        if (started.child.connected) started.child.send('go');
        started.child.channel?.unref();
      }),
  };
}

/** SIGTERM, then SIGKILL if it has not stopped within the bound. */
export async function stopProcess(service: ServiceProcess, timeoutMs = 12_000): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  service.child.kill('SIGTERM');
  const timer = setTimeout(() => service.child.kill('SIGKILL'), timeoutMs);
  await service.exited;
  clearTimeout(timer);
}
