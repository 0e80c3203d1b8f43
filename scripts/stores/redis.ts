import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { Redis } from 'ioredis';
import { ensureDebianPackage } from './debian-package';
import { exitOf } from './postgres';
import { waitFor } from './ports';

export interface RunningRedis {
  url: string;
  pid: number;
  /** Settles when redis-server has exited, with how. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

/**
 * Makes sure `redis-server` is on PATH. No npm package ships a Redis binary: on Debian as root
 * we install Debian's package; anywhere else we say exactly what to install.
 */
export function ensureRedisServer(log: (line: string) => void): void {
  ensureDebianPackage(
    'redis-server',
    'redis-server',
    'redis-server is not installed. Install Redis 7 (Debian/Ubuntu: `sudo apt-get install redis-server`, ' +
      'macOS: `brew install redis`) or set REDIS_URL to a running Redis.',
    log,
  );
}

/** Starts redis-server with AOF on and the noeviction policy BullMQ needs, data under `dataDir`. */
export async function startRedis(
  dataDir: string,
  port: number,
  log: (line: string) => void = () => {},
): Promise<RunningRedis> {
  ensureRedisServer(log);
  mkdirSync(dataDir, { recursive: true });
  const child: ChildProcess = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dataDir,
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
      '--save',
      '',
      '--protected-mode',
      'yes',
    ],
    // Its own process group: a Ctrl-C reaches the launcher, which stops Redis last.
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  child.stdout?.on('data', (d: Buffer) => log(d.toString().trimEnd()));
  child.stderr?.on('data', (d: Buffer) => log(d.toString().trimEnd()));
  const url = `redis://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitFor(async () => {
    if (exited) throw new Error('redis-server exited during start (see its log)');
    // Bounded: whatever else answers on the port (a process still exiting) must not hold the start.
    const probe = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: 1000,
      commandTimeout: 1000,
      enableReadyCheck: false,
    });
    probe.on('error', () => undefined); // refused while redis-server boots
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  }, 'redis-server');
  return {
    url,
    pid: child.pid!,
    exited: exitOf(child),
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
