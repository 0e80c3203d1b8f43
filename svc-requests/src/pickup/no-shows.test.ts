import { internalSecretHeader } from '@medrelay/contracts';
import { cairoDay, cairoInstant } from '@medrelay/domain';
import { waitForMails, waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestPlatform, type TestPlatform } from '../testing';
import {
  admin,
  approvedWith,
  clock,
  day,
  notificationsOf,
  p,
  pickupApi,
  quantityInCatalog,
  usePickupPlatform,
} from './pickup-fixture';

/** Windows that pass with no handover: flagged, released after the grace period. */
usePickupPlatform();

/** The admin's no-show counts of these accounts. */
const noShowsOf = (ids: number[], token = admin.token) =>
  p.requests.api.get(`/api/admin/all-requests/no-shows?ids=${ids.join(',')}`, { token });

describe('no-shows', () => {
  it('a chosen window that passes is missed for both; after the grace period the stock returns once; admins see counts', async () => {
    const [pharmacy, ngo] = await Promise.all([p.user('pharmacy'), p.user('ngo')]);
    const d1 = day(1);
    const { id, medicine } = await approvedWith(ngo, [{ date: d1, from: '10:00', to: '11:00' }], 4, pharmacy);
    expect(await quantityInCatalog(medicine.id)).toBe(6);
    const plan = await pickupApi.plan(ngo.token, id);
    await pickupApi.choose(ngo.token, id, plan.body.windows[0].id);
    const end = cairoInstant(d1, '11:00')!;
    const pickup = p.requests.service.pickup;

    clock().set(new Date(end.getTime() - 60_000));
    await pickup.sweep();
    expect((await pickupApi.plan(ngo.token, id)).body.missedAt).toBeNull();

    clock().set(end);
    await pickup.sweep();
    for (const user of [ngo, pharmacy]) {
      const seen = await pickupApi.plan(user.token, id);
      expect(seen.body.missedAt).toBe(end.toISOString());
      expect((await notificationsOf(user.id, id, 'pickup-missed')).length).toBe(1);
    }
    // Still approved during the grace period (a late pickup may still happen).
    expect((await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token })).body.status).toBe(
      'approved',
    );

    clock().set(new Date(end.getTime() + 24 * 3600_000 - 60_000));
    expect((await pickup.sweep()).released).toBe(0);
    clock().set(new Date(end.getTime() + 24 * 3600_000));
    expect((await pickup.sweep()).released).toBe(1);
    expect((await pickup.sweep()).released).toBe(0);
    await waitUntil(async () => (await quantityInCatalog(medicine.id)) === 10, { what: 'stock back' });
    const after = await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token });
    expect(after.body.status).toBe('cancelled');
    expect((await pickupApi.plan(pharmacy.token, id)).body.releasedAt).toEqual(expect.any(String));
    for (const user of [ngo, pharmacy])
      expect((await notificationsOf(user.id, id, 'pickup-released')).length).toBe(1);
    // Both calendars hold the time agreed (pickup-confirmed): the release cancels it there, by an
    // e-mail that says why (iTIP CANCEL of the request's event, above the invitation's sequence).
    const uid = `UID:pickup-${id}@medrelay.eg`;
    const sequenceOf = (ics: string) => Number(/SEQUENCE:(\d+)/.exec(ics)![1]);
    for (const [user, says] of [
      [ngo, 'Your pickup of 4 units of'],
      [pharmacy, 'did not collect 4 units of'],
    ] as const) {
      const [invited] = await waitForMails(user.email, 1, {
        match: (m) => m.template === 'pickup-confirmed',
      });
      const [released] = await waitForMails(user.email, 1, {
        match: (m) => m.template === 'pickup-called-off',
      });
      expect(released!.subject).toContain('Pickup released');
      expect(released!.text).toContain(says);
      expect(released!.text).toContain(
        'the agreed time passed without a handover and the grace period is over',
      );
      expect(released!.calendar).toMatchObject({ method: 'CANCEL', content: expect.stringContaining(uid) });
      expect(released!.calendar!.content).toContain('STATUS:CANCELLED');
      expect(sequenceOf(released!.calendar!.content)).toBeGreaterThan(sequenceOf(invited!.calendar!.content));
    }
    // The custody log names the platform as the one who cancelled.
    const custody = await p.requests.api.get(`/api/requests/${id}/custody`, { token: admin.token });
    expect(custody.body.at(-1)).toMatchObject({
      status: 'cancelled',
      fromStatus: 'approved',
      actorId: null,
      actorRole: 'system',
    });

    // Admins ask for the accounts of a page: those with missed windows are answered, no one else.
    const other = await p.user('ngo');
    const counts = await noShowsOf([ngo.id, pharmacy.id, other.id]);
    expect(counts.status).toBe(200);
    // Most missed first, then by id: here one each.
    expect(counts.body).toEqual(
      [
        { userId: ngo.id, asRequester: 1, asOwner: 0 },
        { userId: pharmacy.id, asRequester: 0, asOwner: 1 },
      ].sort((a, b) => a.userId - b.userId),
    );
    expect((await noShowsOf([pharmacy.id])).body).toEqual([
      { userId: pharmacy.id, asRequester: 0, asOwner: 1 },
    ]);
    expect((await noShowsOf([other.id])).body).toEqual([]);
    expect((await noShowsOf([ngo.id], ngo.token)).status).toBe(403);
  });

  it('refuses no-show counts without ids, with bad ids or more than 100 (400, en + ar)', async () => {
    const message = 'Name 1 to 100 accounts by their ids, separated by commas';
    for (const query of ['', '?ids=', '?ids=abc', '?ids=0', '?ids=1,,2', '?ids=1.5', '?ids=99999999999']) {
      const refused = await p.requests.api.get(`/api/admin/all-requests/no-shows${query}`, {
        token: admin.token,
      });
      expect([query, refused.status, refused.body.code, refused.body.details[0].message]).toEqual([
        query,
        400,
        'VALIDATION_FAILED',
        message,
      ]);
    }
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await noShowsOf(tooMany)).status).toBe(400);
    // 100 (a page of the users list at its largest) is fine; repeated ids count once.
    expect((await noShowsOf([...tooMany.slice(0, 100), 1, 2])).status).toBe(200);
    const arabic = await p.requests.api.get('/api/admin/all-requests/no-shows?ids=x', {
      token: admin.token,
      headers: { 'accept-language': 'ar' },
    });
    expect([arabic.status, arabic.body.details[0].message]).toEqual([
      400,
      'حدّد من حساب واحد لحد 100 حساب بأرقامهم، وافصل بينهم بفاصلة',
    ]);
  });
});

