import type { Need, NeedCreateInput } from '@medrelay/contracts';
import { waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { medicineInput, startTestPlatform, type TestPlatform, type TestUser } from '../testing';
import { recallNoticeOptions } from '../recalls/notices';

// What the matching tests share: one platform per test file, an administrator, and helpers to
// declare needs, list medicines and wait until matching has run.

export let p: TestPlatform;
export let admin: TestUser;

/** Starts the platform and its administrator for the test file that calls it. */
export function useMatchingPlatform() {
  beforeAll(async () => {
    p = await startTestPlatform();
    admin = await p.user('admin');
  });
  afterAll(() => p.stop());
}

export const pool = () => p.requests.service.ctx.pool;
export const recallNotices = () => ({
  ...recallNoticeOptions(p.requests.service.ctx),
  publicUrl: 'http://medrelay.test',
});
export const as = (user: TestUser, language = 'en') => ({
  token: user.token,
  headers: { 'accept-language': language },
});

export async function declare(user: TestUser, need: NeedCreateInput): Promise<Need> {
  const res = await p.requests.api.post<Need>('/api/needs', need, as(user));
  expect(res.status).toBe(201);
  return res.body;
}

/** Lists a medicine and waits until svc-requests has applied its event (matching runs with it). */
export async function list(user: TestUser, overrides: Parameters<typeof medicineInput>[0], days = 60) {
  const res = await p.catalog.api.post('/api/medicines', medicineInput(overrides, days), {
    token: user.token,
  });
  expect(res.status).toBe(201);
  await waitUntil(
    async () =>
      (await pool().query('SELECT 1 FROM requests.medicines WHERE id = $1', [res.body.id])).rowCount === 1,
    { what: 'the listing in the read model' },
  );
  return res.body as { id: number; name: string };
}

/** Whether every need change so far has been matched (outbox relayed, need-match queue empty). */
export async function needJobsIdle() {
  const queue = p.requests.service.queues.get('requests.need-matches')!;
  const { rows } = await pool().query(
    `SELECT count(*)::int AS n FROM requests.outbox WHERE queue = 'requests.need-matches' AND published_at IS NULL`,
  );
  const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
  return rows[0].n === 0 && Object.values(counts).every((c) => c === 0);
}
export const needJobsDone = () => waitUntil(needJobsIdle, { what: 'need matching' });

export const stored = async (needId: number) =>
  (
    await pool().query<{ medicine_id: number }>(
      'SELECT medicine_id FROM requests.matches WHERE need_id = $1',
      [needId],
    )
  ).rows.map((r) => r.medicine_id);
