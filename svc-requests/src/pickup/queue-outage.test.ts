import { outageProxy, testStores, waitUntil, type OutageProxy } from '@medrelay/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRequestsFor, type TestRequests } from '../testing';
import { reminderJobId, type ReminderJob } from './reminders';
import { approvedWith, day, ngo, p, pharmacy, pickupApi, queue, usePickupPlatform } from './pickup-fixture';

// A second svc-requests reaches Redis through a relay (`outageProxy`) the test cuts right after
// a change commits (at the outbox nudge that follows every commit): the queue work after the
// commit must not hold the answer for the whole outage. The first instance, on Redis directly,
// stands for the rest of the deployment (its sweep, its queue reads).
usePickupPlatform();

let redis: OutageProxy;
let cutOff: TestRequests;
beforeAll(async () => {
  redis = await outageProxy(testStores().redisUrl);
  cutOff = await startRequestsFor(p.identity, p.catalog, { REDIS_URL: redis.url, WORKERS: 'off' });
});
afterAll(async () => {
  await redis.restore();
  await cutOff.stop();
});

/** Redis goes away as soon as the next change on the cut-off instance has committed. */
function cutAfterNextCommit() {
  const outbox = cutOff.service.ctx.outbox;
  const nudge = outbox.nudge.bind(outbox);
  outbox.nudge = () => {
    outbox.nudge = nudge;
    void redis.cut();
    nudge();
  };
}

/** Times a call on the cut-off instance. */
async function timed<T>(call: () => Promise<T>) {
  const startedAt = Date.now();
  const result = await call();
  return { result, ms: Date.now() - startedAt };
}

const requestRow = async (id: number) =>
  (
    await p.requests.service.ctx.pool.query(
      'SELECT status, chosen_window_id FROM requests.requests WHERE id = $1',
      [id],
    )
  ).rows[0] as { status: string; chosen_window_id: number | null };

const reminderJobs = (id: number, windowId: number) =>
  Promise.all(['evening', 'hour'].map((k) => queue().getJob(reminderJobId(id, windowId, k as 'hour'))));

/** Redis back, and the cut-off instance's queue connection ready again (for the next test). */
afterEach(restore);
async function restore() {
  await redis.restore();
  // A queue command waits for the connection to be back (and runs the skipped ones first).
  await cutOff.service.queues.get('pickup')!.getJobCounts();
}

describe('pickup changes when Redis goes away right after their commit', () => {
  it('answers the choice within seconds, saved; the sweep queues its reminders once Redis is back', async () => {
    const { id } = await approvedWith(ngo, [{ date: day(2), from: '10:00', to: '11:00' }]);
    const windowId = (await pickupApi.plan(ngo.token, id)).body.windows[0].id as number;

    cutAfterNextCommit();
    const { result: chosen, ms } = await timed(() =>
      cutOff.api.post(`/api/requests/${id}/pickup/choice`, { windowId }, { token: ngo.token }),
    );
    expect(chosen.status).toBe(200);
    expect(chosen.body.chosenWindowId).toBe(windowId);
    expect(ms).toBeLessThan(4_000);
    expect(await requestRow(id)).toEqual({ status: 'approved', chosen_window_id: windowId });

    await restore();
    await p.requests.service.pickup.sweep();
    await waitUntil(async () => (await reminderJobs(id, windowId)).every(Boolean), {
      what: 'the reminders queued after Redis came back',
    });
    const [evening, hour] = await reminderJobs(id, windowId);
    expect(evening!.data).toMatchObject({ requestId: id, windowId, kind: 'evening' });
    expect(hour!.data).toMatchObject({ requestId: id, windowId, kind: 'hour' });
  });

  it('answers a collection within seconds, saved; a reminder left behind is not sent', async () => {
    const { id } = await approvedWith(ngo, [{ date: day(2), from: '12:00', to: '13:00' }]);
    const windowId = (await pickupApi.plan(ngo.token, id)).body.windows[0].id as number;
    expect((await pickupApi.choose(ngo.token, id, windowId)).status).toBe(200);
    const [left] = await reminderJobs(id, windowId);
    expect(left).toBeTruthy();

    cutAfterNextCommit();
    const { result: collected, ms } = await timed(() =>
      cutOff.api.put(`/api/requests/${id}/status`, { status: 'completed' }, { token: ngo.token }),
    );
    expect(collected.status).toBe(200);
    expect(collected.body.status).toBe('completed');
    expect(ms).toBeLessThan(4_000);
    expect((await requestRow(id)).status).toBe('completed');

    // Its removal may not have happened: the job re-reads the request and sends nothing.
    expect(await p.requests.service.pickup.sendReminder(left!.data as ReminderJob)).toBe('stale');
  });

  it('answers a re-offer within seconds, saved; the old choice is cleared', async () => {
    const { id } = await approvedWith(ngo, [{ date: day(2), from: '14:00', to: '15:00' }]);
    const windowId = (await pickupApi.plan(ngo.token, id)).body.windows[0].id as number;
    expect((await pickupApi.choose(ngo.token, id, windowId)).status).toBe(200);
    const [left] = await reminderJobs(id, windowId);

    cutAfterNextCommit();
    const { result: offered, ms } = await timed(() =>
      cutOff.api.put(
        `/api/requests/${id}/pickup`,
        { windows: [{ date: day(3), from: '09:00', to: '10:00' }], location: 'Dokki' },
        { token: pharmacy.token },
      ),
    );
    expect(offered.status).toBe(200);
    expect(ms).toBeLessThan(4_000);
    expect((await requestRow(id)).chosen_window_id).toBeNull();
    expect(await p.requests.service.pickup.sendReminder(left!.data as ReminderJob)).toBe('stale');
  });
});
