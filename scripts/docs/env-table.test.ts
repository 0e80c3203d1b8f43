import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envTable, operationsDoc, withEnvTable } from './env-table';

describe('the environment table of docs/operations.md', () => {
  it('is the one the services config shapes and their comments give (npm run docs:env)', async () => {
    const committed = readFileSync(operationsDoc, 'utf8');
    expect(committed, 'the table is stale: run `npm run docs:env` and commit docs/operations.md').toBe(
      await withEnvTable(committed),
    );
  });

  it('names every setting with its default and the values it takes', () => {
    const table = envTable();
    // Settings one comment describes share a row, their defaults in the same order.
    expect(table).toMatch(
      /`LOGIN_DELAY_MAX_SECONDS`, `LOGIN_FAILURE_MEMORY_SECONDS` \| [^|]*`900`, `86400` \|/,
    );
    expect(table).toMatch(/\| `REGISTRATION_DIGEST_CHECK_MS` \| `10000` \|/);
    expect(table).toMatch(/\| `MAIL_WORKER` \| `on` \(`on`, `off`\) \|/);
    expect(table).toMatch(/\| `DATABASE_URL` \| \*\*required\*\* \|/);
    // Read from the process: the same table on every machine.
    expect(table).toMatch(/\| `STATIC_ROOT` \| the working directory \|/);
  });
});
