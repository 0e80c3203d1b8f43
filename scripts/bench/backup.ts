import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { backup, backupName, restore } from '../backup/archive';
import { ensureDatabase } from '../stores/postgres';

export interface BackupTiming {
  backupSeconds: number;
  megabytes: number;
  rows: number;
  restoreSeconds: number;
  restoredRows: number;
}

/**
 * `npm run backup` and `npm run restore` at the seeded scale: the platform's database backed up
 * to a file, then restored into a new empty database on the same server (dropped afterwards).
 */
export async function timeBackupAndRestore(databaseUrl: string): Promise<BackupTiming> {
  const dir = mkdtempSync(path.join(tmpdir(), 'medrelay-bench-backup-'));
  const target = new URL(databaseUrl);
  const name = 'medrelay_restore_check';
  target.pathname = `/${name}`;
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  try {
    const made = await backup(databaseUrl, path.join(dir, backupName()));
    await ensureDatabase(admin.toString(), name);
    const restored = await restore(target.toString(), made.file);
    return {
      backupSeconds: made.ms / 1000,
      megabytes: Math.round((made.bytes / 1024 / 1024) * 10) / 10,
      rows: made.rows,
      restoreSeconds: restored.ms / 1000,
      restoredRows: restored.rows,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
