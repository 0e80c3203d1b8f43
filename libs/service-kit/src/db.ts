import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export function createPool(
  connectionString: string,
  applicationName: string,
  max = 10,
  logger?: Logger,
): pg.Pool {
  // A caller waits at most 5 s for a free connection, then gets a 503, instead of queueing
  // until the gateway gives up.
  const pool = new pg.Pool({
    connectionString,
    application_name: applicationName,
    max,
    connectionTimeoutMillis: 5000,
  });
  // An idle client losing its connection (server restart) is not fatal: the pool replaces it.
  pool.on('error', (err) => logger?.warn({ err: err.message }, 'idle PostgreSQL connection lost'));
  return pool;
}

/** Runs `work` in one transaction: everything it writes lands together or not at all. */
export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Applies the service's SQL migrations (files `NNN_name.sql`, in name order) to its own schema,
 * each in a transaction, under an advisory lock so several instances may start at once.
 */
export async function migrate(
  pool: pg.Pool,
  schema: string,
  directory: string,
  logger?: Logger,
): Promise<string[]> {
  const files = (await readdir(directory)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await client.query<{ name: string }>(`SELECT name FROM ${schema}.migrations`)).rows.map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(directory, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query(`INSERT INTO ${schema}.migrations (name) VALUES ($1)`, [file]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${schema}/${file} failed: ${(err as Error).message}`);
      }
      applied.push(file);
      logger?.info({ schema, file }, 'migration applied');
    }
  } finally {
    await client
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`])
      .catch(() => undefined);
    client.release();
  }
  return applied;
}
