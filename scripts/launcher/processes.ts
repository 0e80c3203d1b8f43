import { spawn, type ChildProcess } from 'node:child_process';
import { forEachLine, prefixer } from './logs';

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
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
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const print = prefixer(name, index);
  forEachLine(child.stdout!, print);
  forEachLine(child.stderr!, print);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, exited };
}

/** SIGTERM, then SIGKILL if it has not stopped within the bound. */
export async function stopProcess(service: ServiceProcess, timeoutMs = 12_000): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  service.child.kill('SIGTERM');
  const timer = setTimeout(() => service.child.kill('SIGKILL'), timeoutMs);
  await service.exited;
  clearTimeout(timer);
}
