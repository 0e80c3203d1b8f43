import { randomUUID } from 'node:crypto';
import { medicineEventQueue, type MedicineEvent, type MedicineSnapshot } from '@medrelay/contracts';
import { createPool, withTransaction } from '@medrelay/service-kit';
import { applyMedicineEvent } from './read-model';
import { waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startRequestsFor, startTestPlatform, type TestPlatform } from '../testing';
import { recallNoticeOptions } from '../recalls/notices';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(() => p.stop());

describe("svc-requests' read model of the catalog's medicines", () => {
  it('applies a medicine change made while svc-requests is down once it is back, exactly once', async () => {
    const pharmacy = await p.user('pharmacy');
    const medicine = (
      await p.catalog.api.post('/api/medicines', medicineInput({ quantity: 8 }), { token: pharmacy.token })
    ).body;
    const pool = createPool(p.identity.databaseUrl, 'test', 2);
    const stored = async () =>
      (await pool.query('SELECT quantity, version FROM requests.medicines WHERE id = $1', [medicine.id]))
        .rows[0];
    try {
      await waitUntil(async () => (await stored())?.quantity === 8);
      await p.requests.stop();
      const edited = await p.catalog.api.put(
        `/api/medicines/${medicine.id}`,
        { quantity: 5 },
        { token: pharmacy.token },
      );
      expect(edited.status).toBe(200);
      await waitUntil(async () => {
        const { rows } = await pool.query(
          `SELECT count(*)::int AS n FROM catalog.outbox WHERE queue = $1 AND published_at IS NOT NULL
              AND (payload->'medicine'->>'id')::int = $2 AND (payload->'medicine'->>'quantity')::int = 5`,
          [medicineEventQueue, medicine.id],
        );
        return rows[0].n === 1;
      });
      // Published, and nobody consumes it while svc-requests is stopped.
      expect((await stored()).quantity).toBe(8);

      p.requests = await startRequestsFor(p.identity, p.catalog);
      await waitUntil(async () => (await stored()).quantity === 5);
      const { rows } = await pool.query(
        `SELECT count(*)::int AS n FROM requests.inbox i JOIN catalog.outbox o ON o.payload->>'eventId' = i.event_id::text
          WHERE (o.payload->'medicine'->>'id')::int = $1`,
        [medicine.id],
      );
      expect(rows[0].n).toBe(2);
    } finally {
      await pool.end();
    }
  });

  it('applies bulk events (as the expiry scan sends them) once, keeping the newest version', async () => {
    const pool = p.requests.service.ctx.pool;
    const base = 900_000_000;
    const snapshot = (id: number, version: number): MedicineSnapshot => ({
      id,
      ownerId: 77,
      source: 'pharmacy',
      name: `Bulk ${id}`,
      type: 'Tablets',
      description: null,
      quantity: 3,
      originalPrice: '12.50',
      discountPrice: null,
      expiryDate: '2026-01-01T00:00:00.000Z',
      recipientType: 'ngos',
      imageUrl: null,
      isAvailable: version > 1 ? false : true,
      createdAt: '2025-06-01T10:00:00.000Z',
      version,
    });
    const apply = (event: MedicineEvent) =>
      withTransaction(pool, (c) =>
        applyMedicineEvent(c, event, {
          ...recallNoticeOptions(p.requests.service.ctx),
          publicUrl: 'http://x',
        }),
      );
    const ids = [base + 1, base + 2, base + 3];
    // A newer single change of the first one arrived before the bulk event.
    await apply({
      eventId: randomUUID(),
      type: 'medicine.changed',
      occurredAt: '',
      medicine: snapshot(ids[0]!, 5),
    });
    const bulk: MedicineEvent = {
      eventId: randomUUID(),
      type: 'medicines.changed',
      occurredAt: new Date().toISOString(),
      medicines: ids.map((id) => snapshot(id, 2)),
    };
    expect(await apply(bulk)).toBe(true);
    expect(await apply(bulk)).toBe(false);
    const { rows } = await pool.query(
      'SELECT id, version, is_available, original_price FROM requests.medicines WHERE id = ANY($1) ORDER BY id',
      [ids],
    );
    expect(rows.map((r) => [r.id, r.version, r.is_available, r.original_price])).toEqual([
      [ids[0], 5, false, '12.50'],
      [ids[1], 2, false, '12.50'],
      [ids[2], 2, false, '12.50'],
    ]);

    // What the scan sends now: ids and versions only. Three more listings, available at version
    // 1; the third already changed again (version 4) before its unlisting (version 2) arrives.
    const more = [base + 4, base + 5, base + 6];
    await apply({
      eventId: randomUUID(),
      type: 'medicines.changed',
      occurredAt: '',
      medicines: more.map((id) => ({
        ...snapshot(id, 1),
        isAvailable: true,
        expiryDate: '2099-01-01T00:00:00.000Z',
      })),
    });
    await apply({
      eventId: randomUUID(),
      type: 'medicine.changed',
      occurredAt: '',
      medicine: { ...snapshot(more[2]!, 4), isAvailable: true, expiryDate: '2099-01-01T00:00:00.000Z' },
    });
    // A need matched all three: the unlisted ones lose their matches, the relisted one keeps its.
    const need = (
      await pool.query<{ id: number }>(
        `INSERT INTO requests.needs (owner_id, owner_role, medicine, min_quantity) VALUES (78, 'ngo', 'Bulk', 1) RETURNING id`,
      )
    ).rows[0]!.id;
    await pool.query(
      'INSERT INTO requests.matches (need_id, medicine_id, score) SELECT $1, unnest($2::int[]), 1',
      [need, more],
    );
    const unlisted: MedicineEvent = {
      eventId: randomUUID(),
      type: 'medicines.unlisted',
      occurredAt: new Date().toISOString(),
      medicines: more.map((id) => ({ id, version: 2 })),
    };
    expect(await apply(unlisted)).toBe(true);
    expect(await apply(unlisted)).toBe(false);
    const after = await pool.query(
      'SELECT id, version, is_available, name FROM requests.medicines WHERE id = ANY($1) ORDER BY id',
      [more],
    );
    expect(after.rows.map((r) => [r.id, r.version, r.is_available, r.name])).toEqual([
      [more[0], 2, false, `Bulk ${more[0]}`],
      [more[1], 2, false, `Bulk ${more[1]}`],
      [more[2], 4, true, `Bulk ${more[2]}`],
    ]);
    const matched = await pool.query('SELECT medicine_id FROM requests.matches WHERE need_id = $1', [need]);
    expect(matched.rows.map((r) => r.medicine_id)).toEqual([more[2]]);

    const alerts: MedicineEvent = {
      eventId: randomUUID(),
      type: 'medicine.expiry-alerts',
      occurredAt: new Date().toISOString(),
      alerts: ids.map((id) => ({
        ownerId: 77,
        medicineId: id,
        medicineName: `Bulk ${id}`,
        threshold: 7,
        daysLeft: 6,
        expiryDate: '2026-01-01T00:00:00.000Z',
      })),
    };
    await apply(alerts);
    // Another event with the same alerts (a rerun) notifies nobody again.
    await apply({ ...alerts, eventId: randomUUID() });
    const notes = await pool.query(
      `SELECT medicine_id, type, params FROM requests.notifications WHERE medicine_id = ANY($1) ORDER BY medicine_id`,
      [ids],
    );
    expect(notes.rows).toEqual(
      ids.map((id) => ({
        medicine_id: id,
        type: 'expiry-alert',
        params: { medicine: `Bulk ${id}`, days: 6 },
      })),
    );
  });
});
