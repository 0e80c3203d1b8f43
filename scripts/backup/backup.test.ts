import { existsSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createPool, migrate } from '@medrelay/service-kit';
import { seedDemoAccounts } from '@medrelay/svc-identity/provisioning';
import { createTestDatabase } from '@medrelay/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, backupName, restore, RestoreRefused, serviceSchemas } from './archive';

/** Every table of the three schemas with its rows, in a stable order: what a restore must give back. */
async function contents(pool: pg.Pool) {
  const { rows: tables } = await pool.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_schema = ANY($1::text[]) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    [serviceSchemas.map((s) => s.schema)],
  );
  const all: Record<string, unknown[]> = {};
  for (const { schema, name } of tables) {
    const { rows } = await pool.query(`SELECT to_jsonb(t) AS row FROM ${schema}.${name} t`);
    all[`${schema}.${name}`] = rows.map((r) => JSON.stringify(r.row)).sort();
  }
  return all;
}

describe('npm run backup / npm run restore', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'medrelay-backup-'));
  let sourceUrl: string;
  let source: pg.Pool;
  let file: string;

  beforeAll(async () => {
    sourceUrl = await createTestDatabase();
    source = createPool(sourceUrl, 'backup-test', 2);
    for (const { schema, migrations } of serviceSchemas) await migrate(source, schema, migrations);
    await seedDemoAccounts(source);
    file = path.join(dir, backupName(new Date('2026-11-26T02:38:33.123Z')));
  });
  afterAll(() => source.end());

  it('writes every schema, compressed, to a timestamped file', async () => {
    expect(path.basename(file)).toBe('medrelay-2026-11-26T02-38-33Z.backup.gz');
    const done = await backup(sourceUrl, file);
    expect(existsSync(file)).toBe(true);
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    expect(text.split('\n')[0]).toBe('medrelay-backup 1');
    for (const schema of ['identity', 'catalog', 'requests']) expect(text).toContain(`"schema":"${schema}"`);
    expect(done.rows).toBeGreaterThanOrEqual(10); // the ten demo accounts at least
    expect(done.bytes).toBe(readFileSync(file).length);
  });

  it('restores into an empty database everything there was, sequences included', async () => {
    const targetUrl = await createTestDatabase();
    const target = createPool(targetUrl, 'restore-test', 2);
    try {
      const done = await restore(targetUrl, file);
      expect(done.rows).toBeGreaterThanOrEqual(10);
      expect(await contents(target)).toEqual(await contents(source));
      // Numbering goes on where it was: a new row never collides with a restored one.
      const sequences = (pool: pg.Pool) =>
        pool
          .query(
            `SELECT schemaname, sequencename, last_value FROM pg_sequences
              WHERE schemaname = ANY($1::text[]) ORDER BY 1, 2`,
            [serviceSchemas.map((s) => s.schema)],
          )
          .then((r) => r.rows);
      expect(await sequences(target)).toEqual(await sequences(source));
      expect((await sequences(target)).some((s) => Number(s.last_value) >= 10)).toBe(true);
    } finally {
      await target.end();
    }
  });

  it('refuses a database that is not empty unless told, and then replaces it', async () => {
    const targetUrl = await createTestDatabase();
    const target = createPool(targetUrl, 'restore-test', 2);
    try {
      await restore(targetUrl, file);
      await target.query(`UPDATE identity.users SET name = 'Changed since'`);
      await expect(restore(targetUrl, file)).rejects.toThrow(RestoreRefused);
      expect((await target.query(`SELECT DISTINCT name FROM identity.users`)).rows).toEqual([
        { name: 'Changed since' },
      ]);
      await restore(targetUrl, file, { force: true });
      expect(await contents(target)).toEqual(await contents(source));
    } finally {
      await target.end();
    }
  });

  it('refuses a file cut short and restores nothing from it', async () => {
    const whole = gunzipSync(readFileSync(file)).toString('utf8');
    const cut = path.join(dir, 'cut.backup.gz');
    writeFileSync(cut, gzipSync(whole.slice(0, whole.lastIndexOf('SEQUENCES'))));
    const targetUrl = await createTestDatabase();
    const target = createPool(targetUrl, 'restore-test', 2);
    try {
      await expect(restore(targetUrl, cut)).rejects.toThrow(/cut short/);
      const { rows } = await target.query(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = ANY($1::text[])`,
        [serviceSchemas.map((s) => s.schema)],
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await target.end();
    }
  });
});
