import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import { deadlineExceeded } from './errors';
import { kitMigrations, type KitTable } from './kit-migrations';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export function createPool(
  connectionString: string,
  applicationName: string,
  max = 10,
  logger?: Logger,
  /** Settings every connection of the pool starts with (`-c name=value` at connect). */
  sessionSettings: Record<string, string> = {},
): pg.Pool {
  // A caller waits at most 5 s for a free connection, then gets a 503, instead of queueing
  // until the gateway gives up.
  const options = Object.entries(sessionSettings).map(([name, value]) => `-c ${name}=${value}`);
  const pool = new pg.Pool({
    connectionString,
    application_name: applicationName,
    max,
    connectionTimeoutMillis: 5000,
    ...(options.length ? { options: options.join(' ') } : {}),
  });
  // An idle client losing its connection (server restart) is not fatal: the pool replaces it.
  pool.on('error', (err) => logger?.warn({ err: err.message }, 'idle PostgreSQL connection lost'));
  // A client checked out of the pool has no listener of the pool's: PostgreSQL going away while
  // one is held between two queries (a transaction waiting on Redis or SMTP, a session lock)
  // emitted 'error' with nobody listening, and the process died of it ('terminating connection
  // due to unexpected postmaster exit'). The holder's next query fails instead (answered 503) and
  // the pool drops the client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger?.debug({ err: err.message }, 'PostgreSQL connection lost'));
  });
  return pool;
}

export interface TransactionOptions {
  /** How long a statement may wait for a row lock before failing (PostgreSQL `lock_timeout`, e.g. `'5s'`). */
  lockTimeout?: string;
  /** A key held for the whole transaction (`pg_advisory_xact_lock`): callers with the same key go one at a time. */
  lockKey?: string;
  /**
   * The instant (epoch ms) after which the transaction must not commit: its caller has stopped
   * waiting (see `callDeadline`). Statements are cut off at it (`statement_timeout`) and the
   * commit is not sent after it; the caller of the transaction gets a 503.
   */
  deadline?: number | undefined;
}

/** Runs `work` in one transaction: everything it writes lands together or not at all. */
export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const client = await pool.connect();
  try {
    if (options.deadline !== undefined && Date.now() >= options.deadline) throw deadlineExceeded();
    return await inTransaction(client, () => work(client), options);
  } finally {
    client.release();
  }
}

/** `withTransaction` on a client the caller already holds (e.g. one keeping a session lock). */
export async function inTransaction<T>(
  client: pg.PoolClient,
  work: () => Promise<T>,
  { lockTimeout, lockKey, deadline }: TransactionOptions = {},
): Promise<T> {
  const late = () => deadline !== undefined && Date.now() >= deadline;
  await client.query('BEGIN');
  try {
    // SET cannot take parameters; the value is the caller's constant, checked to be a duration.
    if (lockTimeout !== undefined) {
      if (!/^\d+(ms|s)$/.test(lockTimeout)) throw new Error(`bad lock timeout ${lockTimeout}`);
      await client.query(`SET LOCAL lock_timeout = '${lockTimeout}'`);
    }
    if (deadline !== undefined) {
      const left = Math.max(1, Math.floor(deadline - Date.now()));
      await client.query(`SET LOCAL statement_timeout = ${left}`);
    }
    if (lockKey !== undefined) await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockKey]);
    const result = await work();
    if (late()) throw deadlineExceeded();
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    // A statement cut off by the deadline (57014) is the deadline, not a fault.
    if (late() || (deadline !== undefined && (err as { code?: string }).code === '57014')) {
      throw deadlineExceeded();
    }
    throw err;
  }
}

/** Thrown at start when an applied migration's file no longer matches what was applied. */
export class MigrationChecksumError extends Error {}

function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/** In a service's migrations folder: its `MigrateOptions` (JSON). */
export const kitManifest = 'service-kit.json';
const migrateOptionsSchema = z.strictObject({
  kitTables: z.array(z.enum(Object.keys(kitMigrations) as [KitTable, ...KitTable[]])).optional(),
  formerChecksums: z.record(z.string(), z.array(z.string().regex(/^[0-9a-f]{64}$/))).optional(),
});