describe('a late pickup', () => {
  it('releases an approval whose pickup time was never agreed once its code expires; a new offer moves that day', async () => {
    const [pharmacy, ngo] = await Promise.all([p.user('pharmacy'), p.user('ngo')]);
    const [d1, d2, d3, d4] = [day(1), day(2), day(3), day(4)];
    const { id, medicine } = await approvedWith(ngo, [{ date: d1, from: '10:00', to: '11:00' }], 4, pharmacy);
    const pickup = p.requests.service.pickup;
    // Nobody chooses. The code lasts to the end of the offer's last day (Cairo): d1.
    const endOfD1 = cairoInstant(d2, '00:00')!;
    clock().set(new Date(endOfD1.getTime() - 60_000));
    expect((await pickup.sweep()).missed).toBe(0);
    // The owner offers a later time: the code and the request follow it.
    const later = await pickupApi.offer(pharmacy.token, id, {
      windows: [{ date: d3, from: '10:00', to: '11:00' }],
      location: 'Dokki',
    });
    expect(later.status).toBe(200);
    clock().set(endOfD1);
    expect((await pickup.sweep()).missed).toBe(0);
    const code = await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token });
    expect(code.body.handoverCode.expiresAt).toBe(cairoInstant(d4, '00:00')!.toISOString());

    // Still none chosen when d3 is long over (the sweep was down two days): both are told now,
    // and the grace period starts now, not at the code's expiry.
    const endOfD3 = new Date(cairoInstant(d4, '00:00')!.getTime() + 48 * 3600_000);
    clock().set(endOfD3);
    expect(await pickup.sweep()).toEqual({ missed: 1, released: 0 });
    for (const user of [ngo, pharmacy]) {
      const [notice] = await notificationsOf(user.id, id, 'pickup-missed');
      expect(notice).toMatchObject({ message_key: 'notifyPickupUnsettled', params: { hours: 24 } });
    }
    const arabic = await p.requests.api.get('/api/notifications', {
      token: ngo.token,
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.body.map((n: { message: string }) => n.message)).toContain(
      `مفيش ميعاد استلام اتحدد لـ ${medicine.name}. الحجز هيتلغي بعد 24 ساعة لو ماتمش الاستلام أو اتعرض ميعاد جديد.`,
    );
    // No-shows are for a time agreed and missed: none here.
    const counts = await noShowsOf([ngo.id, pharmacy.id]);
    expect(counts.body).toEqual([]);
    clock().set(new Date(endOfD3.getTime() + 24 * 3600_000));
    expect((await pickup.sweep()).released).toBe(1);
    await waitUntil(async () => (await quantityInCatalog(medicine.id)) === 10, { what: 'stock back' });
    // No time was ever agreed, so no calendar holds the pickup: no e-mail to clear one.
    const calledOff = await p.requests.service.ctx.pool.query(
      `SELECT 1 FROM requests.outbox WHERE job_name = 'pickup-called-off' AND payload->>'idempotencyKey' LIKE $1`,
      [`pickup-called-off:${id}:%`],
    );
    expect(calledOff.rows).toEqual([]);
    expect((await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token })).body.status).toBe(
      'cancelled',
    );
  });

  it('does not count a missed window against anyone once the pickup happened late, in the grace period', async () => {
    const [pharmacy, ngo] = await Promise.all([p.user('pharmacy'), p.user('ngo')]);
    clock().set(new Date());
    const d1 = day(1);
    const { id } = await approvedWith(ngo, [{ date: d1, from: '10:00', to: '11:00' }], 1, pharmacy);
    const plan = await pickupApi.plan(ngo.token, id);
    await pickupApi.choose(ngo.token, id, plan.body.windows[0].id);
    clock().set(cairoInstant(d1, '11:00')!);
    expect((await p.requests.service.pickup.sweep()).missed).toBe(1);
    const countsOf = async () =>
      ((await noShowsOf([ngo.id, pharmacy.id])).body as Array<{ userId: number }>).map((c) => c.userId);
    expect(await countsOf()).toHaveLength(2);
    // The NGO came an hour late and collected: nobody failed to turn up.
    const collected = await p.requests.api.put(
      `/api/requests/${id}/status`,
      { status: 'completed' },
      { token: ngo.token },
    );
    expect(collected.status).toBe(200);
    expect(await countsOf()).toEqual([]);
  });

  it('completes with the handover code during the grace period of a missed window, and not after it', async () => {
    const [pharmacy, ngo] = await Promise.all([p.user('pharmacy'), p.user('ngo')]);
    const pool = p.requests.service.ctx.pool;
    const missedWindow = async (missedHoursAgo: number) => {
      const { id } = await approvedWith(ngo, [{ date: day(1), from: '10:00', to: '11:00' }], 1, pharmacy);
      const windowId = (await pickupApi.plan(ngo.token, id)).body.windows[0].id as number;
      await pickupApi.choose(ngo.token, id, windowId);
      // The window passed and was marked missed (in the database's time, which the code's expiry reads).
      await pool.query(
        `UPDATE requests.pickup_windows SET starts_at = now() - make_interval(hours => $2 + 1),
                ends_at = now() - make_interval(hours => $2) WHERE id = $1`,
        [windowId, missedHoursAgo],
      );
      await pool.query(
        'UPDATE requests.requests SET missed_at = now() - make_interval(hours => $2) WHERE id = $1',
        [id, missedHoursAgo],
      );
      const request = await p.requests.api.get(`/api/requests/${id}`, { token: ngo.token });
      return { id, code: request.body.handoverCode as { code: string; expiresAt: string } };
    };
    const handOver = (id: number, code: string) =>
      p.requests.api.post(`/api/requests/${id}/handover`, { code }, { token: pharmacy.token });

    // Missed an hour ago: 23 hours of the grace period left, and the code still hands it over.
    const late = await missedWindow(1);
    const left = new Date(late.code.expiresAt).getTime() - Date.now();
    expect(left).toBeGreaterThan(22.9 * 3600_000);
    expect(left).toBeLessThanOrEqual(23 * 3600_000);
    const done = await handOver(late.id, late.code.code);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('completed');

    // Missed 25 hours ago: the grace period is over (the sweep releases it), so is the code.
    const gone = await missedWindow(25);
    const refused = await handOver(gone.id, gone.code.code);
    expect(refused.status).toBe(410);
    expect(refused.body.code).toBe('HANDOVER_CODE_EXPIRED');
  });
});

