import { createPool, migrate, type Pool } from '@medrelay/service-kit';
import { createTestDatabase, uniqueEmail } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir, operatorPasswordProblems, provisionAccount } from './provisioning';

let pool: Pool;
beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 'provisioning-test', 2);
  await migrate(pool, 'identity', migrationsDir);
});
afterAll(() => pool.end());

describe('provisioned accounts (demo data, create-admin)', () => {
  it('store the phone in E.164 like registrations, and their user event carries it', async () => {
    const { id } = await provisionAccount(pool, {
      email: uniqueEmail('demo'),
      password: 'demo1234',
      name: 'Demo NGO',
      phone: '010 2222 2221',
      userType: 'ngo',
      status: 'approved',
      language: 'ar',
      organizationName: 'Resala',
      commercialNumber: 'CN-1',
    });
    const { rows } = await pool.query('SELECT phone FROM identity.users WHERE id = $1', [id]);
    expect(rows[0].phone).toBe('+201022222221');
    const events = await pool.query(
      "SELECT payload FROM identity.outbox WHERE (payload->'user'->>'id')::int = $1",
      [id],
    );
    expect(events.rows.map((r) => r.payload.user.phone)).toEqual(['+201022222221', '+201022222221']);
  });

  it('apply the password policy of a new platform to an operator’s password (create-admin)', async () => {
    const account = { email: 'ops@example.com', name: 'Ops Admin' };
    expect(await operatorPasswordProblems(pool, { ...account, password: 'demo1234' })).toEqual([
      'passwordMinPolicy',
    ]);
    expect(await operatorPasswordProblems(pool, { ...account, password: 'ops-admin-2026' })).toEqual([
      'passwordPersonal',
    ]);
    expect(await operatorPasswordProblems(pool, { ...account, password: 'a strong one' })).toEqual([]);
  });
});
