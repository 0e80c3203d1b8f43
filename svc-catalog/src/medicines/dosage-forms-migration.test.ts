import { fileURLToPath } from 'node:url';
import { dosageForms } from '@medrelay/domain';
import { createPool, kitManifest, migrate, type Pool } from '@medrelay/service-kit';
import { createTestDatabase, migrationsBefore } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const migrations = fileURLToPath(new URL('../../migrations', import.meta.url));

/** The database as it was before migration `prefix`, with service-kit's table manifest (service-kit.json). */
const before = (prefix: string) => migrationsBefore(migrations, prefix, [kitManifest]);

let pool: Pool;
beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 'dosage-forms-test', 2);
});
afterAll(() => pool.end());

// Free text as people typed it before dosage forms were keys, and the key it should become.
const cases: Array<[string, string]> = [
  ['Tablets', 'tablets'],
  ['T', 'tablets'],
  ['tab', 'tablets'],
  ['Tab.', 'tablets'],
  [' TABS ', 'tablets'],
  ['Effervescent tablets', 'tablets'],
  ['أقراص', 'tablets'],
  ['caps', 'capsules'],
  ['Capsule', 'capsules'],
  ['كبسولات', 'capsules'],
  ['syr', 'syrup'],
  ['Dry Syrup', 'syrup'],
  ['شراب', 'syrup'],
  ['Susp.', 'suspension'],
  ['Oral suspension', 'suspension'],
  ['inj', 'injection'],
  ['Injection', 'injection'],
  ['Ampoules', 'injection'],
  ['Vial', 'injection'],
  ['Pen', 'injection'],
  ['حقن', 'injection'],
  ['Inhaler', 'inhaler'],
  ['Eye Drops', 'drops'],
  ['نقط', 'drops'],
  ['Cream', 'cream'],
  ['Ointment', 'ointment'],
  ['مرهم', 'ointment'],
  ['Gel', 'gel'],
  ['Nasal spray', 'spray'],
  ['Suppositories', 'suppository'],
  ['لبوس', 'suppository'],
  ['Sachets', 'sachet'],
  ['Patch', 'patch'],
  ['Antibiotic', 'other'],
  ['Effervescent', 'other'],
  ['', 'other'],
];

describe('migration 006: free-text types become dosage form keys', () => {
  it('maps each stored text to the nearest key or other, then refuses anything but a key', async () => {
    await migrate(pool, 'catalog', before('006'));
    const { rows: inserted } = await pool.query<{ id: number }>(
      `INSERT INTO catalog.medicines (owner_id, source, name, type, quantity, expiry_date)
       SELECT 1, 'pharmacy', 'Medicine ' || t.ord, t.type, 1, now() + interval '30 days'
         FROM unnest($1::text[]) WITH ORDINALITY AS t(type, ord)
       ORDER BY t.ord RETURNING id`,
      [cases.map(([text]) => text)],
    );
    expect(inserted).toHaveLength(cases.length);

    expect(await migrate(pool, 'catalog', migrations)).toEqual(
      expect.arrayContaining(['006_dosage_forms.sql', '006_users_phone.sql']),
    );
    const { rows } = await pool.query<{ id: number; type: string }>(
      'SELECT id, type FROM catalog.medicines WHERE id = ANY($1) ORDER BY id',
      [inserted.map((r) => r.id)],
    );
    expect(rows.map((r, i) => [cases[i]![0], r.type])).toEqual(cases);

    for (const key of dosageForms) {
      await pool.query(
        `INSERT INTO catalog.medicines (owner_id, source, name, type, quantity, expiry_date)
         VALUES (1, 'donor', 'Key', $1, 1, now())`,
        [key],
      );
    }
    await expect(
      pool.query(
        `INSERT INTO catalog.medicines (owner_id, source, name, type, quantity, expiry_date)
         VALUES (1, 'donor', 'Free text', 'Tablets', 1, now())`,
      ),
    ).rejects.toThrow(/medicines_type_dosage_form/);
  });
});
