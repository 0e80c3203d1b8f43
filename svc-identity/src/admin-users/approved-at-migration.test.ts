import { fileURLToPath } from 'node:url';
import { createPool, kitManifest, migrate, type Pool } from '@medrelay/service-kit';
import { createTestDatabase, migrationsBefore } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const migrations = fileURLToPath(new URL('../../migrations', import.meta.url));

let pool: Pool;
beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 'approved-at-migration-test', 2);
});
afterAll(() => pool.end());

const approvedAt = async (email: string) =>
  (
    await pool.query<{ approved: boolean }>(
      'SELECT approved_at IS NOT NULL AS approved FROM identity.users WHERE email = $1',
      [email],
    )
  ).rows[0]!.approved;

describe('migration 014: when an account was first approved', () => {
  it('marks accounts approved before (approved now, or suspended since) and no other; later approvals set it', async () => {
    await migrate(pool, 'identity', migrationsBefore(migrations, '014', [kitManifest]));
    const insert = async (email: string, status: string) =>
      (
        await pool.query<{ id: number }>(
          `INSERT INTO identity.users (email, password_hash, name, phone, user_type, status)
           VALUES ($1, 'x', 'User', '+201001234567', 'ngo', $2) RETURNING id`,
          [email, status],
        )
      ).rows[0]!.id;
    await insert('approved@example.com', 'approved');
    const suspended = await insert('suspended@example.com', 'rejected');
    await pool.query(
      `INSERT INTO identity.sent_mail (idempotency_key, template, recipient)
       VALUES ($1, 'account-suspended', 'suspended@example.com')`,
      [`status:${suspended}:v3`],
    );
    const rejected = await insert('rejected@example.com', 'rejected');
    await pool.query(
      `INSERT INTO identity.sent_mail (idempotency_key, template, recipient)
       VALUES ($1, 'account-rejected', 'rejected@example.com')`,
      [`status:${rejected}:v2`],
    );
    // Suspended last week with mail switched off: only its status events tell.
    const quiet = await insert('quiet@example.com', 'rejected');
    await pool.query(
      `INSERT INTO identity.outbox (id, queue, job_name, payload)
       VALUES (gen_random_uuid(), 'events.requests.users', 'user.status-changed', $1)`,
      [{ user: { id: quiet, status: 'approved' } }],
    );
    await insert('pending@example.com', 'pending');

    expect(await migrate(pool, 'identity', migrations)).toContain('014_approved_at.sql');
    expect(await approvedAt('approved@example.com')).toBe(true);
    expect(await approvedAt('suspended@example.com')).toBe(true);
    expect(await approvedAt('quiet@example.com')).toBe(true);
    expect(await approvedAt('rejected@example.com')).toBe(false);
    expect(await approvedAt('pending@example.com')).toBe(false);

    await pool.query("UPDATE identity.users SET status = 'approved' WHERE email = 'pending@example.com'");
    expect(await approvedAt('pending@example.com')).toBe(true);
    await insert('auto@example.com', 'approved');
    expect(await approvedAt('auto@example.com')).toBe(true);
  });
});
