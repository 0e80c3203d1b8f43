import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, kitManifest, migrate, MigrationChecksumError, withTransaction, type Pool } from './db';
import type { Request, Response } from 'express';
import { pino } from 'pino';
import { errorHandler, isOutage } from './errors';
import { kitMigrations } from './kit-migrations';

let pool: Pool;
beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 'kit-test');
});
afterAll(() => pool.end());

function migrations(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(dir, name), sql);
  return dir;
}

describe('migrate', () => {
  it('applies files in name order once, even when instances start together', async () => {
    const dir = migrations({
      '002_add.sql': 'ALTER TABLE kit_a.things ADD COLUMN size int;',
      '001_create.sql': 'CREATE TABLE kit_a.things (id int PRIMARY KEY);',
    });
    const runs = await Promise.all([
      migrate(pool, 'kit_a', dir),
      migrate(pool, 'kit_a', dir),
      migrate(pool, 'kit_a', dir),
    ]);
    expect(runs.flat()).toEqual(['001_create.sql', '002_add.sql']);
    expect(await migrate(pool, 'kit_a', dir)).toEqual([]);
    const { rows } = await pool.query(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = 'kit_a' AND table_name = 'things' ORDER BY ordinal_position",
    );
    expect(rows.map((r) => r.column_name)).toEqual(['id', 'size']);
  });

  it('lets services of one database create the same extension at once', async () => {
    // Each migration creates the extension and then waits for a lock this test holds, so the
    // two overlap whatever order they start in; before migrations were serialized across
    // schemas, the second failed with a duplicate key once the first committed.
    const body = 'CREATE EXTENSION IF NOT EXISTS fuzzystrmatch; SELECT pg_advisory_xact_lock(4242);';
    const [first, second] = [migrations({ '001_ext.sql': body }), migrations({ '001_ext.sql': body })];
    const holder = await pool.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(4242)');
      const runs = Promise.allSettled([migrate(pool, 'kit_g', first), migrate(pool, 'kit_h', second)]);
      await waitUntil(
        async () => {
          const { rows } = await holder.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          );
          return rows[0]!.n >= 2;
        },
        { what: 'both migrations to be waiting' },
      );
      await holder.query('SELECT pg_advisory_unlock(4242)');
      const results = await runs;
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual([
        ['001_ext.sql'],
        ['001_ext.sql'],
      ]);
    } finally {
      holder.release();
    }
  });

  it('rolls a failing migration back whole and names it', async () => {
    const dir = migrations({ '001_bad.sql': 'CREATE TABLE kit_b.ok (id int); SELECT * FROM kit_b.missing;' });
    await expect(migrate(pool, 'kit_b', dir)).rejects.toThrow(/kit_b\/001_bad.sql failed/);
    const { rowCount } = await pool.query(
      "SELECT 1 FROM information_schema.tables WHERE table_schema = 'kit_b' AND table_name = 'ok'",
    );
    expect(rowCount).toBe(0);
  });
});

