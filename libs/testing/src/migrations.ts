import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A service's database as it was before migration `prefix` (a data-migration test migrates to
 * here, writes old rows, then runs the rest): the `.sql` files before it copied to a folder of their
 * own, with the `keep` files (service-kit's table manifest) that `migrate` reads beside them.
 */
export function migrationsBefore(migrations: string, prefix: string, keep: string[] = []): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-before-'));
  for (const file of readdirSync(migrations).filter(
    (f) => (f.endsWith('.sql') && f < prefix) || keep.includes(f),
  )) {
    cpSync(path.join(migrations, file), path.join(dir, file));
  }
  return dir;
}
