// What PostgreSQL spent its time on during a scenario, statement by statement (pg_stat_statements,
// loaded by the bench's PostgreSQL: PG_STATEMENT_STATS=1 in stores/postgres.ts). CPU per call
// (cpu.ts) says how much; this says which statements, so a slow shape is named, not guessed.
import type { Pool } from '@medrelay/service-kit';

export interface StatementCost {
  calls: number;
  /** Time inside PostgreSQL (wall time: statements running at once share the cores). */
  totalMs: number;
  meanMs: number;
  rows: number;
  /** The statement's normalised text ($n for values), cut short. */
  statement: string;
}

/** The statements of `scenario` costliest in total, at most `top`; none when the module is not loaded. */
export async function costliestStatements<T>(
  pool: Pool,
  scenario: () => Promise<T>,
  top = 10,
): Promise<{ result: T; statements: StatementCost[] }> {
  const loaded = await pool
    .query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
    .then(() => pool.query('SELECT pg_stat_statements_reset()'))
    .then(
      () => true,
      () => false,
    );
  const result = await scenario();
  if (!loaded) return { result, statements: [] };
  const { rows } = await pool.query<StatementCost>(
    `SELECT calls::int, round(total_exec_time)::int AS "totalMs",
            round((total_exec_time / calls)::numeric, 2)::float8 AS "meanMs", rows::int,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 220) AS statement
       FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time DESC LIMIT $1`,
    [top],
  );
  return { result, statements: rows };
}