export interface MigrateOptions {
  /** service-kit's tables the service has (kit-migrations.ts), created before its own files. */
  kitTables?: readonly KitTable[];
  /**
   * Per file, sums an applied file may still carry from before a deliberate, recorded edit (DDL
   * moved into service-kit, applied on every database that has the old sum): accepted, and the
   * recorded sum replaced by the current one. Any other difference still stops the start.
   */
  formerChecksums?: Readonly<Record<string, readonly string[]>>;
}

/** The advisory lock every service's migrations run under. */
const migrationLock = 'medrelay:migrate';

/**
 * Applies the service's SQL migrations (files `NNN_name.sql`, in name order) to its own schema,
 * each in a transaction, under an advisory lock so several instances may start at once.
 * Each applied file's sha256 is recorded; a file edited after it was applied stops the start
 * (it would otherwise be silently ignored and the databases would drift apart). Rows applied
 * before checksums existed get the current file's sum on the first run (backfill).
 */
export async function migrate(
  pool: pg.Pool,
  schema: string,
  directory: string,
  logger?: Logger,
  given: MigrateOptions = {},
): Promise<string[]> {
  const entries = await readdir(directory);
  const files = entries.filter((f) => f.endsWith('.sql')).sort();
  // The folder says which service-kit tables the service has (and former sums), so every caller
  // (start, --migrate-only, provisioning, tests) migrates the same way.
  const options: MigrateOptions = entries.includes(kitManifest)
    ? {
        ...migrateOptionsSchema.parse(JSON.parse(await readFile(path.join(directory, kitManifest), 'utf8'))),
        ...given,
      }
    : given;
  const kitSources = (options.kitTables ?? []).map((table) => {
    const sql = kitMigrations[table](schema);
    return { file: `service-kit/${table}.sql`, sql, sum: checksum(sql) };
  });
  const applied: string[] = [];
  const client = await pool.connect();
  try {
    // One service's migrations at a time in the whole database, not per schema: extensions are
    // database-wide, and two services creating the same one at once (`CREATE EXTENSION IF NOT
    // EXISTS pg_trgm` in catalog and requests) failed the second with a duplicate key on a fresh
    // database (seen when the benchmark started every service together).
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [migrationLock]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    await client.query(`ALTER TABLE ${schema}.migrations ADD COLUMN IF NOT EXISTS checksum text`);
    const done = new Map(
      (
        await client.query<{ name: string; checksum: string | null }>(
          `SELECT name, checksum FROM ${schema}.migrations`,
        )
      ).rows.map((r) => [r.name, r.checksum]),
    );
    const sources = [
      ...kitSources,
      ...(await Promise.all(
        files.map(async (file) => {
          const sql = await readFile(path.join(directory, file), 'utf8');
          return { file, sql, sum: checksum(sql) };
        }),
      )),
    ];
    // Check everything already applied before applying anything new.
    const mismatched: string[] = [];
    for (const { file, sum } of sources) {
      if (!done.has(file)) continue;
      const recorded = done.get(file) ?? null;
      const formerSum = recorded !== null && (options.formerChecksums?.[file] ?? []).includes(recorded);
      if (recorded === null || (recorded !== sum && formerSum)) {
        await client.query(`UPDATE ${schema}.migrations SET checksum = $2 WHERE name = $1`, [file, sum]);
        logger?.info({ schema, file }, 'migration checksum recorded');
      } else if (recorded !== sum) {
        mismatched.push(`${schema}/${file}`);
      }
    }
    if (mismatched.length > 0) {
      throw new MigrationChecksumError(
        `Migration ${mismatched.join(', ')} was edited after it was applied (its sha256 differs from ` +
          'the one recorded). Restore the file and put the change in a new migration.',
      );
    }
    for (const { file, sql, sum } of sources) {
      if (done.has(file)) continue;
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query(`INSERT INTO ${schema}.migrations (name, checksum) VALUES ($1, $2)`, [file, sum]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${schema}/${file} failed: ${(err as Error).message}`);
      }
      applied.push(file);
      logger?.info({ schema, file }, 'migration applied');
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [migrationLock]).catch(() => undefined);
    client.release();
  }
  return applied;
}
