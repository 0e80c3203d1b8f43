import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { followChanges, createLogger, type FeedChange } from '@medrelay/service-kit';
import { waitUntil } from '@medrelay/testing';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestCatalog, type TestCatalogPlatform } from '../testing';
import { browseChangeChannel } from './browse-cache';

/**
 * Browse pages kept in memory (issue 12): used only while nothing browse reads has changed, for
 * callers who see the same rows, in the encoding each client accepts.
 */
let p: TestCatalogPlatform;
type U = Awaited<ReturnType<TestCatalogPlatform['user']>>;
let ngo: U, otherNgo: U, pharmacy: U, otherPharmacy: U;
const pool = () => p.catalog.service.ctx.pool;
beforeAll(async () => {
  p = await startTestCatalog();
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
 * Waits until every change committed so far has been heard by the service and checked against
 * what it keeps: notices arrive in commit order, so once the feed's own sync notice, sent now,
 * is heard, all earlier ones are too. (Waiting for the version to move was not enough: a late
 * notice of an earlier write moved it first, and the test's own notice then dropped the page it
 * had just kept.) `payload` sends a notice of a change first (`m:<id>` names a listing, as the
 * triggers do).
 */
async function changesHeard(payload?: string) {
  const feed = p.catalog.service.ctx.browseCache!.changes;
  await waitUntil(() => feed.version !== null, { what: 'the feed listening' });
  if (payload !== undefined) await pool().query('SELECT pg_notify($1, $2)', [browseChangeChannel, payload]);
  await feed.sync();
  await p.catalog.service.ctx.browseMemo.settled();
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

  it("keeps a list's order for its other pages until a change is heard", async () => {
    const tag = 'Keptorder';
    for (const name of ['A', 'B', 'C']) await list(pharmacy.token, `${tag} ${name}`);
    await changesHeard();
    const page = async (n: number) => {
      const res = await p.api.get(`/api/medicines?q=${tag}&sort=name&pageSize=2&page=${n}`, {
        token: ngo.token,
      });
      return { names: namesOf(res.body), total: res.headers.get('x-total-count') };
    };
    // Page 1 reads the whole (short) list in order: it is remembered, total and all.
    expect(await page(1)).toEqual({ names: [`${tag} A`, `${tag} B`], total: '3' });
    // B leaves without the feed hearing it: page 2 (never asked, so no kept page) still comes from
    // the remembered order, rows read afresh by id: C, of 3.
    const b = (
      await pool().query<{ id: number }>('SELECT id FROM catalog.medicines WHERE name = $1', [`${tag} B`])
    ).rows[0]!.id;
    await unheardChange('UPDATE catalog.medicines SET is_available = false WHERE id = $1', [b]);
    expect(await page(2)).toEqual({ names: [`${tag} C`], total: '3' });
    // A change heard of another listing leaves the order as it was…
    await changesHeard(`m:${b + 1_000_000}`);
    expect(await page(2)).toEqual({ names: [`${tag} C`], total: '3' });
    // …one heard of B (as its trigger would send) has it read again: page 2 is past the end.
    await changesHeard(`m:${b}`);
    expect(await page(2)).toEqual({ names: [], total: '2' });
  });

  it('keeps the lists a heard write leaves alone, and makes afresh those its listing was or is in', async () => {
    const [alpha, beta] = ['Writealpha', 'Writebeta'];
    const a = await list(pharmacy.token, `${alpha} One`);
    const b = await list(pharmacy.token, `${beta} One`);
    await changesHeard();
    const quantities = async (tag: string) =>
      ((await p.api.get(browsePath(tag), { token: ngo.token })).body as Array<{ quantity: number }>).map(
        (m) => m.quantity,
      );
    expect(await quantities(alpha)).toEqual([5]);
    expect(await quantities(beta)).toEqual([5]);
    // Alpha's row changes unheard: while its kept page is used, it still shows 5.
    await unheardChange('UPDATE catalog.medicines SET quantity = 9 WHERE id = $1', [a.id]);
    // A write to beta's listing, heard through its trigger, makes beta's list afresh only.
    await pool().query('UPDATE catalog.medicines SET quantity = 7 WHERE id = $1', [b.id]);
    await changesHeard();
    expect(await quantities(beta)).toEqual([7]);
    expect(await quantities(alpha)).toEqual([5]);
    // A listing that joins alpha's list (a write through this instance) makes it afresh.
    await list(otherPharmacy.token, `${alpha} Two`);
    expect(await quantities(alpha)).toEqual([9, 5]);
    // So does one leaving it, though it is in no list afterwards.
    await pool().query('UPDATE catalog.medicines SET is_available = false WHERE id = $1', [a.id]);
    await changesHeard();
    expect(await quantities(alpha)).toEqual([5]);
    // A change of owners (a suspension hides all their stock) makes every list afresh.
    await unheardChange('UPDATE catalog.medicines SET quantity = 3 WHERE id = $1', [b.id]);
    await pool().query('UPDATE catalog.users SET name = name WHERE id = $1', [otherPharmacy.id]);
    await changesHeard();
    expect(await quantities(beta)).toEqual([3]);
  });

  it('drops a kept page at the soonest expiry of the listings it shows, though no write tells', async () => {
    const tag = 'Expiringkept';
    const soon = await list(pharmacy.token, `${tag} Soon`);
    const later = await list(pharmacy.token, `${tag} Later`);
    // Soon expires in 3 s: browse stops offering it then, and no write announces it.
    await pool().query(
      "UPDATE catalog.medicines SET expiry_date = now() + interval '3 seconds' WHERE id = $1",
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
    expect(await shown()).toEqual([`${tag} Later 5`, `${tag} Soon 5`]);
    // The page is kept (a change not heard does not show)…
    await unheardChange('UPDATE catalog.medicines SET quantity = 9 WHERE id = $1', [later.id]);
    expect(await shown()).toEqual([`${tag} Later 5`, `${tag} Soon 5`]);
    // …until Soon's expiry instant: then it is made afresh, without Soon.
    await waitUntil(async () => (await shown()).length === 1, {
      what: 'the expired listing gone',
      timeoutMs: 10_000,
    });
    expect(await shown()).toEqual([`${tag} Later 9`]);
  });

  it('makes a page once for the callers asking for it at the same moment', async () => {
    const tag = 'Sharedpage';
    for (const name of ['A', 'B', 'C']) await list(pharmacy.token, `${tag} ${name}`);
    await changesHeard();
    const db = pool();
    const query = db.query.bind(db);
    let pagesRead = 0;
    db.query = ((config: unknown, ...rest: unknown[]) => {
      if ((config as { name?: string }).name === 'browse-rows-by-id') pagesRead++;
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

  it('hears a committed change before its own sync, with the listings its trigger names', async () => {
    const feed = followChanges(
      p.catalog.config.DATABASE_URL,
      browseChangeChannel,
      createLogger('test', 'silent'),
    );
    const heard: FeedChange[] = [];
    feed.onChange((change) => heard.push(change));
    try {
      await waitUntil(() => feed.version !== null, { what: 'the feed listening' });
      const { id } = await list(pharmacy.token, 'Feedsync One');
      await pool().query('UPDATE catalog.medicines SET quantity = 4 WHERE id = $1', [id]);
      await pool().query('UPDATE catalog.medicines SET quantity = 4 WHERE id = -1'); // no row: no notice
      await feed.sync();
      const notices = heard.flatMap((change) => (typeof change === 'object' ? [change.notice] : []));
      expect(notices.filter((n) => n === `m:${id}`)).toHaveLength(2); // its insert and its update
      expect(notices.at(-1)).toMatch(/^sync:/);
    } finally {
      await feed.stop();
    }
    await expect(feed.sync()).rejects.toThrow(/not listening/);
  });
});
