import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '@medrelay/testing';
import { medicineInput, startTestPlatform, type TestPlatform, type TestUser } from '../testing';

let p: TestPlatform;
let pharmacy: TestUser, ngo: TestUser, ngo2: TestUser, admin: TestUser;
beforeAll(async () => {
  p = await startTestPlatform();
  [pharmacy, ngo, ngo2, admin] = await Promise.all([
    p.user('pharmacy'),
    p.user('ngo'),
    p.user('ngo'),
    p.user('admin'),
  ]);
});
afterAll(() => p.stop());

const db = () => p.requests.service.ctx.pool;
const gtin = (() => {
  const body = '0622000000777';
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
})();
const list = (overrides = {}) =>
  p.catalog.api
    .post('/api/medicines', medicineInput({ quantity: 9, ...overrides }), { token: pharmacy.token })
    .then((r) => r.body);
const ask = (medicineId: number, quantity = 3) =>
  p.requests.api
    .post('/api/requests', { medicineId, quantity }, { token: ngo.token })
    .then((r) => r.body.id as number);
const move = (token: string, id: number, status: string) =>
  p.requests.api.put(`/api/requests/${id}/status`, { status }, { token });
const custodyOf = (id: number, token = admin.token) =>
  p.requests.api.get(`/api/requests/${id}/custody`, { token });

describe('custody log', () => {
  it('records every move with who, the listing, its pack codes, the quantity, in order', async () => {
    const medicine = await list({ name: 'Augmentin 1g', gtin, batch: 'LOT-42', serial: 'SN-9' });
    const id = await ask(medicine.id);
    expect((await move(pharmacy.token, id, 'approved')).status).toBe(200);
    expect((await move(ngo.token, id, 'completed')).status).toBe(200);

    const log = await custodyOf(id, ngo.token);
    expect(log.status).toBe(200);
    const common = {
      requestId: id,
      medicineId: medicine.id,
      medicineName: 'Augmentin 1g',
      ownerId: pharmacy.id,
      requesterId: ngo.id,
      gtin,
      batch: 'LOT-42',
      serial: 'SN-9',
      quantity: 3,
      confirmedByCode: false,
    };
    expect(log.body).toEqual([
      expect.objectContaining({
        ...common,
        status: 'pending',
        fromStatus: null,
        actorId: ngo.id,
        actorRole: 'ngo',
        actorName: 'ngo user',
      }),
      expect.objectContaining({
        ...common,
        status: 'approved',
        fromStatus: 'pending',
        actorId: pharmacy.id,
        actorRole: 'pharmacy',
      }),
      expect.objectContaining({ ...common, status: 'completed', fromStatus: 'approved', actorId: ngo.id }),
    ]);
    // Both parties and admins read it; anyone else gets 404, as for a request that does not exist.
    expect((await custodyOf(id, pharmacy.token)).body).toEqual(log.body);
    expect((await custodyOf(id, admin.token)).body).toEqual(log.body);
    expect((await custodyOf(id, ngo2.token)).status).toBe(404);
    expect((await custodyOf(987_654, admin.token)).status).toBe(404);
  });

  it('records rejections and cancellations; a refused move records nothing', async () => {
    const medicine = await list();
    const rejected = await ask(medicine.id, 1);
    await move(pharmacy.token, rejected, 'rejected');
    const cancelled = await ask(medicine.id, 1);
    expect((await move(pharmacy.token, cancelled, 'completed')).status).toBe(409);
    await move(ngo.token, cancelled, 'cancelled');
    expect((await custodyOf(rejected)).body.map((e: { status: string }) => e.status)).toEqual([
      'pending',
      'rejected',
    ]);
    expect((await custodyOf(cancelled)).body.map((e: { status: string }) => e.status)).toEqual([
      'pending',
      'cancelled',
    ]);
  });

  it('is append-only: updates, deletes and truncation are refused by the database', async () => {
    const medicine = await list();
    const id = await ask(medicine.id, 1);
    for (const sql of [
      'UPDATE requests.custody_log SET quantity = 99 WHERE request_id = $1',
      'DELETE FROM requests.custody_log WHERE request_id = $1',
    ]) {
      await expect(db().query(sql, [id])).rejects.toThrow(/append-only/);
    }
    await expect(db().query('TRUNCATE requests.custody_log')).rejects.toThrow(/append-only/);
    expect((await custodyOf(id)).body).toHaveLength(1);
  });
});

