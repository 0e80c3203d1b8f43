import { cairoInstant } from '@medrelay/domain';
import { waitUntil } from '@medrelay/testing';
import { describe, expect, it } from 'vitest';
import { reminderJobId } from './reminders';
import {
  admin,
  approvedWith,
  clock,
  day,
  notificationsOf,
  p,
  pickupApi,
  queue,
  usePickupPlatform,
} from './pickup-fixture';

// Maintenance mode: the gateway refuses the parties' calls, so nobody can hand over with a code or
// mark a collection. The pickup clock stands still meanwhile, as under a recall's hold.
usePickupPlatform();

/** Turns maintenance on or off as an administrator does; svc-requests reads it at once. */
async function maintenance(on: boolean) {
  const answer = await p.identity.api.put(
    '/api/admin/settings',
    { maintenanceMode: on },
    { token: admin.token },
  );
  expect(answer.status).toBe(200);
  p.requests.service.ctx.settings.clear();
  expect((await p.requests.service.ctx.settings()).maintenanceMode).toBe(on);
}

describe('maintenance mode and the pickup clock', () => {
  it('marks, releases and reminds nothing while on; a window that ended meanwhile is not missed, a grace period running is extended, and a reminder held back goes out only while still true', async () => {
    const [owner, requester] = await Promise.all([p.user('pharmacy'), p.user('ngo')]);
    const a = day(1);
    const at = (time: string, days = 0) => new Date(cairoInstant(a, time)!.getTime() + days * 24 * 3600_000);
    clock().set(at('07:00'));
    const agreed = async (from: string, to: string) => {
      const { id } = await approvedWith(requester, [{ date: a, from, to }], 1, owner);
      const windowId = (await pickupApi.plan(requester.token, id)).body.windows[0].id as number;
      expect((await pickupApi.choose(requester.token, id, windowId)).status).toBe(200);
      return { id, windowId };
    };
    const missedBefore = await agreed('08:00', '09:00');
    const endsDuring = await agreed('10:00', '11:00');
    // Their hour-before reminders are due during maintenance (10:30, 11:30).
    const startsDuring = await agreed('11:30', '13:00');
    const startsAfter = await agreed('12:30', '14:00');
    const pickup = p.requests.service.pickup;
    const plan = async (id: number) => (await pickupApi.plan(requester.token, id)).body;
    const status = async (id: number) =>
      (await p.requests.api.get(`/api/requests/${id}`, { token: requester.token })).body.status as string;
    const remindersOf = async (id: number) => [
      ...(await notificationsOf(requester.id, id, 'pickup-reminder')),
      ...(await notificationsOf(owner.id, id, 'pickup-reminder')),
    ];

    clock().set(at('09:00'));
    await pickup.sweep();
    expect(await pickup.promoteDueReminders()).toBe(1);
    await waitUntil(async () => (await remindersOf(endsDuring.id)).length === 2, {
      what: 'the reminder due before maintenance',
    });
    expect((await plan(missedBefore.id)).missedAt).toBe(at('09:00').toISOString());

    try {
      await maintenance(true);
      clock().set(at('09:31'));
      await pickup.sweep();
      // The window ends, the reminders fall due: nothing happens while nobody can act.
      clock().set(at('11:45'));
      expect(await pickup.promoteDueReminders()).toBe(2);
      for (const { id, windowId } of [startsDuring, startsAfter]) {
        // The reminder is held back (checked again later), not sent.
        await waitUntil(
          async () => {
            const job = await queue().getJob(reminderJobId(id, windowId, 'hour'));
            return Boolean(job?.processedOn) && (await job!.isDelayed());
          },
          { what: 'the reminder held back' },
        );
        expect(await remindersOf(id)).toEqual([]);
      }
      expect(await pickup.sweep()).toEqual({ missed: 0, released: 0 });
      expect((await plan(endsDuring.id)).missedAt).toBeNull();
    } finally {
      await maintenance(false);
    }

    // Maintenance ends (2.5 hours, from a minute before the sweep first saw it).
    clock().set(at('12:00'));
    await pickup.sweep();
    // The window that ended meanwhile was not missed: no longer chosen, both told, no no-show.
    const after = await plan(endsDuring.id);
    expect([after.missedAt, after.chosenWindowId]).toEqual([null, null]);
    // The custody log says the platform withdrew the agreed time (an entry without a window).
    const log = await p.requests.api.get(`/api/requests/${endsDuring.id}/custody`, { token: admin.token });
    expect(log.body.at(-1)).toMatchObject({
      status: 'approved',
      fromStatus: 'approved',
      actorId: null,
      actorRole: 'system',
      pickupWindow: null,
    });
    for (const user of [requester, owner]) {
      const told = (await notificationsOf(user.id, endsDuring.id, 'pickup-update')).filter(
        (n) => n.message_key === 'notifyPickupMaintenance',
      );
      expect(told).toHaveLength(1);
    }
    const shown = await p.requests.api.get('/api/notifications', { token: requester.token });
    expect(shown.body.map((n: { message: string }) => n.message)).toContainEqual(
      expect.stringMatching(/passed while MedRelay was down for maintenance: it does not count as missed/),
    );
    const noShows = await p.requests.service.ctx.pool.query(
      'SELECT count(*)::int AS n FROM requests.no_shows WHERE request_id = $1',
      [endsDuring.id],
    );
    expect(noShows.rows[0].n).toBe(0);
    // The grace period running before maintenance is longer by its length.
    expect((await plan(missedBefore.id)).missedAt).toBe(at('11:30').toISOString());

    // The held-back reminders: one whose window has begun is dropped, the other goes out now.
    expect(await pickup.promoteDueReminders()).toBe(2);
    await waitUntil(async () => (await remindersOf(startsAfter.id)).length === 2, {
      what: 'the late reminder, its window still ahead',
    });
    await waitUntil(
      async () =>
        (await queue().getJob(reminderJobId(startsDuring.id, startsDuring.windowId, 'hour')))?.returnvalue ===
        'stale',
      { what: 'the reminder of a window under way dropped' },
    );
    expect(await remindersOf(startsDuring.id)).toEqual([]);

    clock().set(at('09:00', 1));
    await pickup.sweep();
    expect(await status(missedBefore.id)).toBe('approved');
    clock().set(at('11:30', 1));
    await pickup.sweep();
    expect(await status(missedBefore.id)).toBe('cancelled');
  });
});
