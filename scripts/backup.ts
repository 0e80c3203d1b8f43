// `npm run backup`: every schema of the platform's database, in one snapshot, to a compressed,
// timestamped file under BACKUP_DIR (default var/backups). See scripts/backup/archive.ts.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import { backup, backupName } from './backup/archive';
import { platformDatabase } from './backup/database';

for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(event);
const directory = path.resolve(process.env.BACKUP_DIR ?? path.join(process.env.VAR_DIR ?? 'var', 'backups'));
mkdirSync(directory, { recursive: true });
const database = await platformDatabase();
try {
  const done = await backup(database.url, path.join(directory, backupName()));
  console.log(
    `Backed up ${done.rows} rows of ${done.tables} tables to ${done.file} ` +
      `(${(done.bytes / 1024 / 1024).toFixed(1)} MB, ${(done.ms / 1000).toFixed(1)} s).`,
  );
} finally {
  await database.stop();
}
