import type { Medicine } from '@medrelay/contracts';
import { createLogger } from '@medrelay/service-kit';
import { waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicineInput, startTestCatalog, type TestCatalogPlatform } from '../testing';
import { repointDonorPlaces } from './donor-points';

// A donor's home stays private: other parties measure from the donor's area, never the pin.

let p: TestCatalogPlatform;
let ngo: Awaited<ReturnType<TestCatalogPlatform['user']>>;
beforeAll(async () => {
  p = await startTestCatalog();
  ngo = await p.user('ngo');
});
afterAll(() => p.stop());

const browse = (query: string) => p.api.get<Medicine[]>(`/api/medicines?${query}`, { token: ngo.token });

describe("a donor's point", () => {
  it("measures a donor's listings from their area's centre, never their pin (it is their home)", async () => {
    const donor = await p.user('donor');
    const home = { lat: 30.0452, lng: 31.2035 }; // in Dokki, about 1.2 km from its centre
    const res = await p.identity.api.put(
      '/api/auth/me',
      { area: 'dokki', pin: home },
      { token: donor.token },
    );
    expect(res.status).toBe(200);
    await waitUntil(
      async () =>
        (await p.catalog.service.ctx.pool.query('SELECT area FROM catalog.users WHERE id = $1', [donor.id]))
          .rows[0]?.area === 'dokki',
      { what: "the donor's area in the read model" },
    );
    const given = await p.api.post(
      '/api/medicines',
      // Its own place with a pin: the pin is not kept, the area is.
      medicineInput({
        name: 'Concor from home',
        recipientType: 'ngos',
        pickupArea: 'dokki',
        pickupPin: home,
      }),
      { token: donor.token },
    );
    expect(given.status).toBe(201);
    // A donation asks no price (the input carried 20 EGP); what it was worth stays.
    expect(given.body).toMatchObject({ discountPrice: null, originalPrice: '45.50' });
    const fromHome = await browse(
      `lat=${home.lat}&lng=${home.lng}&q=${encodeURIComponent('Concor from home')}`,
    );
    const item = fromHome.body.find((m) => m.id === given.body.id)!;
    // Standing on the pin, the listing is as far as Dokki's centre, not 0 km.
    expect(item.distanceKm).toBeGreaterThanOrEqual(1);
    const { rows } = await p.catalog.service.ctx.pool.query(
      'SELECT own_lat, own_lng FROM catalog.medicines WHERE id = $1',
      [given.body.id],
    );
    expect(rows[0]).toEqual({ own_lat: 30.0385, own_lng: 31.2123 });
    const users = await p.catalog.service.ctx.pool.query('SELECT lat, lng FROM catalog.users WHERE id = $1', [
      donor.id,
    ]);
    expect(users.rows[0]).toEqual({ lat: 30.0385, lng: 31.2123 });
  });

  it("moves donors' points written before off their pins at start, and tells svc-requests", async () => {
    const donor = await p.user('donor');
    const pool = p.catalog.service.ctx.pool;
    const home = { lat: 30.0452, lng: 31.2035 };
    const given = await p.api.post(
      '/api/medicines',
      medicineInput({ name: 'Concor old', pickupArea: 'dokki' }),
      {
        token: donor.token,
      },
    );
    // As the rows were before the rule: the donor's point and the listing's own point on the pin.
    await pool.query(
      `UPDATE catalog.users SET area = 'dokki', pin_lat = $2, pin_lng = $3, lat = $2, lng = $3 WHERE id = $1`,
      [donor.id, home.lat, home.lng],
    );
    await pool.query('UPDATE catalog.medicines SET own_lat = $2, own_lng = $3 WHERE id = $1', [
      given.body.id,
      home.lat,
      home.lng,
    ]);
    const events = async () =>
      (
        await pool.query(
          `SELECT count(*)::int AS n FROM catalog.outbox WHERE (payload->'medicine'->>'id')::int = $1`,
          [given.body.id],
        )
      ).rows[0].n as number;
    const before = await events();
    await repointDonorPlaces(pool, createLogger('test', 'silent'));
    expect(
      (await pool.query('SELECT lat, lng FROM catalog.users WHERE id = $1', [donor.id])).rows[0],
    ).toEqual({
      lat: 30.0385,
      lng: 31.2123,
    });
    expect(
      (await pool.query('SELECT own_lat, own_lng FROM catalog.medicines WHERE id = $1', [given.body.id]))
        .rows[0],
    ).toEqual({ own_lat: 30.0385, own_lng: 31.2123 });
    expect(await events()).toBe(before + 1);
    // Run again: nothing left to move.
    await repointDonorPlaces(pool, createLogger('test', 'silent'));
    expect(await events()).toBe(before + 1);
  });

  it('names the donor to the donor and administrators only: browsing NGOs see a donation, not who gave it', async () => {
    const donor = await p.user('donor');
    const admin = await p.user('admin');
    const given = await p.api.post(
      '/api/medicines',
      medicineInput({ name: 'Nameless Concor', recipientType: 'ngos' }),
      { token: donor.token },
    );
    expect(given.status).toBe(201);
    const seen = (await browse(`q=${encodeURIComponent('Nameless Concor')}`)).body.find(
      (m) => m.id === given.body.id,
    );
    expect(seen).toMatchObject({ source: 'donor', donor: null });
    const one = (token: string) => p.api.get<Medicine>(`/api/medicines/${given.body.id}`, { token });
    expect((await one(ngo.token)).body.donor).toBeNull();
    expect((await one(donor.token)).body.donor).toEqual({ name: expect.any(String) });
    expect((await one(admin.token)).body.donor).toEqual({ name: expect.any(String) });
  });
});
