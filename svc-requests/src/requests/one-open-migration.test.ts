import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '@medrelay/service-kit';
import { createTestDatabase } from '@medrelay/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../service';

let pool: pg.Pool;
let before006: string;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase() });
  // The migrations as they were before 006, to hold duplicates the way real data may.
  before006 = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await cp(migrationsDir, before006, { recursive: true, filter: (f) => !/00[6-9]_|0[1-9][0-9]_/.test(f) });
});
afterAll(async () => {
  await pool.end();
  await rm(before006, { recursive: true, force: true });
});

describe('migration 006: one open request per requester and medicine', () => {
  it('closes existing duplicates (keeps the approved one, else the oldest), releases them, then enforces', async () => {
    await migrate(pool, 'requests', before006);
    const insert = async (requester: number, medicine: number, status: string, minutesAgo: number) =>
      (
        await pool.query<{ id: number }>(
          `INSERT INTO requests.requests (medicine_id, requester_id, owner_id, status, created_at)
           VALUES ($1, $2, 99, $3, now() - make_interval(mins => $4)) RETURNING id`,
          [medicine, requester, status, minutesAgo],
        )
      ).rows[0]!.id;
    const pendingOld = await insert(1, 10, 'pending', 30);
    const approved = await insert(1, 10, 'approved', 20);
    const pendingNew = await insert(1, 10, 'pending', 10);
    const onlyPendingOld = await insert(2, 10, 'pending', 30);
    const onlyPendingNew = await insert(2, 10, 'pending', 5);
    const completed = await insert(2, 10, 'completed', 40);
    const single = await insert(3, 10, 'pending', 1);

    expect(await migrate(pool, 'requests', migrationsDir)).toContain('006_one_open_request.sql');

    const { rows } = await pool.query<{ id: number; status: string }>(
      'SELECT id, status FROM requests.requests ORDER BY id',
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [pendingOld]: 'cancelled',
      [approved]: 'approved',
      [pendingNew]: 'cancelled',
      [onlyPendingOld]: 'pending',
      [onlyPendingNew]: 'cancelled',
      [completed]: 'completed',
      [single]: 'pending',
    });
    const releases = await pool.query<{ request_id: number }>(
      `SELECT (payload->>'requestId')::int AS request_id FROM requests.outbox
        WHERE queue = 'requests.reservation-releases' AND job_name = 'release' ORDER BY 1`,
    );
    expect(releases.rows.map((r) => r.request_id)).toEqual([pendingOld, pendingNew, onlyPendingNew]);

    await expect(insert(3, 10, 'pending', 0)).rejects.toMatchObject({
      code: '23505',
      constraint: 'requests_one_open',
    });
    // Closed requests do not count: the same pair may ask again once nothing is open.
    await expect(insert(2, 10, 'completed', 0)).resolves.toBeTypeOf('number');
  });
});

describe('migration 089: stored notices name an organisation, as new ones do', () => {
  it("turns a party's sign-in name in a stored notice into its organisation, and nothing else", async () => {
    const db = new pg.Pool({ connectionString: await createTestDatabase() });
    const before089 = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    try {
      await cp(migrationsDir, before089, {
        recursive: true,
        filter: (f) => !/(089|09[0-9]|[1-9][0-9]{2})_/.test(f),
      });
      await migrate(db, 'requests', before089);
      await db.query(
        `INSERT INTO requests.users (id, name, email, user_type, status, organization_name, version)
         VALUES (1, 'Mona Adel', 'm@x', 'ngo', 'approved', 'Al Amal', 1),
                (2, 'Nile Pharmacy', 'p@x', 'pharmacy', 'approved', NULL, 1)`,
      );
      const request = (
        await db.query<{ id: number }>(
          `INSERT INTO requests.requests (medicine_id, requester_id, owner_id, status)
           VALUES (10, 1, 2, 'cancelled') RETURNING id`,
        )
      ).rows[0]!.id;
      const notice = async (key: string, params: object) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO requests.notifications (user_id, type, title_key, message_key, params, request_id, source_key)
             VALUES ($1, 'request-new', 't', 'm', $2, $3, $4) RETURNING id`,
            [key === 'approve' ? 1 : 2, params, request, key],
          )
        ).rows[0]!.id;
      const asked = await notice('new', { requester: 'Mona Adel', quantity: 2, medicine: 'Mona Adel' });
      const cancelled = await notice('cancel', { requester: 'Mona Adel', owner: 'Mona Adel', medicine: 'X' });
      const approved = await notice('approve', { requester: 'Nile Pharmacy', owner: 'Nile Pharmacy' });

      expect(await migrate(db, 'requests', migrationsDir)).toContain('089_notice_party_names.sql');
      const { rows } = await db.query<{ id: number; params: object }>(
        'SELECT id, params FROM requests.notifications',
      );
      expect(Object.fromEntries(rows.map((r) => [r.id, r.params]))).toEqual({
        // A medicine of the same words is a medicine, not the party.
        [asked]: { requester: 'Al Amal', quantity: 2, medicine: 'Mona Adel' },
        [cancelled]: { requester: 'Al Amal', owner: 'Al Amal', medicine: 'X' },
        // A pharmacy goes by its account's name already.
        [approved]: { requester: 'Nile Pharmacy', owner: 'Nile Pharmacy' },
      });
    } finally {
      await db.end();
      await rm(before089, { recursive: true, force: true });
    }
  });
});
