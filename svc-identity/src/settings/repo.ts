import type { Settings } from '@medrelay/contracts';
import type { Pool, PoolClient } from '@medrelay/service-kit';

/** The stored settings (one row; none before the first save). */
export async function readSettingsValues(db: Pool | PoolClient): Promise<Partial<Settings> | null> {
  const { rows } = await db.query<{ values: Partial<Settings> }>('SELECT "values" FROM identity.settings');
  return rows[0]?.values ?? null;
}

/** The stored settings, row locked until the transaction ends (created first if missing). */
export async function lockSettingsValues(client: PoolClient): Promise<Partial<Settings>> {
  await client.query('INSERT INTO identity.settings (id) VALUES (true) ON CONFLICT DO NOTHING');
  const { rows } = await client.query<{ values: Partial<Settings> }>(
    'SELECT "values" FROM identity.settings FOR UPDATE',
  );
  return rows[0]!.values;
}

export async function writeSettingsValues(
  client: PoolClient,
  values: Settings,
  adminId: number,
): Promise<void> {
  await client.query('UPDATE identity.settings SET "values" = $1, updated_by = $2, updated_at = now()', [
    JSON.stringify(values),
    adminId,
  ]);
}
