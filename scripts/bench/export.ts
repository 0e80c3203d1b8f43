// Export Data at national scale (`--export-scale N`): N custody entries (4 per request, so N/4
// requests) seeded through SQL, then the admin lists the export reads timed page by page, numbered
// (`page=`, count and OFFSET: how the export walked them before) against by id (`after=`, what it
// walks now), each whole list walked both ways, and the whole download through the gateway.
import type { Pool } from '@medrelay/service-kit';
import { request } from 'undici';

/** Rows per page, as the export asks. */
const pageSize = 100;

export interface ExportPageTiming {
  list: string;
  page: number;
  /** Median of 5 calls, straight to the service. */
  numberedMs: number;
  keysetMs: number;
}

export interface ExportWalkTiming {
  list: string;
  rows: number;
  pages: number;
  numberedSeconds: number;
  keysetSeconds: number;
}

export interface ExportTiming {
  custodyEntries: number;
  requests: number;
  listings: number;
  seedSeconds: number;
  pages: ExportPageTiming[];
  walks: ExportWalkTiming[];
  /** GET /api/admin/export through the gateway: the whole file. */
  download: { seconds: number; megabytes: number };
}

const secondsSince = (t0: number) => Math.round((performance.now() - t0) / 100) / 10;

/**
 * `entries` custody entries for `entries / 4` closed requests by synthetic parties, spread over
 * the last two years; triggers off while seeding (the live events of 100,000 new requests
 * would load the services during the timings, and the log's own is append-only anyway).
 */
export async function seedCustody(
  pool: Pool,
  entries: number,
): Promise<{ requests: number; entries: number }> {
  const requests = Math.ceil(entries / 4);
  const client = await pool.connect();
  try {
    await client.query('SET session_replication_role = replica');
    const made = await client.query<{ id: number }>(
      `INSERT INTO requests.requests (medicine_id, requester_id, owner_id, status, quantity, created_at, updated_at)
       SELECT 30000000 + g, 20000000 + g % 5000, 10000000 + g % 3000,
              CASE WHEN g % 3 = 0 THEN 'completed' WHEN g % 3 = 1 THEN 'rejected' ELSE 'cancelled' END,
              1 + g % 5, now() - (g * interval '1 minute'), now() - (g * interval '1 minute')
         FROM generate_series(1, $1::int) g
       RETURNING id`,
      [requests],
    );
    const ids = made.rows.map((row) => row.id);
    const inserted = await client.query(
      `INSERT INTO requests.custody_log (request_id, at, status, from_status, actor_id, actor_role,
                                         actor_name, medicine_id, medicine_name, owner_id,
                                         requester_id, quantity, gtin, batch)
       SELECT r.id, r.created_at + k * interval '1 hour',
              (ARRAY['pending', 'approved', 'completed', 'completed'])[k],
              (ARRAY[NULL, 'pending', 'approved', 'completed'])[k],
              CASE WHEN k % 2 = 1 THEN r.requester_id ELSE r.owner_id END,
              CASE WHEN k % 2 = 1 THEN 'ngo' ELSE 'pharmacy' END,
              'Bench party ' || r.id, r.medicine_id, 'Panadol Extra 500mg', r.owner_id,
              r.requester_id, r.quantity, '06221234567890', 'LOT-' || r.id
         FROM requests.requests r CROSS JOIN generate_series(1, 4) k
        WHERE r.id = ANY($1::int[])
        ORDER BY r.id, k
        LIMIT $2`,
      [ids, entries],
    );
    await client.query('RESET session_replication_role');
    await client.query('VACUUM (ANALYZE) requests.requests');
    await client.query('VACUUM (ANALYZE) requests.custody_log');
    return { requests, entries: inserted.rowCount ?? 0 };
  } finally {
    client.release();
  }
}

