// `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` into the platform's
// database, which must be empty (--force drops the identity, catalog and requests schemas first).
// Stop the platform first: services must not write while it runs.
import exitHook from 'async-exit-hook';
import { restore, RestoreRefused } from './backup/archive';
import { platformDatabase } from './backup/database';

for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(event);
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- <backup file> [--force]');
  process.exit(2);
}
const database = await platformDatabase();
try {
  const done = await restore(database.url, file, { force: args.includes('--force') });
  console.log(
    `Restored ${done.rows} rows of ${done.tables} tables from ${file} (${(done.ms / 1000).toFixed(1)} s).`,
  );
} catch (err) {
  if (!(err instanceof RestoreRefused)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.stop();
}
