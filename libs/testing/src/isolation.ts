import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testStores } from './stores';

/** A short random name, so each test file has its own database and Redis key prefix. */
export function uniqueName(prefix = 't'): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

/** Creates an empty database for one test file and returns its URL. */
export async function createTestDatabase(): Promise<string> {
  const { postgresBaseUrl } = testStores();
  const name = uniqueName('db');
  const client = new pg.Client({ connectionString: `${postgresBaseUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return `${postgresBaseUrl}/${name}`;
}

/** A unique e-mail address for one test, so mail assertions never see another test's messages. */
export function uniqueEmail(label = 'user'): string {
  return `${label}.${randomBytes(4).toString('hex')}@example.test`;
}
