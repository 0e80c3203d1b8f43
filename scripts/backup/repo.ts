import type pg from 'pg';

// The SQL of backups and restores (scripts/backup/archive.ts).

export interface TableShape {
  schema: string;
  name: string;
  /** Its stored columns in order (generated ones are computed again on restore). */
  columns: string[];
}

export interface SequenceValue {
  schema: string;
  name: string;
  value: string;
}

/** Every table of `schemas` with its stored columns, in a stable order. */
export async function tablesOf(db: pg.ClientBase, schemas: readonly string[]): Promise<TableShape[]> {
  const { rows } = await db.query<TableShape>(
    `SELECT n.nspname AS schema, c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relkind = 'r' AND n.nspname = ANY($1::text[])
      GROUP BY n.nspname, c.relname
      ORDER BY n.nspname, c.relname`,
    [schemas],
  );
  return rows;
}

/** Where each sequence of `schemas` stands (never-used ones are left out). */
export async function sequencesOf(db: pg.ClientBase, schemas: readonly string[]): Promise<SequenceValue[]> {
  const { rows } = await db.query<SequenceValue>(
    `SELECT schemaname AS schema, sequencename AS name, last_value::text AS value
       FROM pg_sequences WHERE schemaname = ANY($1::text[]) AND last_value IS NOT NULL
      ORDER BY 1, 2`,
    [schemas],
  );
  return rows;
}

/** A quoted table name and column list for COPY. */
export function copyTarget(table: TableShape, client: pg.ClientBase): string {
  const ident = (name: string) => client.escapeIdentifier(name);
  return `${ident(table.schema)}.${ident(table.name)} (${table.columns.map(ident).join(', ')})`;
}

export const copyOutOf = (target: string) => `COPY ${target} TO STDOUT`;
export const copyInto = (target: string) => `COPY ${target} FROM STDIN`;

/** Opens the read-only snapshot every table of a backup is read in (one consistent point in time). */
export async function beginSnapshot(db: pg.ClientBase): Promise<void> {
  await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
}

export async function endTransaction(db: pg.ClientBase, commit = true): Promise<void> {
  await db.query(commit ? 'COMMIT' : 'ROLLBACK');
}

/** The server's version, e.g. `18.4`. */
export async function serverVersion(db: pg.ClientBase): Promise<string> {
  return (await db.query<{ v: string }>('SHOW server_version')).rows[0]!.v;
}

/** Tables already in `schemas`: a database with any is not empty. */
export async function tableCount(db: pg.ClientBase, schemas: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname = ANY($1::text[])`,
    [schemas],
  );
  return rows[0]!.n;
}

export async function dropSchemas(db: pg.ClientBase, schemas: readonly string[]): Promise<void> {
  for (const schema of schemas)
    await db.query(`DROP SCHEMA IF EXISTS ${db.escapeIdentifier(schema)} CASCADE`);
}

/**
 * Starts the restoring transaction: tables emptied of what migrations seeded, triggers and
 * foreign-key checks off until commit (rows arrive table by table; the backup was consistent).
 */
export async function beginRestore(db: pg.ClientBase, tables: readonly TableShape[]): Promise<void> {
  await db.query('BEGIN');
  await db.query('SET LOCAL session_replication_role = replica');
  if (tables.length) {
    const names = tables.map((t) => `${db.escapeIdentifier(t.schema)}.${db.escapeIdentifier(t.name)}`);
    await db.query(`TRUNCATE ${names.join(', ')} RESTART IDENTITY`);
  }
}

export async function setSequence(db: pg.ClientBase, sequence: SequenceValue): Promise<void> {
  await db.query('SELECT setval($1::regclass, $2::bigint, true)', [
    `${db.escapeIdentifier(sequence.schema)}.${db.escapeIdentifier(sequence.name)}`,
    sequence.value,
  ]);
}
