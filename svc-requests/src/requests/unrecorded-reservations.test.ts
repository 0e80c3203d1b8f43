import { releaseQueueName } from '@medrelay/contracts';
import { describe, expect, it } from 'vitest';
import { ask, list, move, ngo, p, pharmacy, useRequestsPlatform } from './requests-fixture';
import { takeBackUnrecordedReservations } from './unrecorded-reservations';

// An approval the catalog reserved for but svc-requests never recorded (its transaction lost
// before the commit) must not keep the units promised to a request that is still pending.
useRequestsPlatform();

const catalogRows = async (medicineId: number, requestId: number) => {
  const pool = p.catalog.service.ctx.pool;
  const medicine = await pool.query(
    'SELECT quantity, reserved_quantity FROM catalog.medicines WHERE id = $1',
    [medicineId],
  );
  const reservation = await pool.query('SELECT status FROM catalog.reservations WHERE request_id = $1', [
    requestId,
  ]);
  return { ...medicine.rows[0], reservation: reservation.rows[0]?.status ?? null };
};
const notes = async () =>
  (await p.requests.service.ctx.pool.query('SELECT request_id FROM requests.reservation_checks')).rows.map(
    (r) => r.request_id as number,
  );

describe('an approval never recorded', () => {
  it('has its reservation taken back by the sweep while the request is pending; the owner may approve again', async () => {
    const medicine = await list(pharmacy.token, 60, { quantity: 10, recipientType: 'ngos' });
    const asked = await ask(ngo.token, { medicineId: medicine.id, quantity: 4 });
    const id = asked.body.id as number;
    // The catalog answers, then the store goes before the commit (as a PostgreSQL blink does).
    const catalog = p.requests.service.ctx.catalog;
    const reserve = catalog.reserve;
    catalog.reserve = async (reservation) => {
      await reserve(reservation);
      throw Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      });
    };
    try {
      const lost = await move(pharmacy.token, id, { status: 'approved' });
      expect([lost.status, lost.body.code]).toEqual([503, 'STORE_UNAVAILABLE']);
    } finally {
      catalog.reserve = reserve;
    }
    const status = async () =>
      (await p.requests.service.ctx.pool.query('SELECT status FROM requests.requests WHERE id = $1', [id]))
        .rows[0].status;
    expect(await status()).toBe('pending');
    expect(await catalogRows(medicine.id, id)).toEqual({
      quantity: 6,
      reserved_quantity: 4,
      reservation: 'reserved',
    });
    expect(await notes()).toEqual([id]);

    // A note younger than an approval may take is left alone; an older one is taken back.
    expect(await takeBackUnrecordedReservations(p.requests.service.ctx)).toBe(0);
    expect(await takeBackUnrecordedReservations(p.requests.service.ctx, 0)).toBe(1);
    expect(await catalogRows(medicine.id, id)).toEqual({
      quantity: 10,
      reserved_quantity: 0,
      reservation: null,
    });
    expect(await notes()).toEqual([]);

    // Approved again: reserved anew, and a recorded approval leaves no note behind.
    expect((await move(pharmacy.token, id, { status: 'approved' })).status).toBe(200);
    expect(await catalogRows(medicine.id, id)).toEqual({
      quantity: 6,
      reserved_quantity: 4,
      reservation: 'reserved',
    });
    expect(await notes()).toEqual([]);
    expect(await takeBackUnrecordedReservations(p.requests.service.ctx, 0)).toBe(0);
    expect(await status()).toBe('approved');
  });

  it('is looked for every minute by the release queue', async () => {
    const queue = p.requests.service.queues.get(releaseQueueName)!;
    expect(await queue.getJobScheduler('unrecorded-reservations')).toMatchObject({ every: 60_000 });
  });
});
