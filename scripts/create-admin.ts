// npm run create-admin -- --email <email> --password <password> --name <name> [--phone <phone>]
// Administrators are never self-registered. Uses DATABASE_URL, else the embedded PostgreSQL
// under var/ (started for the moment if `npm start` is not running).
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  emailField,
  isMessageKey,
  nameField,
  passwordField,
  phoneField,
  translate,
} from '@medrelay/contracts';
import { createPool, migrate } from '@medrelay/service-kit';
import {
  migrationsDir,
  operatorPasswordProblems,
  provisionAccount,
} from '@medrelay/svc-identity/provisioning';
import { z } from 'zod';
import { databaseName, resolvePostgres } from './stores/resolve';
import { isListening } from './stores/ports';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    phone: { type: 'string' },
  },
});
const input = z
  .object({
    email: emailField,
    password: passwordField,
    name: nameField,
    phone: phoneField.default('0000000000'),
  })
  .safeParse(values);
if (!input.success) {
  console.error(
    'Usage: npm run create-admin -- --email <email> --password <see the password policy> --name <name> [--phone <phone>]',
  );
  for (const issue of input.error.issues) {
    const message = isMessageKey(issue.message) ? translate(issue.message, 'en') : issue.message;
    console.error(`  --${issue.path.join('.')}: ${message}`);
  }
  process.exit(2);
}

const varDir = process.env.VAR_DIR ?? path.resolve('var');
const pgPort = Number(process.env.PG_PORT ?? 54329);
const running = !process.env.DATABASE_URL && (await isListening(pgPort));
const postgres = running
  ? { url: `postgres://postgres:postgres@127.0.0.1:${pgPort}/${databaseName}`, stop: async () => undefined }
  : await resolvePostgres(varDir, () => undefined);
const pool = createPool(postgres.url, 'create-admin', 1);
try {
  await migrate(pool, 'identity', migrationsDir);
  // The platform's password policy applies to administrators made here too.
  const problems = await operatorPasswordProblems(pool, input.data);
  for (const problem of problems) console.error(`  --password: ${translate(problem, 'en')}`);
  if (problems.length) process.exitCode = 2;
  else {
    const result = await provisionAccount(pool, {
      ...input.data,
      userType: 'admin',
      status: 'approved',
      language: 'en',
    });
    if (!result.created) {
      console.error(`An account with the e-mail ${input.data.email} already exists; nothing changed.`);
      process.exitCode = 1;
    } else {
      console.log(`Administrator ${input.data.email} created (id ${result.id}).`);
    }
  }
} finally {
  await pool.end();
  await postgres.stop();
}
