import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { userEventQueues, type UserEvent } from '@medrelay/contracts';
import { createPool, createQueue, createQueueRedis } from '@medrelay/service-kit';
import { waitUntil } from '@medrelay/testing';
import { photoFile } from '../images/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPassword } from '@medrelay/svc-identity/testing';
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

  it("withdraws a deleted donor's listings for good, deletes their photos and erases them from the read model", async () => {
    const donor = await p.user('donor');
    await p.identity.api.put(
      '/api/auth/me',
      { area: 'nasr-city', address: '5 Nile St' },
      { token: donor.token },
    );
    const list = async (name: string) =>
      (
        await p.api.post('/api/medicines', medicineInput({ name, recipientType: 'ngos' }), {
          token: donor.token,
        })
      ).body as { id: number };
    const [withPhoto, plain] = [await list('Concor donated'), await list('Panadol donated')];
    const image = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const uploaded = await fetch(`${p.catalog.baseUrl}/api/medicines/${withPhoto.id}/image`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${donor.token}`, 'content-type': 'image/png' },
      body: image,
    });
    expect(uploaded.status).toBe(200);
    const { pool, storage } = p.catalog.service.ctx;
    const key = (await pool.query('SELECT image_key FROM catalog.medicines WHERE id = $1', [withPhoto.id]))
      .rows[0].image_key as string;
    expect(await storage.get(photoFile(key, 'thumb'))).not.toBeNull();

    const deleted = await p.identity.api.delete('/api/auth/me', {
      token: donor.token,
      raw: JSON.stringify({ password: testPassword }),
    });
    expect(deleted.status).toBe(200);
    const readModel = async () =>
      (
        await pool.query(
          'SELECT name, email, phone, address, area, governorate, pin_lat, lat, status FROM catalog.users WHERE id = $1',
          [donor.id],
        )
      ).rows[0];
    await waitUntil(async () => (await readModel()).name === 'Deleted account');
    expect(await readModel()).toEqual({
      name: 'Deleted account',
      email: `deleted-${donor.id}@deleted.invalid`,
      phone: '',
      address: null,
      area: null,
      governorate: null,
      pin_lat: null,
      lat: null,
      status: 'rejected',
    });
    const { rows } = await pool.query(
      'SELECT id, is_available, image_key, pickup_area, lat FROM catalog.medicines WHERE owner_id = $1 ORDER BY id',
      [donor.id],
    );
    expect(rows).toEqual([
      { id: withPhoto.id, is_available: false, image_key: null, pickup_area: null, lat: null },
      { id: plain.id, is_available: false, image_key: null, pickup_area: null, lat: null },
    ]);
    for (const size of ['thumb', 'large'] as const)
      expect(await storage.get(photoFile(key, size))).toBeNull();
    // Each withdrawal is published, so svc-requests' copy of the listings follows.
    const changes = await pool.query(
      `SELECT count(*)::int AS n FROM catalog.outbox
        WHERE job_name = 'medicine.changed' AND (payload->'medicine'->>'id')::int = ANY($1::int[])
          AND payload->'medicine'->>'isAvailable' = 'false'`,
      [[withPhoto.id, plain.id]],
    );
    expect(changes.rows[0].n).toBe(2);
  });
});