describe('migration checksums', () => {
  it('refuses to start when an applied migration was edited, naming the file', async () => {
    const dir = migrations({ '001_create.sql': 'CREATE TABLE kit_c.things (id int PRIMARY KEY);' });
    await migrate(pool, 'kit_c', dir);
    writeFileSync(path.join(dir, '001_create.sql'), 'CREATE TABLE kit_c.things (id bigint PRIMARY KEY);');
    writeFileSync(path.join(dir, '002_more.sql'), 'CREATE TABLE kit_c.more (id int);');
    const run = migrate(pool, 'kit_c', dir);
    await expect(run).rejects.toThrow(MigrationChecksumError);
    await expect(migrate(pool, 'kit_c', dir)).rejects.toThrow(/kit_c\/001_create\.sql was edited/);
    // Nothing new is applied past a mismatch.
    const { rowCount } = await pool.query(
      "SELECT 1 FROM information_schema.tables WHERE table_schema = 'kit_c' AND table_name = 'more'",
    );
    expect(rowCount).toBe(0);
  });

  it('records checksums for migrations applied before checksums existed, then checks them', async () => {
    const dir = migrations({ '001_create.sql': 'CREATE TABLE kit_d.things (id int PRIMARY KEY);' });
    // A database migrated by the old runner: the table has no checksum column.
    await pool.query('CREATE SCHEMA kit_d');
    await pool.query(
      'CREATE TABLE kit_d.migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await pool.query('CREATE TABLE kit_d.things (id int PRIMARY KEY)');
    await pool.query("INSERT INTO kit_d.migrations (name) VALUES ('001_create.sql')");
    expect(await migrate(pool, 'kit_d', dir)).toEqual([]);
    const { rows } = await pool.query('SELECT checksum FROM kit_d.migrations');
    expect(rows[0].checksum).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(
      path.join(dir, '001_create.sql'),
      '-- edited\nCREATE TABLE kit_d.things (id int PRIMARY KEY);',
    );
    await expect(migrate(pool, 'kit_d', dir)).rejects.toThrow(/kit_d\/001_create\.sql/);
  });
});

describe("service-kit's own tables", () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  const tables = async (schema: string) =>
    (
      await pool.query<{ table_name: string }>(
        'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
        [schema],
      )
    ).rows.map((r) => r.table_name);

  it('creates the tables a service names before its own files, and records them', async () => {
    const dir = migrations({
      // The service's own file already uses the outbox: it must exist first.
      '001_things.sql':
        'CREATE TABLE kit_e.things (id int); CREATE INDEX things_outbox ON kit_e.outbox (queue);',
      [kitManifest]: JSON.stringify({ kitTables: ['outbox', 'inbox'] }),
    });
    expect(await migrate(pool, 'kit_e', dir)).toEqual([
      'service-kit/outbox.sql',
      'service-kit/inbox.sql',
      '001_things.sql',
    ]);
    expect(await tables('kit_e')).toEqual(['inbox', 'migrations', 'outbox', 'things']);
    expect(await migrate(pool, 'kit_e', dir)).toEqual([]);
  });

  it('keeps a database made when the service declared those tables itself working', async () => {
    // Before: the service's 001 created its own outbox, and was applied.
    const before = `CREATE TABLE kit_f.things (id int);\n${kitMigrations.outbox('kit_f').replace(/ IF NOT EXISTS/g, '')}`;
    const dir = migrations({ '001_things.sql': before });
    await migrate(pool, 'kit_f', dir);
    await pool.query(
      "INSERT INTO kit_f.outbox (id, queue, job_name, payload) VALUES (gen_random_uuid(), 'q', 'j', '{}')",
    );
    // After: 001 without it, service-kit's outbox first, the old sum named as a former one.
    writeFileSync(path.join(dir, '001_things.sql'), 'CREATE TABLE kit_f.things (id int);');
    writeFileSync(path.join(dir, kitManifest), JSON.stringify({ kitTables: ['outbox'] }));
    // Without the former sum the edit is refused as any other.
    await expect(migrate(pool, 'kit_f', dir)).rejects.toThrow(MigrationChecksumError);
    writeFileSync(
      path.join(dir, kitManifest),
      JSON.stringify({ kitTables: ['outbox'], formerChecksums: { '001_things.sql': [sha(before)] } }),
    );
    expect(await migrate(pool, 'kit_f', dir)).toEqual(['service-kit/outbox.sql']);
    expect(await migrate(pool, 'kit_f', dir)).toEqual([]);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM kit_f.outbox');
    expect(rows[0].n).toBe(1);
    const recorded = await pool.query("SELECT checksum FROM kit_f.migrations WHERE name = '001_things.sql'");
    expect(recorded.rows[0].checksum).toBe(sha('CREATE TABLE kit_f.things (id int);'));
  });
});

describe('withTransaction', () => {
  it('commits on success and rolls back on error', async () => {
    await pool.query('CREATE TABLE IF NOT EXISTS public.tx_probe (v int)');
    await withTransaction(pool, (c) => c.query('INSERT INTO public.tx_probe VALUES (1)'));
    await expect(
      withTransaction(pool, async (c) => {
        await c.query('INSERT INTO public.tx_probe VALUES (2)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await pool.query('SELECT v FROM public.tx_probe');
    expect(rows).toEqual([{ v: 1 }]);
  });

  it("ends a deadlock's chosen transaction as an outage: answered 503 and waited out by jobs, never a 500", async () => {
    await pool.query('CREATE TABLE IF NOT EXISTS public.deadlock_probe (id int PRIMARY KEY, v int)');
    await pool.query('INSERT INTO public.deadlock_probe VALUES (1, 0), (2, 0) ON CONFLICT DO NOTHING');
    // Two transactions take the same two rows in opposite orders, each waiting for the other.
    let bothHoldOne!: () => void;
    const firstRows = new Promise<void>((resolve) => {
      let held = 0;
      bothHoldOne = () => {
        if (++held === 2) resolve();
      };
    });
    const crossing = (first: number, second: number) =>
      withTransaction(pool, async (c) => {
        await c.query('UPDATE public.deadlock_probe SET v = v + 1 WHERE id = $1', [first]);
        bothHoldOne();
        await firstRows;
        await c.query('UPDATE public.deadlock_probe SET v = v + 1 WHERE id = $1', [second]);
      });
    const outcomes = await Promise.allSettled([crossing(1, 2), crossing(2, 1)]);
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failed.map((f) => (f.reason as { code?: string }).code)).toEqual(['40P01']);
    expect(isOutage(failed[0]!.reason)).toBe(true);
    // A request that met it is told to try again, in its language.
    const answer: { status?: number; body?: unknown; headers?: unknown } = {};
    const res = {
      set: (headers: unknown) => ((answer.headers = headers), res),
      status: (status: number) => ((answer.status = status), res),
      json: (body: unknown) => ((answer.body = body), res),
    };
    const req = { originalUrl: '/api/x', method: 'PUT', headers: { 'accept-language': 'ar' } };
    errorHandler(pino({ level: 'silent' }))(
      failed[0]!.reason,
      req as unknown as Request,
      res as unknown as Response,
      () => undefined,
    );
    expect(answer).toMatchObject({
      status: 503,
      headers: { 'Retry-After': '5' },
      body: { code: 'STORE_UNAVAILABLE', message: expect.stringMatching(/\p{Script=Arabic}/u) },
    });
  });
});
