import { medicineEventQueue } from '@medrelay/contracts';
import { createPool } from '@medrelay/service-kit';
import { waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startRequestsFor, startTestPlatform, type TestPlatform } from '../testing';

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
      await new Promise((r) => setTimeout(r, 300));
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
});
