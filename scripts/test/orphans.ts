import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A test run's stores (PostgreSQL, redis-server) are processes of their own. When the run is
 * killed before its teardown (Ctrl-C twice, a CI timeout, kill -9), they live on, each holding
 * 500 MB of shared buffers or a port. So every run writes down who owns its folder and which
 * stores it started, and the next run stops the stores of folders whose owner has died.
 */

const recordName = 'stores.json';
/** A folder still without a record after this long was left by a run that died while starting. */
const startingAtMostMs = 24 * 3600 * 1000;

/** A store process and the name the kernel gives it (checked before a signal: pids are reused). */
export interface StoreProcess {
  pid: number;
  command: string;
  /** How it stops at once: SIGQUIT is PostgreSQL's immediate shutdown, which also ends its backends. */
  signal: NodeJS.Signals;
}

interface StoresRecord {
  owner: number;
  stores: StoreProcess[];
}

export function recordStores(root: string, stores: StoreProcess[], owner = process.pid): void {
  const record: StoresRecord = { owner, stores };
  writeFileSync(path.join(root, recordName), JSON.stringify(record));
}

/** The postmaster's pid, from the first line of `postmaster.pid` in its data folder. */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by another user (PostgreSQL runs as `postgres` when we are root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What the kernel calls the process now (Linux), or null when it is gone or cannot be read. */
function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * Stops the stores of earlier runs under `parent` whose owner process is gone, and removes their
 * folders. A folder with a live owner, or without a record for less than a day (a run starting),
 * is left alone; a pid that now names another program is not signalled. Returns the pids it
 * stopped.
 */
export function reapOrphanedStores(parent: string, prefix: string, now = Date.now()): number[] {
  const stopped: number[] = [];
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const folder = path.join(parent, name);
    const file = path.join(folder, recordName);
    if (!existsSync(file)) {
      if (now - statSync(folder).mtimeMs > startingAtMostMs) rmSync(folder, { recursive: true, force: true });
      continue;
    }
    let record: StoresRecord;
    try {
      record = JSON.parse(readFileSync(file, 'utf8')) as StoresRecord;
    } catch {
      continue; // being written by a run that is starting now
    }
    if (alive(record.owner)) continue;
    for (const store of record.stores) {
      if (!alive(store.pid) || commandOf(store.pid) !== store.command) continue;
      try {
        process.kill(store.pid, store.signal);
        stopped.push(store.pid);
      } catch {
        // gone in between
      }
    }
    rmSync(folder, { recursive: true, force: true });
  }
  return stopped;
}
