import type { RecallReach } from '@medrelay/contracts';
import { describe, expect, it } from 'vitest';
import { admin, p, useRecallPlatform } from './recall-fixture';
import { recallReachOf } from './reach-repo';

// The admin's reach list of a recall that reached thousands: each party with exactly its own
// holdings, in order, read with the parties in one statement (no parties × holdings matching).
useRecallPlatform();

describe('the reach list of a large recall', () => {
  it('gives each of 3,000 parties its own holdings in order, read together with the parties', async () => {
    const pool = p.requests.service.ctx.pool;
    const recallId = 990_001;
    const parties = 3000;
    const firstUser = 7_000_001;
    await pool.query(
      `INSERT INTO requests.recalls (recall_id, gtin, batch, reason) VALUES ($1, '06220000000001', 'BIG1', 'Seeded')`,
      [recallId],
    );
    // Every third party has acknowledged; every fifth holds nothing (told, then collected in full).
    await pool.query(
      `INSERT INTO requests.recall_parties (recall_id, user_id, acknowledged_at)
       SELECT $1, $2 + i, CASE WHEN i % 3 = 0 THEN now() END FROM generate_series(0, $3 - 1) AS i`,
      [recallId, firstUser, parties],
    );
    // Holdings written out of order: a requested one, then a listed one on a lower medicine id.
    await pool.query(
      `INSERT INTO requests.recall_holdings (recall_id, user_id, holding, medicine_id, medicine_name, quantity)
       SELECT $1, $2 + i, h.holding, h.medicine, 'Med ' || i, i % 7
         FROM generate_series(0, $3 - 1) AS i,
              LATERAL (VALUES ('requested', 200000 + i), ('listed', 100000 + i)) AS h (holding, medicine)
        WHERE i % 5 <> 0`,
      [recallId, firstUser, parties],
    );

    const res = await p.requests.api.get<RecallReach>(`/api/admin/recall-reach/${recallId}`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const reach = res.body;
    expect(reach).toMatchObject({ recallId, reached: parties, acknowledged: parties / 3, round: 1 });
    expect(reach.parties).toHaveLength(parties);
    // Not acknowledged first, then by name (none known here) and id.
    expect(reach.parties.slice(0, 2).map((party) => party.userId)).toEqual([firstUser + 1, firstUser + 2]);
    for (const party of reach.parties) {
      const i = party.userId - firstUser;
      expect(party.acknowledgedAt !== null).toBe(i % 3 === 0);
      expect(party.holdings).toEqual(
        i % 5 === 0
          ? []
          : [
              {
                holding: 'listed',
                medicineId: 100000 + i,
                medicineName: `Med ${i}`,
                requestId: null,
                quantity: i % 7,
              },
              {
                holding: 'requested',
                medicineId: 200000 + i,
                medicineName: `Med ${i}`,
                requestId: null,
                quantity: i % 7,
              },
            ],
      );
    }

    // One statement for the recall, one for its parties with their holdings.
    let statements = 0;
    const counting = {
      query: (text: string, values?: unknown[]) => {
        statements++;
        return pool.query(text, values);
      },
    } as unknown as typeof pool;
    expect(await recallReachOf(counting, recallId)).toEqual(reach);
    expect(statements).toBe(2);
  });
});
