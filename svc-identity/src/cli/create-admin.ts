import { parseArgs } from 'node:util';
import { emailField, nameField, passwordField } from '@medrelay/contracts';
import { createPool, loadConfig, migrate, withTransaction } from '@medrelay/service-kit';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { hashPassword } from '../passwords';
import { insertUser } from '../users/repo';

/** `npm run create-admin -- --email … --password … --name …`: admins are never self-registered. */
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, phone: { type: 'string' } },
});
const input = z
  .object({ email: emailField, password: passwordField, name: nameField, phone: z.string().default('0000000000') })
  .safeParse(values);
if (!input.success) {
  console.error('Usage: npm run create-admin -- --email <email> --password <at least 6 chars> --name <name>');
  for (const issue of input.error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}
const config = loadConfig({ DATABASE_URL: z.string().min(1) });
const pool = createPool(config.DATABASE_URL, 'create-admin', 1);
await migrate(pool, 'identity', fileURLToPath(new URL('../../migrations', import.meta.url)));
const passwordHash = await hashPassword(input.data.password);
const id = await withTransaction(pool, (client) =>
  insertUser(client, { ...input.data, passwordHash, userType: 'admin', status: 'approved', language: 'en' }),
);
await pool.end();
if (id === null) {
  console.error(`An account with the e-mail ${input.data.email} already exists.`);
  process.exit(1);
}
console.log(`Administrator ${input.data.email} created (id ${id}).`);
