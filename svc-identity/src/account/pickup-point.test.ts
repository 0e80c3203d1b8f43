import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, type TestIdentity } from '../testing';
import { findCredentialsByEmail } from '../users/repo';

// An account's pickup point: an area of libs/domain's table, its governorate,
// an optional pin; told to the other services with user events.

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity.stop());

const lastEventUser = async (id: number) => {
  const { rows } = await identity.service.ctx.pool.query(
    `SELECT payload FROM identity.outbox WHERE payload->'user'->>'id' = $1 ORDER BY created_at DESC LIMIT 1`,
    [String(id)],
  );
  return rows[0].payload.user;
};

describe('pickup point of an account', () => {
  it('is taken at registration: the area brings its governorate, the pin is kept to 5 decimals', async () => {
    const email = `nile-${Date.now()}@example.com`;
    const res = await identity.api.post('/api/auth/register', {
      name: 'Nile Pharmacy',
      email,
      phone: '01012345678',
      password: 'Kite-Harbour-7315',
      userType: 'pharmacy',
      acceptTerms: true,
      commercialLicense: 'CL-1',
      area: 'dokki',
      pin: { lat: 30.0401234, lng: 31.2101234 },
    });
    expect(res.status).toBe(201);
    const { user } = (await findCredentialsByEmail(identity.service.ctx.pool, email))!;
    expect(user).toMatchObject({ governorate: 'giza', area: 'dokki', pin: { lat: 30.04012, lng: 31.21012 } });
  });

  it('is changed in settings; a new governorate drops an area outside it; null clears the pin', async () => {
    const donor = await identity.signedIn('donor');
    const placed = await identity.api.put(
      '/api/auth/me',
      { area: 'maadi', pin: { lat: 29.96, lng: 31.25 } },
      { token: donor.token },
    );
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({
      governorate: 'cairo',
      area: 'maadi',
      pin: { lat: 29.96, lng: 31.25 },
    });
    expect(await lastEventUser(donor.id)).toMatchObject({ area: 'maadi', pin: { lat: 29.96, lng: 31.25 } });

    const moved = await identity.api.put(
      '/api/auth/me',
      { governorate: 'aswan', pin: null },
      { token: donor.token },
    );
    expect(moved.body).toMatchObject({ governorate: 'aswan', area: null, pin: null });
    expect((await identity.api.get('/api/auth/me', { token: donor.token })).body).toMatchObject({
      governorate: 'aswan',
      area: null,
      pin: null,
    });
  });

  it("refuses an area outside the governorate, an unknown area and a pin outside Egypt, in the caller's language", async () => {
    const ngo = await identity.signedIn('ngo');
    const ar = { token: ngo.token, headers: { 'accept-language': 'ar' } };
    const mismatch = await identity.api.put('/api/auth/me', { governorate: 'cairo', area: 'dokki' }, ar);
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(mismatch.body)).toContain('المنطقة دي مش في المحافظة اللي اخترتها');
    const unknown = await identity.api.put('/api/auth/me', { area: 'atlantis' }, { token: ngo.token });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('Choose an area from the list');
    const paris = await identity.api.put(
      '/api/auth/me',
      { area: 'dokki', pin: { lat: 48.85, lng: 2.35 } },
      ar,
    );
    expect(paris.status).toBe(400);
    expect(JSON.stringify(paris.body)).toContain('العلامة على الخريطة لازم تكون جوه مصر');
  });
});
