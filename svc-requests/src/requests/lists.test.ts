import type { MedicineRequest, RequestSummary, Transaction } from '@medrelay/contracts';
import { cairoMonth } from '@medrelay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestPlatform, type TestPlatform, type TestUser } from '../testing';

/**
 * Owners' lists a page at a time and the summary counted in SQL. Rows are
 * written straight into the service's tables: the figures need many requests in known states.
 */
let p: TestPlatform;
let owner: TestUser, ngo: TestUser, other: TestUser, stranger: TestUser, donor: TestUser, admin: TestUser;
/** Other NGOs with requests open on the owner's medicines (one open request per requester and medicine). */
let moreNgos: TestUser[];
const twoMonthsAgo = new Date(Date.now() - 61 * 24 * 3600 * 1000);
// Ids far above what the catalog hands out in this test database.
const M1 = 2_000_000_001,
  M2 = M1 + 1,
  M5 = M1 + 2,
  M3 = M1 + 3,
  M4 = M1 + 4,
  M6 = M1 + 5,
  M7 = M1 + 6;

beforeAll(async () => {
  p = await startTestPlatform();
  [owner, ngo, other, stranger, donor, admin] = await Promise.all([
    p.user('pharmacy'),
    p.user('ngo'),
    p.user('pharmacy'),
    p.user('ngo'),
    p.user('donor'),
    p.user('admin'),
  ]);
  moreNgos = await Promise.all([p.user('ngo'), p.user('ngo'), p.user('ngo'), p.user('ngo')]);
  const db = p.requests.service.ctx.pool;
  const medicine = (id: number, ownerId: number, source: string, name: string) =>
    db.query(
      `INSERT INTO requests.medicines (id, owner_id, source, name, type, quantity, expiry_date, recipient_type,
         is_available, created_at, version)
       VALUES ($1, $2, $3, $4, 'Tablet', 100, now() + interval '90 days', 'both', true, now(), 1)`,
      [id, ownerId, source, name],
    );
  await medicine(M1, owner.id, 'pharmacy', 'Panadol');
  await medicine(M2, owner.id, 'pharmacy', 'Augmentin');
  await medicine(M5, owner.id, 'pharmacy', 'Brufen');
  await medicine(M3, other.id, 'pharmacy', 'Concor');
  await medicine(M4, donor.id, 'donor', 'Insulin');
  await medicine(M6, other.id, 'pharmacy', 'Concor 10mg');
  await medicine(M7, other.id, 'pharmacy', 'Ventolin');
  // 25 requests on the owner's medicines, all made at the same moment (ties broken by id): the
  // NGO's, except that the open ones beyond its first are other NGOs' (one open per requester).
  const statuses = ['pending', 'approved', 'rejected', 'completed', 'cancelled'] as const;
  const on = { pending: M1, approved: M2, rejected: M5, completed: M1, cancelled: M5 };
  for (let i = 0; i < 25; i++) {
    const status = statuses[i % 5]!;
    const done = status === 'completed';
    const open = status === 'pending' || status === 'approved';
    const requester = open ? [ngo, ...moreNgos][Math.floor(i / 5)]! : ngo;
    await db.query(
      `INSERT INTO requests.requests (medicine_id, requester_id, owner_id, status, quantity, unit_price,
         original_unit_price, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 2, $5, $6, '2026-01-01T10:00:00Z', now())`,
      [on[status], requester.id, owner.id, status, done ? '10.00' : null, done ? '20.00' : null],
    );
  }
  // 7 the owner made: 2 pending, 1 approved, 2 collected priced stock, 2 collected free donations.
  const made: Array<[number, string, number, string | null, Date]> = [
    [M3, 'pending', 1, null, new Date()],
    [M6, 'pending', 1, null, new Date()],
    [M7, 'approved', 1, null, new Date()],
    [M3, 'completed', 3, '5.00', new Date()],
    [M3, 'completed', 3, '5.00', new Date()],
    [M4, 'completed', 4, null, twoMonthsAgo],
    [M4, 'completed', 4, null, twoMonthsAgo],
  ];
  for (const [i, [medicineId, status, quantity, price, updated]] of made.entries()) {
    await db.query(
      `INSERT INTO requests.requests (medicine_id, requester_id, owner_id, status, quantity, unit_price,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        medicineId,
        owner.id,
        medicineId === M4 ? donor.id : other.id,
        status,
        quantity,
        price,
        new Date(Date.UTC(2026, 0, 2, 10, i)),
        updated,
      ],
    );
  }
});
afterAll(() => p.stop());

const get = (path: string, user: TestUser, headers: Record<string, string> = {}) =>
  p.requests.api.get(path, { token: user.token, headers });
const total = (res: { headers: Headers }) => Number(res.headers.get('x-total-count'));
const ids = (body: Array<{ id: number }>) => body.map((r) => r.id);

describe('GET /api/requests/my and /api/transactions/my, a page at a time', () => {
  it('pages both directions newest first, ids breaking ties, with the total; no row twice or lost', async () => {
    const all = await p.requests.service.ctx.pool.query<{ id: number }>(
      `SELECT id FROM requests.requests WHERE requester_id = $1 OR owner_id = $1
        ORDER BY created_at DESC, id DESC`,
      [owner.id],
    );
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await get(`/api/requests/my?page=${page}&pageSize=10`, owner);
      expect(res.status).toBe(200);
      expect(total(res)).toBe(32);
      expect(res.headers.get('access-control-expose-headers')).toContain('X-Total-Count');
      expect(res.body.length).toBe(page < 4 ? 10 : 2);
      seen.push(...ids(res.body));
    }
    expect(seen).toEqual(all.rows.map((r) => r.id));
    // The 7 it made are newer than the 25 it received, so they come first.
    const first = (await get('/api/requests/my?pageSize=7', owner)).body as MedicineRequest[];
    expect(first.every((r) => r.direction === 'outgoing')).toBe(true);
    // The default page is 20; past the end is an empty page that still tells the total.
    expect((await get('/api/requests/my', owner)).body).toHaveLength(20);
    const past = await get('/api/requests/my?page=9&pageSize=10', owner);
    expect(past.body).toEqual([]);
    expect(total(past)).toBe(32);
  });

  it('orders by the last change with sort=updated (histories), ids breaking ties', async () => {
    const all = await p.requests.service.ctx.pool.query<{ id: number }>(
      `SELECT id FROM requests.requests WHERE requester_id = $1 OR owner_id = $1
        ORDER BY updated_at DESC, id DESC`,
      [owner.id],
    );
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++)
      seen.push(...ids((await get(`/api/requests/my?sort=updated&page=${page}&pageSize=15`, owner)).body));
    expect(seen).toEqual(all.rows.map((r) => r.id));
    const collected = await get(
      '/api/transactions/my?sort=updated&direction=outgoing&status=completed',
      owner,
    );
    // The donations were collected two months ago: last.
    expect((collected.body as Transaction[]).map((r) => r.medicineId)).toEqual([M3, M3, M4, M4]);
    expect((await get('/api/requests/my?sort=price', owner)).status).toBe(400);
  });

  it('filters by direction and by one or several statuses, so a screen section asks for its own', async () => {
    const incoming = await get('/api/requests/my?direction=incoming&pageSize=100', owner);
    expect(total(incoming)).toBe(25);
    expect((incoming.body as MedicineRequest[]).every((r) => r.direction === 'incoming')).toBe(true);
    const pending = await get('/api/requests/my?direction=incoming&status=pending', owner);
    expect(total(pending)).toBe(5);
    expect((pending.body as MedicineRequest[]).every((r) => r.status === 'pending')).toBe(true);
    const decided = await get(
      '/api/requests/my?direction=incoming&status=approved,rejected,completed',
      owner,
    );
    expect(total(decided)).toBe(15);
    const outgoing = await get('/api/transactions/my?direction=outgoing&status=completed&pageSize=3', owner);
    expect(total(outgoing)).toBe(4);
    expect(outgoing.body).toHaveLength(3);
    // Newest first: the two donations collected, then pharmacy stock with the pharmacy to collect from.
    const rows = outgoing.body as Transaction[];
    expect(rows.map((r) => r.medicineId)).toEqual([M4, M4, M3]);
    expect(rows[2]!.pickup).toMatchObject({ pharmacyName: 'pharmacy user' });
    // Without direction, statuses of both sides.
    expect(total(await get('/api/requests/my?status=pending', owner))).toBe(7);
  });

  it('shows each caller only their own requests', async () => {
    const mine = await get('/api/transactions/my?pageSize=100', ngo);
    expect(total(mine)).toBe(17);
    expect((mine.body as Transaction[]).every((r) => r.requesterId === ngo.id)).toBe(true);
    const none = await get('/api/requests/my', stranger);
    expect(none.body).toEqual([]);
    expect(total(none)).toBe(0);
  });

  it('refuses bad paging and filters with a 400 in the caller language', async () => {
    for (const query of [
      'page=0',
      'pageSize=0',
      'pageSize=101',
      'page=abc',
      'status=done',
      'status=pending,,done',
      'direction=sideways',
    ]) {
      for (const path of ['/api/requests/my', '/api/transactions/my']) {
        const res = await get(`${path}?${query}`, owner);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
      }
    }
    const ar = await get('/api/requests/my?direction=sideways', owner, { 'Accept-Language': 'ar' });
    expect(JSON.stringify(ar.body)).toContain('الاتجاه لازم يكون وارد أو صادر');
  });
});

describe('GET /api/requests/my/summary', () => {
  it("counts the caller's requests by direction and status and works out the figures", async () => {
    const res = await get('/api/requests/my/summary', owner);
    expect(res.status).toBe(200);
    const summary = res.body as RequestSummary;
    expect(summary.incoming).toEqual({
      pending: 5,
      approved: 5,
      rejected: 5,
      completed: 5,
      cancelled: 5,
      disputed: 0,
      calledOff: 0,
    });
    expect(summary.outgoing).toEqual({
      pending: 2,
      approved: 1,
      rejected: 0,
      completed: 4,
      cancelled: 0,
      disputed: 0,
      calledOff: 0,
    });
    // 5 collected × 2 units × 10 EGP charged.
    expect(summary.successfulTransfers).toBe(5);
    expect(summary.revenueRecovered).toBe(100);
    expect(summary.collected).toBe(5);
    // Received: 2 × 3 priced at 5 EGP, 2 × 4 free donations; patients = floor(1.5 × 14).
    expect(summary.received).toEqual({
      units: 14,
      patientsServed: 21,
      estimatedValue: 30,
      unpricedUnits: 8,
      medicines: 2,
      bySource: { pharmacy: 6, donor: 8 },
    });
    expect(summary.receivedByMonth).toHaveLength(6);
    expect(summary.receivedByMonth.at(-1)).toEqual({
      month: cairoMonth(new Date()),
      units: { pharmacy: 6, donor: 0 },
      value: 30,
    });
    expect(summary.receivedByMonth.find((m) => m.month === cairoMonth(twoMonthsAgo))).toEqual({
      month: cairoMonth(twoMonthsAgo),
      units: { pharmacy: 0, donor: 8 },
      value: 0,
    });
    // Own medicines: Panadol has one collected (and one pending), Augmentin one approved, Brufen
    // none (on offer: Available).
    expect(summary.medicines).toEqual({ completed: 1, pickupScheduled: 1, available: 1 });
  });

  it('counts units in the month they were collected, not the month the owner confirmed it', async () => {
    const [seller, receiver] = [await p.user('pharmacy'), await p.user('ngo')];
    const listed = await p.catalog.api.post(
      '/api/medicines',
      medicineInput({ quantity: 5, discountPrice: 10 }),
      {
        token: seller.token,
      },
    );
    const made = await p.requests.api.post(
      '/api/requests',
      { medicineId: listed.body.id, quantity: 2 },
      { token: receiver.token },
    );
    const id = made.body.id as number;
    const move = (status: string, user: TestUser) =>
      p.requests.api.put(`/api/requests/${id}/status`, { status }, { token: user.token });
    expect((await move('approved', seller)).status).toBe(200);
    // Marked collected (by the NGO's word) two months ago; the owner confirms only now.
    expect((await move('completed', receiver)).status).toBe(200);
    const db = p.requests.service.ctx.pool;
    await db.query('UPDATE requests.requests SET completed_at = $2 WHERE id = $1', [id, twoMonthsAgo]);
    const confirmed = await p.requests.api.post(`/api/requests/${id}/collection/confirm`, undefined, {
      token: seller.token,
    });
    expect(confirmed.status).toBe(200);
    const { rows } = await db.query('SELECT completed_at FROM requests.requests WHERE id = $1', [id]);
    expect(rows[0].completed_at.toISOString()).toBe(twoMonthsAgo.toISOString());
    const summary = (await get('/api/requests/my/summary', receiver)).body as RequestSummary;
    expect(summary.receivedByMonth.find((m) => m.month === cairoMonth(twoMonthsAgo))?.units.pharmacy).toBe(2);
    expect(summary.receivedByMonth.at(-1)!.units.pharmacy).toBe(0);
    // The receiver's inventory says when it was collected, not when it was confirmed.
    const inventory = (await get('/api/transactions/my?direction=outgoing&status=completed', receiver))
      .body as Transaction[];
    expect(inventory.find((r) => r.id === id)?.completedAt).toBe(twoMonthsAgo.toISOString());
    const confirmedNow = await p.requests.api.get(`/api/requests/${id}`, { token: receiver.token });
    expect(new Date(confirmedNow.body.updatedAt).getTime()).toBeGreaterThan(twoMonthsAgo.getTime());
  });

  it('gives the requester its side and a stranger zeros', async () => {
    const ngoSummary = (await get('/api/requests/my/summary', ngo)).body as RequestSummary;
    expect(ngoSummary.outgoing).toEqual({
      pending: 1,
      approved: 1,
      rejected: 5,
      completed: 5,
      cancelled: 5,
      disputed: 0,
      calledOff: 0,
    });
    expect(ngoSummary.received).toMatchObject({ units: 10, estimatedValue: 200, medicines: 1 });
    expect(ngoSummary.successfulTransfers).toBe(0);
    const empty = (await get('/api/requests/my/summary', stranger)).body as RequestSummary;
    expect(empty.incoming.pending + empty.outgoing.pending).toBe(0);
    expect(empty.received.units).toBe(0);
  });

  it('is for signed-in parties only', async () => {
    expect((await p.requests.api.get('/api/requests/my/summary')).status).toBe(401);
    expect((await get('/api/requests/my/summary', admin)).status).toBe(403);
  });
});

describe('GET /api/requests/my/donation-status', () => {
  it("gives the badge of each asked medicine of the caller's; others' ones tell nothing", async () => {
    const res = await get(`/api/requests/my/donation-status?ids=${M1},${M2},${M5},${M3}`, owner);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { medicineId: M1, status: 'completed' },
      { medicineId: M2, status: 'pickupScheduled' },
      { medicineId: M5, status: 'available' },
      // Another pharmacy's medicine, which this one has requests on: nothing of it shows.
      { medicineId: M3, status: 'available' },
    ]);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const ids of ['', 'abc', '0', tooMany]) {
      const bad = await get(`/api/requests/my/donation-status?ids=${ids}`, owner);
      expect(bad.status, ids).toBe(400);
    }
    expect((await get('/api/requests/my/donation-status', owner)).status).toBe(400);
  });
});

describe('GET /api/notifications, a page at a time', () => {
  it('pages newest first with the total and the unread count', async () => {
    const db = p.requests.service.ctx.pool;
    for (let i = 0; i < 25; i++) {
      await db.query(
        `INSERT INTO requests.notifications (user_id, type, title_key, message_key, source_key, is_read, created_at)
         VALUES ($1, 'request-new', 'requestNotFound', 'requestNotFound', $2, $3, '2026-01-01T10:00:00Z')`,
        [stranger.id, `paging-test-${i}`, i < 10],
      );
    }
    const first = await get('/api/notifications?pageSize=10', stranger);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(10);
    expect(total(first)).toBe(25);
    expect(first.headers.get('x-unread-count')).toBe('15');
    expect(first.headers.get('access-control-expose-headers')).toContain('X-Total-Count');
    expect(first.headers.get('access-control-expose-headers')).toContain('X-Unread-Count');
    const third = await get('/api/notifications?pageSize=10&page=3', stranger);
    expect(third.body).toHaveLength(5);
    const pages = [
      ...ids(first.body),
      ...ids((await get('/api/notifications?pageSize=10&page=2', stranger)).body),
      ...ids(third.body),
    ];
    expect(new Set(pages).size).toBe(25);
    expect(pages).toEqual([...pages].sort((a, b) => b - a));
    const unread = await get('/api/notifications?unread=true&pageSize=100', stranger);
    expect(total(unread)).toBe(15);
    expect((await get('/api/notifications?pageSize=101', stranger)).status).toBe(400);
  });
});
