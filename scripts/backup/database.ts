import path from 'node:path';
import { isListening } from '../stores/ports';
import { ensureDatabase } from '../stores/postgres';
import { databaseName, resolvePostgres } from '../stores/resolve';

/**
 * The database `npm run backup` and `npm run restore` work on: DATABASE_URL when set, else the
 * embedded PostgreSQL of `npm start` (var/pg), the running one or one started for the command.
 */
export async function platformDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  const varDir = process.env.VAR_DIR ? path.resolve(process.env.VAR_DIR) : path.resolve('var');
  const pgPort = Number(process.env.PG_PORT ?? 54329);
  if (!process.env.DATABASE_URL && (await isListening(pgPort))) {
    const base = `postgres://postgres:postgres@127.0.0.1:${pgPort}`;
    await ensureDatabase(`${base}/postgres`, databaseName);
    return { url: `${base}/${databaseName}`, stop: async () => undefined };
  }
  const postgres = await resolvePostgres(varDir, () => undefined);
  return { url: postgres.url, stop: postgres.stop };
}
