import { fileURLToPath } from 'node:url';
import { userEventQueues, userEventSchema } from '@medrelay/contracts';
import { normalizePhone } from '@medrelay/domain';
import { createPool, kitManifest, migrate, type Pool } from '@medrelay/service-kit';
import { createTestDatabase, migrationsBefore } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const migrations = fileURLToPath(new URL('../../migrations', import.meta.url));

/** The database as it was before migration `prefix`, with service-kit's table manifest (service-kit.json). */
const before = (prefix: string) => migrationsBefore(migrations, prefix, [kitManifest]);

let pool: Pool;
beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 'phone-migration-test', 2);
});
afterAll(() => pool.end());

// Numbers as stored before phones were kept in E.164; the migration must agree with libs/domain's normalizePhone.
const stored = [
  '01001234567',
  '010 0123 4567',
  '010-0123-4567',
  '٠١١٢٢٣٣٤٤٥٥',
  '00201221234567',
  '+20 2 2736 4100',
  '201551234567',
  '0225551234',
  '(03) 4812345',
  '+44 20 7946 0958',
  '0101',
  '01301234567',
  '12345678901',
  'call me',
];

describe('migration 004: stored phone numbers become E.164', () => {
  it('normalises the numbers that parse (as normalizePhone does), keeps the others, and tells the read models', async () => {
    await migrate(pool, 'identity', before('004'));
    const { rows: users } = await pool.query<{ id: number }>(
      `INSERT INTO identity.users (email, password_hash, name, phone, user_type, status)
       SELECT 'u' || t.ord || '@example.com', 'x', 'User ' || t.ord, t.phone,
              CASE WHEN t.ord = 1 THEN 'ngo' ELSE 'donor' END, 'approved'
         FROM unnest($1::text[]) WITH ORDINALITY AS t(phone, ord)
       ORDER BY t.ord RETURNING id`,
      [stored],
    );
    await pool.query(
      `INSERT INTO identity.ngos (user_id, organization_name, commercial_number, address)
       VALUES ($1, 'Resala', 'CN-1', 'Shubra')`,
      [users[0]!.id],
    );

    expect(await migrate(pool, 'identity', migrations)).toContain('004_phone_e164.sql');
    const { rows } = await pool.query<{ phone: string; version: number }>(
      'SELECT phone, version FROM identity.users ORDER BY id',
    );
    expect(rows.map((r) => r.phone)).toEqual(stored.map((phone) => normalizePhone(phone) ?? phone));
    expect(rows.map((r) => r.phone).slice(0, 4)).toEqual([
      '+201001234567',
      '+201001234567',
      '+201001234567',
      '+201122334455',
    ]);
    expect(rows.every((r) => r.version === 2)).toBe(true);

    // One user.updated event per user and consuming service, valid by the contract.
    const { rows: outbox } = await pool.query<{ queue: string; payload: unknown }>(
      "SELECT queue, payload FROM identity.outbox WHERE job_name = 'user.updated'",
    );
    expect(outbox).toHaveLength(stored.length * userEventQueues.length);
    const events = outbox.map((row) => userEventSchema.parse(row.payload));
    expect(events.find((e) => e.user.id === users[0]!.id)?.user).toMatchObject({
      phone: '+201001234567',
      userType: 'ngo',
      organizationName: 'Resala',
      address: 'Shubra',
      version: 2,
    });
  });
});
