import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { followChanges, createLogger } from '@medrelay/service-kit';
import { waitUntil } from '@medrelay/testing';
import pg from 'pg';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestCatalog, type TestCatalogPlatform } from '../testing';
import { browseChangeChannel } from './browse-cache';

/**
 * Browse pages kept in memory: used only while nothing browse reads has changed and for a few
 * seconds at most, for callers who see the same rows, in the encoding each client accepts.
 */
const keepMs = 3000;
let p: TestCatalogPlatform;
type U = Awaited<ReturnType<TestCatalogPlatform['user']>>;
let ngo: U, otherNgo: U, pharmacy: U, otherPharmacy: U;
const pool = () => p.catalog.service.ctx.pool;
beforeAll(async () => {
  p = await startTestCatalog({ BROWSE_KEEP_MS: String(keepMs) });
  [ngo, otherNgo, pharmacy, otherPharmacy] = await Promise.all([
    p.user('ngo'),
    p.user('ngo'),
    p.user('pharmacy'),
    p.user('pharmacy'),
  ]);
});
afterAll(() => p.stop());

const browsePath = (q: string) => `/api/medicines?q=${encodeURIComponent(q)}&sort=name&pageSize=50`;
const namesOf = (body: Array<{ name: string }>) => body.map((m) => m.name);

async function list(token: string, name: string, quantity = 5) {
  const res = await p.api.post('/api/medicines', medicineInput({ name, quantity }), { token });
  expect(res.status).toBe(201);
  return res.body as { id: number };
}

