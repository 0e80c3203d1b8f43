import type { RequestStats } from '@medrelay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform, type TestUser } from '../testing';

/**
 * The wanted-list figures of the reports, counted in SQL. Rows are written
 * straight into the service's tables: the figures need known creation times.
 */
let p: TestPlatform;
let pharmacy: TestUser, ngo: TestUser, otherNgo: TestUser, admin: TestUser;
const M = 2_100_000_001;
const hour = 3600 * 1000;
const day = 24 * hour;

beforeAll(async () => {
  p = await startTestPlatform();
  [pharmacy, ngo, otherNgo, admin] = await Promise.all([
    p.user('pharmacy'),
    p.user('ngo'),
    p.user('ngo'),
    p.user('admin'),
  ]);
});
afterAll(() => p.stop());

const stats = async (query = '') => {
  const res = await p.requests.api.get<RequestStats>(`/api/admin/all-requests/stats${query}`, {
    token: admin.token,
  });
  expect(res.status).toBe(200);
  return res.body;
};

async function seed() {
  const db = p.requests.service.ctx.pool;
  const now = Date.now();
  /** A listing made `ageDays` ago, first requested `waits[0]` hours later (more after that). */
  const listing = async (id: number, ageDays: number, waits: number[]) => {
    const created = new Date(now - ageDays * day);
    await db.query(
      `INSERT INTO requests.medicines (id, owner_id, source, name, type, quantity, expiry_date, recipient_type,
         is_available, created_at, version)
       VALUES ($1, $2, 'pharmacy', 'Probe', 'Tablet', 100, now() + interval '90 days', 'both', true, $3, 1)`,
      [id, pharmacy.id, created],
    );
    for (const [i, wait] of waits.entries()) {
      // Completed, and from different NGOs: one open request per requester and medicine.
      await db.query(
        `INSERT INTO requests.requests (medicine_id, requester_id, owner_id, status, quantity, created_at, updated_at)
         VALUES ($1, $2, $3, 'completed', 1, $4, $4)`,
        [id, (i % 2 ? otherNgo : ngo).id, pharmacy.id, new Date(created.getTime() + wait * hour)],
      );
    }
  };
  await listing(M, 40, [6]); // outside 30 days
  await listing(M + 1, 10, [2, 50]); // the later request does not count: the first one does
  await listing(M + 2, 5, [1]);
  await listing(M + 3, 2, [4]);
  await listing(M + 4, 3, []); // never requested: not in the median

  const need = (status: 'open' | 'closed', ageDays: number, deleted = false) =>
    db.query(
      `INSERT INTO requests.needs (owner_id, owner_role, medicine, min_quantity, status, created_at, deleted_at)
       VALUES ($1, 'ngo', 'Probe', 1, $2, $3, $4)`,
      [ngo.id, status, new Date(now - ageDays * day), deleted ? new Date() : null],
    );
  await need('open', 1);
  await need('open', 2);
  await need('open', 20);
  await need('open', 45); // outside 30 days
  await need('open', 1, true); // deleted while open: neither open nor met
  await need('closed', 3);
  await need('closed', 4, true); // met, then removed from the list: still met
  await need('closed', 60); // outside 30 days
}

describe('GET /api/admin/all-requests/stats: wanted lists', () => {
  it('reports no needs and an unknown median before anything happened', async () => {
    expect(await stats()).toMatchObject({ needsOpen: 0, needsMet: 0, medianHoursToFirstRequest: null });
  });

  it('counts needs open and met and the median hours from listing to first request, per range', async () => {
    await seed();
    // First requests after 6, 2, 1 and 4 hours: the median of four is the mean of 2 and 4.
    expect(await stats()).toMatchObject({ needsOpen: 4, needsMet: 3, medianHoursToFirstRequest: 3 });
    // Listings of the last 30 days waited 2, 1 and 4 hours.
    expect(await stats('?days=30')).toMatchObject({
      needsOpen: 3,
      needsMet: 2,
      medianHoursToFirstRequest: 2,
    });
    // Of the last 7 days: 1 and 4 hours.
    expect(await stats('?days=7')).toMatchObject({
      needsOpen: 2,
      needsMet: 2,
      medianHoursToFirstRequest: 2.5,
    });
  });

  it('is for administrators only', async () => {
    const res = await p.requests.api.get('/api/admin/all-requests/stats', { token: ngo.token });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/admin/all-requests/stats: requests by status', () => {
  it('counts a collection its owner disputed apart from the completed ones, the parts adding up to the total', async () => {
    const before = await stats();
    const db = p.requests.service.ctx.pool;
    const completed = (handover: string | null) =>
      db.query(
        `INSERT INTO requests.requests (medicine_id, requester_id, owner_id, status, quantity, handover)
         VALUES ($1, $2, $3, 'completed', 1, $4)`,
        [M + 2, handover === 'disputed' ? ngo.id : otherNgo.id, pharmacy.id, handover],
      );
    await completed('disputed');
    await completed('confirmed');
    const after = await stats();
    expect(after.totalRequests).toBe(before.totalRequests + 2);
    expect(after.requestStatus.completed).toBe(before.requestStatus.completed + 1);
    expect(after.requestStatus.disputed).toBe(before.requestStatus.disputed + 1);
    expect(Object.values(after.requestStatus).reduce((a, b) => a + b, 0)).toBe(after.totalRequests);
  });
});