describe('the test clock hook', () => {
  it('moves the clock through /internal/test/clock (internal secret only) and runs what is due', async () => {
    const url = `${p.requests.baseUrl}/internal/test/clock`;
    const target = new Date(clock().now().getTime() + 3600_000).toISOString();
    const refused = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: target }),
    });
    expect(refused.status).toBe(403);
    const moved = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [internalSecretHeader]: p.requests.service.ctx.config.INTERNAL_SECRET,
      },
      body: JSON.stringify({ now: target }),
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ promoted: expect.any(Number), missed: expect.any(Number) });
    expect(Math.abs(clock().now().getTime() - Date.parse(target))).toBeLessThan(5000);
  });

  it('is refused in production', async () => {
    const { startRequestsFor } = await import('../testing');
    await expect(
      startRequestsFor(p.identity, p.catalog, { NODE_ENV: 'production', TEST_CLOCK: 'on' }),
    ).rejects.toThrow(/TEST_CLOCK=on is a test hook/);
  });
});

describe('no-shows with two service instances', () => {
  let two: TestPlatform;
  beforeAll(async () => {
    two = await startTestPlatform({ instances: 2 });
  });
  afterAll(() => two.stop());

  it('returns the reserved quantity exactly once when both instances sweep at the same moment', async () => {
    const [owner, requester] = await Promise.all([two.user('pharmacy'), two.user('ngo')]);
    const medicine = await two.catalog.api
      .post('/api/medicines', medicineInput({ quantity: 10, recipientType: 'ngos' }, 60), {
        token: owner.token,
      })
      .then((r) => r.body);
    const created = await two.requests.api.post(
      '/api/requests',
      { medicineId: medicine.id, quantity: 3 },
      { token: requester.token },
    );
    const id = created.body.id as number;
    const first = two.replicas.requests[0]!.service;
    const tomorrow = cairoDay(new Date(first.clock!.now().getTime() + 24 * 3600_000));
    await two.requests.api.put(
      `/api/requests/${id}/status`,
      {
        status: 'approved',
        pickup: { windows: [{ date: tomorrow, from: '10:00', to: '11:00' }], location: 'Dokki' },
      },
      { token: owner.token },
    );
    const plan = await two.requests.api.get(`/api/requests/${id}/pickup`, { token: requester.token });
    await two.requests.api.post(
      `/api/requests/${id}/pickup/choice`,
      { windowId: plan.body.windows[0].id },
      { token: requester.token },
    );
    const quantity = async () =>
      (
        await two.catalog.service.ctx.pool.query('SELECT quantity FROM catalog.medicines WHERE id = $1', [
          medicine.id,
        ])
      ).rows[0].quantity as number;
    expect(await quantity()).toBe(7);

    const later = new Date(cairoInstant(tomorrow, '11:00')!.getTime() + 25 * 3600_000);
    for (const r of two.replicas.requests) r.service.clock!.set(later);
    const results = await Promise.all(
      two.replicas.requests.flatMap((r) => [r.service.pickup.sweep(), r.service.pickup.sweep()]),
    );
    // The scheduled sweep may have won the race; together, one release at most, and it happened.
    expect(results.reduce((n, r) => n + r.released, 0)).toBeLessThanOrEqual(1);
    const row = await first.ctx.pool.query(
      'SELECT status, no_show_released_at FROM requests.requests WHERE id = $1',
      [id],
    );
    expect(row.rows[0]).toMatchObject({ status: 'cancelled', no_show_released_at: expect.any(Date) });
    const releases = await first.ctx.pool.query(
      "SELECT count(*)::int AS n FROM requests.notifications WHERE request_id = $1 AND type = 'pickup-released'",
      [id],
    );
    expect(releases.rows[0].n).toBe(2);
    await waitUntil(async () => (await quantity()) === 10, { what: 'stock back' });
    expect(await quantity()).toBe(10);
  });
});