/** The raw answer as the client receives it, no decoding done for it. */
async function rawBrowse(token: string, path: string, acceptEncoding: string) {
  const res = await request(`${p.catalog.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding },
  });
  return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
}

/**
 * Waits until every change committed so far has been heard by the service: notices arrive in
 * commit order, so once one sent now is counted, all earlier ones are too.
 */
async function changesHeard() {
  const feed = p.catalog.service.ctx.browseCache!.changes;
  await waitUntil(() => feed.version !== null, { what: 'the feed listening' });
  const now = feed.version!;
  await pool().query('SELECT pg_notify($1, $2)', [browseChangeChannel, '']);
  await waitUntil(() => (feed.version ?? 0) > now, { what: 'the changes so far heard' });
}

/** Runs SQL with triggers off (`session_replication_role = replica`): a change no instance hears of. */
async function unheardChange(sql: string, params: unknown[]) {
  const client = await pool().connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(sql, params);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

describe('browse pages kept in memory', () => {
  it('answers a repeated browse from memory until a change is heard, then afresh', async () => {
    const tag = 'Keptpage';
    const first = await list(pharmacy.token, `${tag} Alpha`);
    await changesHeard();
    const quantities = async (token: string) =>
      ((await p.api.get(browsePath(tag), { token })).body as Array<{ quantity: number }>).map(
        (m) => m.quantity,
      );
    expect(await quantities(ngo.token)).toEqual([5]);

    // A change the feed does not hear: the kept page is still the answer (so it is kept at all).
    await unheardChange('UPDATE catalog.medicines SET quantity = 9 WHERE id = $1', [first.id]);
    expect(await quantities(ngo.token)).toEqual([5]);
    // Another NGO sees the same rows, so it gets the same page.
    expect(await quantities(otherNgo.token)).toEqual([5]);

    // A change committed elsewhere (here: SQL, as another instance or a worker would) is heard
    // through NOTIFY within moments, and the page is made afresh.
    await pool().query('UPDATE catalog.medicines SET description = $2 WHERE id = $1', [first.id, 'Heard']);
    await waitUntil(async () => (await quantities(ngo.token))[0] === 9, {
      what: 'the browse page made afresh after the change',
    });
  });

  it('keeps a page a few seconds at most, so a change no write announces shows then', async () => {
    const tag = 'Keptbound';
    const later = await list(pharmacy.token, `${tag} Later`);
    const soon = await list(pharmacy.token, `${tag} Soon`);
    // Soon expires in 2 s: browse stops offering it then, and no write announces it.
    await pool().query(
      "UPDATE catalog.medicines SET expiry_date = now() + interval '2 seconds' WHERE id = $1",
      [soon.id],
    );
    await changesHeard();
    const shown = async () =>
      (
        (await p.api.get(browsePath(tag), { token: ngo.token })).body as Array<{
          name: string;
          quantity: number;
        }>
      ).map((m) => `${m.name} ${m.quantity}`);
    const started = Date.now();
    expect(await shown()).toEqual([`${tag} Later 5`, `${tag} Soon 5`]);
    // The page is kept (a change not heard does not show)…
    await unheardChange('UPDATE catalog.medicines SET quantity = 9 WHERE id = $1', [later.id]);
    expect(await shown()).toEqual([`${tag} Later 5`, `${tag} Soon 5`]);
    // …for a few seconds at most: then it is made afresh, without Soon.
    await waitUntil(async () => (await shown()).length === 1, {
      what: 'the page made afresh',
      timeoutMs: 3 * keepMs,
    });
    expect(await shown()).toEqual([`${tag} Later 9`]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  });

  it('makes a page once for the callers asking for it at the same moment', async () => {
    const tag = 'Sharedpage';
    for (const name of ['A', 'B', 'C']) await list(pharmacy.token, `${tag} ${name}`);
    await changesHeard();
    const db = pool();
    const query = db.query.bind(db);
    let pagesRead = 0;
    db.query = ((config: unknown, ...rest: unknown[]) => {
      const text = typeof config === 'string' ? config : (config as { text?: string }).text;
      if (text?.includes('WITH page AS')) pagesRead++;
      return (query as (...args: unknown[]) => unknown)(config, ...rest);
    }) as typeof db.query;
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          rawBrowse(i % 2 ? ngo.token : otherNgo.token, browsePath(tag), 'gzip'),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((a) => gunzipSync(a.body).toString())).size).toBe(1);
      expect(JSON.parse(gunzipSync(answers[0]!.body).toString())).toHaveLength(3);
      expect(pagesRead).toBe(1);
    } finally {
      db.query = query;
    }
  });

  it('shows a write through this instance on the very next browse, and owners never see their own', async () => {
    const tag = 'Freshwrite';
    await list(otherPharmacy.token, `${tag} One`);
    expect(namesOf((await p.api.get(browsePath(tag), { token: ngo.token })).body)).toEqual([`${tag} One`]);
    await list(pharmacy.token, `${tag} Two`);
    expect(namesOf((await p.api.get(browsePath(tag), { token: ngo.token })).body)).toEqual([
      `${tag} One`,
      `${tag} Two`,
    ]);
    // Pages of owners are their own: each pharmacy misses its own listing.
    expect(namesOf((await p.api.get(browsePath(tag), { token: pharmacy.token })).body)).toEqual([
      `${tag} One`,
    ]);
    expect(namesOf((await p.api.get(browsePath(tag), { token: otherPharmacy.token })).body)).toEqual([
      `${tag} Two`,
    ]);
  });

  it('sends the kept page in the encoding the client accepts, with the total and Vary', async () => {
    const tag = 'Encodedpage';
    for (let i = 0; i < 12; i++)
      await list(pharmacy.token, `${tag} ${String(i).padStart(2, '0')} ${'x'.repeat(60)}`);
    const plain = await rawBrowse(ngo.token, browsePath(tag), 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['x-total-count']).toBe('12');
    expect(String(plain.headers['vary'])).toMatch(/accept-encoding/i);
    const items = JSON.parse(plain.body.toString('utf8')) as Array<{ name: string }>;
    expect(items).toHaveLength(12);

    for (const [accept, decode] of [
      ['gzip, deflate, br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      // Twice each: made once, then sent as kept.
      for (let round = 0; round < 2; round++) {
        const encoded = await rawBrowse(ngo.token, browsePath(tag), accept);
        expect(encoded.headers['content-encoding']).toBe(accept === 'gzip' ? 'gzip' : 'br');
        expect(encoded.headers['x-total-count']).toBe('12');
        expect(Number(encoded.headers['content-length'])).toBe(encoded.body.length);
        expect(encoded.body.length).toBeLessThan(plain.body.length);
        expect(JSON.parse(decode(encoded.body).toString('utf8'))).toEqual(items);
      }
    }
  });
});

describe('the change feed', () => {
  it('counts notices, is unusable while its connection is lost, and listens again', async () => {
    const feed = followChanges(
      p.catalog.config.DATABASE_URL,
      browseChangeChannel,
      createLogger('test', 'silent'),
      {
        retryMs: 50,
      },
    );
    try {
      await waitUntil(() => feed.version !== null, { what: 'the feed listening' });
      const before = feed.version!;
      await pool().query(`NOTIFY ${browseChangeChannel}`);
      await waitUntil(() => (feed.version ?? 0) > before, { what: 'the notice counted' });

      await pool().query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()`,
        [`${browseChangeChannel}-listener`],
      );
      await waitUntil(() => feed.version === null, { what: 'the lost connection noticed' });
      await waitUntil(() => feed.version !== null, { what: 'listening again' });
      const after = feed.version!;
      await pool().query(`NOTIFY ${browseChangeChannel}`);
      await waitUntil(() => (feed.version ?? 0) > after, { what: 'a notice counted after reconnecting' });
    } finally {
      await feed.stop();
    }
  });

  it('hears one notice per statement that changed listings, none for one that changed nothing', async () => {
    const { id } = await list(pharmacy.token, 'Feedcount One');
    const listener = new pg.Client(p.catalog.config.DATABASE_URL);
    const heard: string[] = [];
    listener.on('notification', (notice) => heard.push(notice.payload ?? ''));
    await listener.connect();
    try {
      await listener.query(`LISTEN ${browseChangeChannel}`);
      await pool().query('UPDATE catalog.medicines SET quantity = 4 WHERE id = $1', [id]);
      await pool().query('UPDATE catalog.medicines SET quantity = 4 WHERE id = -1'); // no row: no notice
      await pool().query('UPDATE catalog.users SET name = name WHERE id = $1', [pharmacy.id]);
      // Notices arrive in commit order: once the last is heard, every earlier one is.
      await pool().query('SELECT pg_notify($1, $2)', [browseChangeChannel, 'end']);
      await waitUntil(() => heard.includes('end'), { what: 'the last notice heard' });
      // The listing's update and the owner's; nothing from the statement that changed no row.
      expect(heard).toEqual(['', '', 'end']);
    } finally {
      await listener.end();
    }
  });
});