/** The id a keyset page starts after, for the numbered page `page` of `table` in id order. */
async function idBefore(pool: Pool, table: string, page: number): Promise<number> {
  if (page === 1) return 0;
  const { rows } = await pool.query<{ id: number }>(
    `SELECT id::int AS id FROM ${table} ORDER BY id OFFSET $1 LIMIT 1`,
    [(page - 1) * pageSize - 1],
  );
  return rows[0]!.id;
}

async function get(url: string, token: string): Promise<{ rows: Array<{ id: number }>; bytes: number }> {
  const res = await request(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${text.slice(0, 200)}`);
  return { rows: JSON.parse(text) as Array<{ id: number }>, bytes: Buffer.byteLength(text) };
}

async function medianMs(call: () => Promise<unknown>, times = 5): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await call();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return Math.round(ms[Math.floor(times / 2)]! * 10) / 10;
}

/** Walks a whole list as the export does, a page at a time until a short one; its rows. */
async function walk(
  next: (last: { page: number; afterId: number }) => string,
  token: string,
): Promise<number> {
  let rows = 0;
  for (let page = 1, afterId = 0; ; page++) {
    const answer = await get(next({ page, afterId }), token);
    rows += answer.rows.length;
    if (answer.rows.length < pageSize) return rows;
    afterId = answer.rows.at(-1)!.id;
  }
}

export async function timeExport(
  pool: Pool,
  urls: { catalog: string; requests: string; gateway: string },
  adminToken: string,
  seeded: { requests: number; entries: number; seedSeconds: number },
  log: (line: string) => void,
): Promise<ExportTiming> {
  const lists = [
    { list: 'custody', url: `${urls.requests}/api/admin/custody`, table: 'requests.custody_log' },
    { list: 'requests', url: `${urls.requests}/api/admin/all-requests`, table: 'requests.requests' },
    { list: 'medicines', url: `${urls.catalog}/api/admin/all-medicines`, table: 'catalog.medicines' },
  ];
  const pages: ExportPageTiming[] = [];
  const walks: ExportWalkTiming[] = [];
  let listings = 0;
  for (const { list, url, table } of lists) {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    const count = rows[0]!.n;
    if (list === 'medicines') listings = count;
    const last = Math.max(1, Math.ceil(count / pageSize));
    for (const page of [...new Set([1, Math.ceil(last / 2), last])]) {
      const after = await idBefore(pool, table, page);
      pages.push({
        list,
        page,
        numberedMs: await medianMs(() => get(`${url}?page=${page}&pageSize=${pageSize}`, adminToken)),
        keysetMs: await medianMs(() => get(`${url}?after=${after}&pageSize=${pageSize}`, adminToken)),
      });
    }
    log(`export: walking ${list} (${count} rows) by page number, then by id…`);
    let t0 = performance.now();
    const numbered = await walk(({ page }) => `${url}?page=${page}&pageSize=${pageSize}`, adminToken);
    const numberedSeconds = secondsSince(t0);
    t0 = performance.now();
    const keyset = await walk(({ afterId }) => `${url}?after=${afterId}&pageSize=${pageSize}`, adminToken);
    const keysetSeconds = secondsSince(t0);
    if (numbered !== count || keyset !== count)
      log(`export: ${list} walked ${numbered} rows by number, ${keyset} by id, of ${count}`);
    walks.push({ list, rows: count, pages: last, numberedSeconds, keysetSeconds });
    log(`export: ${list} walked in ${numberedSeconds} s by number, ${keysetSeconds} s by id`);
  }
  const t0 = performance.now();
  const res = await request(`${urls.gateway}/api/admin/export`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Buffer).length;
  if (res.statusCode !== 200) throw new Error(`GET /api/admin/export answered ${res.statusCode}`);
  const download = { seconds: secondsSince(t0), megabytes: Math.round(bytes / 100_000) / 10 };
  log(`export: the whole download through the gateway in ${download.seconds} s, ${download.megabytes} MB`);
  return {
    custodyEntries: seeded.entries,
    requests: seeded.requests,
    listings,
    seedSeconds: seeded.seedSeconds,
    pages,
    walks,
    download,
  };
}
