import { availableSql, daysLeft, daysLeftSql, isAvailableListing } from '@medrelay/domain';
import { createPool, type Pool } from '@medrelay/service-kit';
import { createTestDatabase } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thresholdFor } from './scan';

/**
 * The rules the scan (and browse) apply in SQL say what libs/domain says in TypeScript. Only
 * PostgreSQL is needed: the cases are rows made in the query itself.
 */
let db: Pool;
beforeAll(async () => {
  db = createPool(await createTestDatabase(), 'sql-rules-test');
});
afterAll(() => db.end());
const pool = () => db;

describe('days left in SQL', () => {
  it('counts as libs/domain daysLeft does, around Cairo midnight, in winter and summer time', async () => {
    const nows = [
      '2026-11-22T21:59:59Z',
      '2026-11-22T22:00:00Z',
      '2026-11-23T09:00:00Z',
      '2027-07-19T20:59:59Z',
      '2027-07-19T21:00:00Z',
    ];
    const expiries = [
      '2026-11-22T12:00:00Z',
      '2026-11-22T21:59:59.999Z',
      '2026-11-23T00:00:00Z',
      '2026-11-23T21:59:59.999Z',
      '2026-12-13T00:00:00Z',
      '2026-12-13T21:00:00Z',
      '2027-07-19T21:30:00Z',
      '2027-07-20T20:59:59.999Z',
      '2027-08-01T00:00:00Z',
    ];
    const pairs = nows.flatMap((now) => expiries.map((expiry) => [expiry, now] as const));
    const { rows } = await pool().query<{ days: number }>(
      `SELECT ${daysLeftSql('e::timestamptz', 'n::timestamptz')}::int AS days
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(e, n, i) ORDER BY i`,
      [pairs.map(([e]) => e), pairs.map(([, n]) => n)],
    );
    expect(rows.map((r) => r.days)).toEqual(pairs.map(([e, n]) => daysLeft(e, new Date(n))));
  });
});

describe('"available" in SQL', () => {
  it('says what libs/domain isAvailableListing says: listed, units left, not quarantined, not expired', async () => {
    const now = '2026-11-22T22:00:00Z';
    const cases = [true, false].flatMap((isAvailable) =>
      [0, 1, 5].flatMap((quantity) =>
        [false, true].flatMap((quarantined) =>
          ['2026-11-22T21:59:59.999Z', now, '2026-11-22T22:00:00.001Z', '2026-12-13T00:00:00Z'].map(
            (expiryDate) => ({ isAvailable, quantity, quarantined, expiryDate }),
          ),
        ),
      ),
    );
    const { rows } = await pool().query<{ available: boolean }>(
      `SELECT ${availableSql('x', 'n::timestamptz')} AS available
         FROM unnest($1::boolean[], $2::int[], $3::timestamptz[], $4::text[]) WITH ORDINALITY
              AS x(is_available, quantity, expiry_date, quarantine_reason, i),
              (SELECT $5::text AS n) t ORDER BY i`,
      [
        cases.map((c) => c.isAvailable),
        cases.map((c) => c.quantity),
        cases.map((c) => c.expiryDate),
        cases.map((c) => (c.quarantined ? 'Recalled' : null)),
        now,
      ],
    );
    expect(rows.map((r) => r.available)).toEqual(cases.map((c) => isAvailableListing(c, new Date(now))));
    expect(rows.filter((r) => r.available)).toHaveLength(4);
  });
});

describe('thresholds', () => {
  it('alerts at the tightest threshold reached', () => {
    expect([31, 30, 8, 7, 5, 2, 1].map((d) => thresholdFor(d, [30, 7, 1]))).toEqual([
      null,
      30,
      30,
      7,
      7,
      7,
      1,
    ]);
    expect(thresholdFor(20, [7, 1])).toBeNull();
  });
});
