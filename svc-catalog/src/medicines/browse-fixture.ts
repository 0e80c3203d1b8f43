import type { ChangeFeed, FeedChange } from '@medrelay/service-kit';
import { afterAll, beforeAll } from 'vitest';
import { startTestCatalog, type TestCatalogPlatform } from '../testing';
import type { browseMedicines } from './browse-repo';

// What the browse tests share: one catalog per test file, its users, listings written in SQL
// (the API refuses past dates and is slow for hundreds of rows), a feed moved by the test and a
// database that counts statements.

export let p: TestCatalogPlatform;
type U = Awaited<ReturnType<TestCatalogPlatform['user']>>;
export let ngo: U, pharmacy: U, other: U, suspended: U;
export const pool = () => p.catalog.service.ctx.pool;
/** The catalog's connections for browse's walks (bitmap and sequential scans off). */
export const indexOnlyPool = () => p.catalog.service.ctx.indexOnlyPool;
/** Totals counted up to 5, searches gathered up to 5, the sort's index walked 5 ids at least. */
export const limits = { exactTotalUpTo: 5, searchCap: 5, walkAtLeast: 5 };
/** Starts the catalog and its users for the test file that calls it. */
export function useBrowsePlatform() {
  beforeAll(async () => {
    p = await startTestCatalog();
    [ngo, pharmacy, other, suspended] = await Promise.all([
      p.user('ngo'),
      p.user('pharmacy'),
      p.user('pharmacy'),
      p.user('pharmacy'),
    ]);
    // What the read model holds once identity reports a suspension (rejected).
    await pool().query("UPDATE catalog.users SET status = 'rejected' WHERE id = $1", [suspended.id]);
  });
  afterAll(() => p.stop());
}

export interface Listing {
  owner: number;
  name: string;
  type?: string;
  days?: number;
  quantity?: number;
  price?: number | null;
  recipients?: 'ngos' | 'pharmacies' | 'both';
  available?: boolean;
  source?: 'pharmacy' | 'donor';
}

export async function insert(listings: Listing[]): Promise<number[]> {
  // One instant for all, so equal days make equal expiry dates (ties).
  const now = Date.now();
  const { rows } = await pool().query<{ id: number }>(
    `INSERT INTO catalog.medicines (owner_id, source, name, type, quantity, discount_price, expiry_date, recipient_type, is_available)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::numeric[],
                          $7::timestamptz[], $8::text[], $9::bool[])
     RETURNING id`,
    [
      listings.map((l) => l.owner),
      listings.map((l) => l.source ?? 'pharmacy'),
      listings.map((l) => l.name),
      listings.map((l) => l.type ?? 'tablets'),
      listings.map((l) => l.quantity ?? 5),
      listings.map((l) => (l.price === undefined ? 10 : l.price)),
      listings.map((l) => new Date(now + (l.days ?? 60) * 86_400_000)),
      listings.map((l) => l.recipients ?? 'both'),
      listings.map((l) => l.available ?? true),
    ],
  );
  return rows.map((r) => r.id);
}

/** A feed that moves only when the test says it heard a notice (`hear`, with its payload). */
export function testFeed() {
  let version = 1;
  const listeners = new Set<(change: FeedChange, version: number) => void>();
  const feed: ChangeFeed = {
    get version() {
      return version;
    },
    bump: () => undefined,
    stop: async () => undefined,
    onChange: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    sync: async () => undefined,
  };
  const hear = (notice: string) => {
    version++;
    for (const listener of listeners) listener({ notice }, version);
  };
  return { feed, hear };
}

type Queryable = { query: (text: string, values?: unknown[]) => Promise<unknown> };

/**
 * A browseMedicines database over `db` that tells `record` each statement and its values before
 * running it, with the connection it will run on (a statement with settings of its own runs on a
 * client of its own: `record` may read its plan there, awaited before the statement runs).
 */
export function recordingDb(
  db: Queryable & { connect: () => Promise<Queryable & { release: () => void }> },
  record: (text: string, values: unknown[] | undefined, on: Queryable) => unknown,
) {
  const recorded = (target: Queryable) => async (text: string | { text: string }, values?: unknown[]) => {
    await record(typeof text === 'string' ? text : text.text, values, target);
    return target.query(text as string, values);
  };
  return {
    query: recorded(db),
    connect: async () => {
      const client = await db.connect();
      return { query: recorded(client), release: () => client.release() };
    },
  } as unknown as Parameters<typeof browseMedicines>[0];
}

/**
 * A statement's plan as on a large table, where the planner walks an index rather than read the
 * whole table (sequential and bitmap scans off): what a small test table cannot show by itself.
 */
export async function planOnALargeTable(text: string, values: unknown[] | undefined): Promise<string> {
  const client = await pool().connect();
  try {
    await client.query('BEGIN; SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/** A browseMedicines database over this file's catalog that records each statement's text. */
export function countingDb(statements: string[]) {
  return recordingDb(pool(), (text) => statements.push(text));
}

export const browse = (token: string, query: Record<string, string | number | boolean>) =>
  p.api.get(
    `/api/medicines?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]))}`,
    { token },
  );
export const idsOf = (body: Array<{ id: number }>) => body.map((m) => m.id);
export const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/**
 * 23 listings named `tag` sharing every sort key in pairs and triples (expiring `firstDay` to
 * `firstDay + 3` days from now), and the order each sort and direction must give them: the
 * default order ascends by key then id (quantity descends by key, then ascends by id); the
 * reversed order is exactly its reverse.
 */
export async function tiedListings(tag: string, firstDay = 30) {
  const ids = await insert(
    Array.from({ length: 23 }, (_, i) => ({
      owner: i % 2 ? pharmacy.id : other.id,
      name: `${tag} ${['A', 'b', 'C'][i % 3]}`,
      days: firstDay + (i % 4),
      quantity: 1 + (i % 3),
      price: i % 5 === 0 ? null : 10 + (i % 2),
    })),
  );
  const rows = (
    await pool().query<{ id: number; name: string; expiry_date: Date; quantity: number; price: string }>(
      `SELECT id, name, expiry_date, quantity, COALESCE(discount_price, 0) AS price
         FROM catalog.medicines WHERE id = ANY($1)`,
      [ids],
    )
  ).rows;
  type Row = (typeof rows)[0];
  const keyOf = {
    expiry: (r: Row) => r.expiry_date.getTime(),
    name: (r: Row) => r.name.toLowerCase(),
    price: (r: Row) => Number(r.price),
    quantity: (r: Row) => r.quantity,
  };
  const defaultDesc = { expiry: false, name: false, price: false, quantity: true };
  return (sort: keyof typeof keyOf, order: 'asc' | 'desc') => {
    const expected = [...rows]
      .sort((a, b) => {
        const [ka, kb] = [keyOf[sort](a), keyOf[sort](b)];
        const byKey = ka < kb ? -1 : ka > kb ? 1 : 0;
        return (defaultDesc[sort] ? -byKey : byKey) || a.id - b.id;
      })
      .map((r) => r.id);
    return (order === 'desc') !== defaultDesc[sort] ? expected.reverse() : expected;
  };
}