describe('custody CSV (GET /api/admin/custody.csv)', () => {
  /** Entries at given instants for an existing request (the log accepts inserts only). */
  async function entriesAt(
    requestId: number,
    rows: Array<{ at: string; actorName: string; medicine: string }>,
  ) {
    for (const row of rows) {
      await db().query(
        `INSERT INTO requests.custody_log (request_id, at, status, actor_id, actor_role, actor_name, medicine_id,
            medicine_name, owner_id, requester_id, quantity)
         SELECT id, $2, 'approved', owner_id, 'pharmacy', $3, medicine_id, $4, owner_id, requester_id, quantity
           FROM requests.requests WHERE id = $1`,
        [requestId, row.at, row.actorName, row.medicine],
      );
    }
  }
  const csv = (query: string, token = admin.token) =>
    p.requests.api.get(`/api/admin/custody.csv${query}`, { token });

  it('lists a range of Cairo days with Cairo times, quoted and escaped, formulas neutralised', async () => {
    const id = await ask((await list()).id, 1);
    await entriesAt(id, [
      { at: '2031-01-01T21:50:00Z', actorName: 'before', medicine: 'x' }, // 1 Jan 23:50 in Cairo
      { at: '2031-01-01T22:10:00Z', actorName: 'Dr. "Mona", Giza', medicine: 'Panadol, Extra' }, // 2 Jan 00:10
      { at: '2031-01-02T21:30:00Z', actorName: '=HYPERLINK("x")', medicine: 'صيدلية' }, // 2 Jan 23:30
      { at: '2031-01-02T22:00:00Z', actorName: 'after', medicine: 'x' }, // 3 Jan 00:00
    ]);
    const answer = await csv('?from=2031-01-02&to=2031-01-02');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toContain('medrelay-custody-2031-01-02-2031-01-02.csv');
    const lines = (answer.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'time_cairo,request_id,status,from_status,actor_id,actor_role,actor_name,listing_id,medicine,gtin,batch,serial,quantity,owner_id,requester_id,confirmed_by_code,handover,pickup_window_cairo',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^2031-01-02 00:10:00,\d+,approved,,\d+,pharmacy,"Dr. ""Mona"", Giza",\d+,"Panadol, Extra",,,,1,/,
    );
    // Not confirmed by code, no handover yet (approved), no pickup window chosen.
    expect(lines[1]).toMatch(/,no,,$/);
    expect(lines[2]).toContain(`2031-01-02 23:30:00,${id},`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toContain('صيدلية');
  });

  it('refuses bad ranges and non-admins', async () => {
    expect((await csv('?from=2031-01-05&to=2031-01-01')).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await csv('?from=yesterday&to=2031-01-01')).status).toBe(400);
    expect((await csv('?from=2031-01-01&to=2031-01-02', pharmacy.token)).status).toBe(403);
  });

  it('streams from a cursor: the first rows arrive while the query is still open, and a left client ends it', async () => {
    const id = await ask((await list()).id, 1);
    // 40,000 entries (~5 MB of CSV), far beyond what the socket buffers hold.
    await db().query(
      `INSERT INTO requests.custody_log (request_id, at, status, actor_id, actor_role, actor_name, medicine_id,
          owner_id, requester_id, quantity)
       SELECT r.id, timestamptz '2032-03-01 10:00:00+02' + g * interval '1 second', 'approved', r.owner_id,
              'pharmacy', 'bulk actor name for a long enough line', r.medicine_id, r.owner_id, r.requester_id, 1
         FROM requests.requests r, generate_series(1, 40000) g WHERE r.id = $1`,
      [id],
    );
    const res = await fetch(`${p.requests.baseUrl}/api/admin/custody.csv?from=2032-03-01&to=2032-03-01`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('time_cairo,request_id');
    const cursorOpen = async () =>
      (
        await db().query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE query LIKE '%FROM requests.custody_log%AT TIME ZONE%' AND state <> 'idle' AND pid <> pg_backend_pid()`,
        )
      ).rows[0].n as number;
    // The reader stopped reading: the service waits on the socket with its cursor still open.
    expect(await cursorOpen()).toBe(1);
    await reader.cancel();
    // Leaving closes the cursor and gives the connection back.
    await waitUntil(async () => (await cursorOpen()) === 0);
  });

  it('pages the whole log for Export Data', async () => {
    const page = await p.requests.api.get('/api/admin/custody?page=1&pageSize=2', { token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThan(2);
    expect(page.body[0].id).toBeLessThan(page.body[1].id);
    expect((await p.requests.api.get('/api/admin/custody', { token: ngo.token })).status).toBe(403);
  });

  it('walks the whole log for Export Data by id: the entries after one, without a total', async () => {
    const get = (query: string) => p.requests.api.get(`/api/admin/custody?${query}`, { token: admin.token });
    // Five entries at least: each request's "requested" one.
    for (let i = 0; i < 5; i++) await ask((await list()).id, 1);
    const { rows } = await db().query<{ id: number }>(
      'SELECT id::int AS id FROM requests.custody_log ORDER BY id LIMIT 5',
    );
    const ids = rows.map((row) => row.id);
    const first = await get('after=0&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBeNull();
    expect(first.body.map((e: { id: number }) => e.id)).toEqual(ids.slice(0, 2));
    const next = await get(`after=${ids[1]}&pageSize=3`);
    expect(next.headers.get('x-total-count')).toBeNull();
    expect(next.body.map((e: { id: number }) => e.id)).toEqual(ids.slice(2, 5));
    expect(next.body[0]).toEqual((await get('page=1&pageSize=5')).body[2]);
    const { rows: last } = await db().query<{ id: number }>(
      'SELECT max(id)::int AS id FROM requests.custody_log',
    );
    expect((await get(`after=${last[0]!.id}`)).body).toEqual([]);
    expect((await get('after=x')).status).toBe(400);
  });
});
