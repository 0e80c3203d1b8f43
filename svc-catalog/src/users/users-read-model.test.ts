import { randomUUID } from 'node:crypto';
import { userEventQueues, type UserEvent } from '@medrelay/contracts';
import { createPool, createQueue, createQueueRedis } from '@medrelay/service-kit';
import { waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startCatalogFor, startTestCatalog, type TestCatalogPlatform } from '../testing';

let p: TestCatalogPlatform;
beforeAll(async () => {
  p = await startTestCatalog();
});
afterAll(() => p.stop());

describe("catalog's read model of identity's users", () => {
  it('applies an event written while the consumer is down once it is back, exactly once', async () => {
    const pharmacy = await p.user('pharmacy');
    const medicine = (await p.api.post('/api/medicines', medicineInput(), { token: pharmacy.token })).body;
    // Read straight from the database while the catalog is down.
    const pool = createPool(p.identity.databaseUrl, 'test', 2);
    const readModel = async () =>
      (await pool.query('SELECT name, version FROM catalog.users WHERE id = $1', [pharmacy.id])).rows[0];
    try {
      await p.catalog.stop();
      const renamed = await p.identity.api.put(
        '/api/auth/me',
        { name: 'Renamed Pharmacy' },
        { token: pharmacy.token },
      );
      expect(renamed.status).toBe(200);
      // Identity's relay publishes it to the catalog's queue; nobody consumes it yet.
      await waitUntil(async () => {
        const { rows } = await pool.query(
          `SELECT count(*)::int AS n FROM identity.outbox
            WHERE queue = $1 AND job_name = 'user.updated' AND published_at IS NOT NULL
              AND (payload->'user'->>'id')::int = $2`,
          [userEventQueues[0], pharmacy.id],
        );
        return rows[0].n === 1;
      });
      expect((await readModel()).name).toBe('pharmacy user');

      p.catalog = await startCatalogFor(p.identity);
      await waitUntil(async () => (await readModel()).name === 'Renamed Pharmacy');
      const listing = await p.api.get(`/api/medicines/${medicine.id}`, { token: pharmacy.token });
      expect(listing.body.pharmacy.user.name).toBe('Renamed Pharmacy');
      const { rows: inbox } = await pool.query(
        `SELECT count(*)::int AS n FROM catalog.inbox WHERE event_type = 'user.updated'`,
      );
      expect(inbox[0].n).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('ignores a duplicated event and an older version arriving late', async () => {
    const donor = await p.user('donor');
    const pool = p.catalog.service.ctx.pool;
    const connection = createQueueRedis(p.catalog.config.REDIS_URL, 'test');
    const queue = createQueue<UserEvent>(userEventQueues[0], connection, p.catalog.config.REDIS_PREFIX);
    try {
      const current = (await pool.query('SELECT * FROM catalog.users WHERE id = $1', [donor.id])).rows[0];
      const event: UserEvent = {
        eventId: randomUUID(),
        type: 'user.updated',
        occurredAt: new Date().toISOString(),
        user: {
          id: donor.id,
          name: 'Newer Name',
          email: donor.email,
          phone: '01000000000',
          userType: 'donor',
          status: 'approved',
          address: null,
          organizationName: null,
          language: 'en',
          version: current.version + 5,
        },
      };
      const stale: UserEvent = {
        ...event,
        eventId: randomUUID(),
        user: { ...event.user, name: 'Old Name', version: current.version + 1 },
      };
      // The same event twice (as a relay retry would), then an older one.
      const jobs = [
        await queue.add('user.updated', event),
        await queue.add('user.updated', event),
        await queue.add('user.updated', stale),
      ];
      await waitUntil(async () => {
        const states = await Promise.all(jobs.map((j) => j.getState()));
        return states.every((s) => s === 'completed');
      });
      const after = (await pool.query('SELECT name, version FROM catalog.users WHERE id = $1', [donor.id]))
        .rows[0];
      expect(after).toEqual({ name: 'Newer Name', version: current.version + 5 });
      const { rows } = await pool.query('SELECT count(*)::int AS n FROM catalog.inbox WHERE event_id = $1', [
        event.eventId,
      ]);
      expect(rows[0].n).toBe(1);
      const outcomes = await Promise.all(jobs.map(async (j) => (await queue.getJob(j.id!))?.returnvalue));
      // The worker runs jobs concurrently: either copy of the event may be the one applied.
      expect(outcomes.slice(0, 2).sort()).toEqual(['applied', 'duplicate']);
      expect(outcomes[2]).toBe('applied');
    } finally {
      await queue.close();
      await connection.quit();
    }
  });
});
