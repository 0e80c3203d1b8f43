import { startTestIdentity, type TestIdentity } from '@medrelay/svc-identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway } from './testing';

// The gateway's per-address sign-in limit (Redis, shared by its instances): each test starts a
// gateway of its own key prefix, so counts never mix.

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity.stop());

describe('gateway rate limits', () => {
  it('counts /api/auth/login/ (trailing slash) as a sign-in', async () => {
    const limited = await startTestGateway(`${identity.prefix}_slash`, {
      IDENTITY_URL: identity.baseUrl,
      LOGIN_RATE_PER_MINUTE: '2',
    });
    try {
      const statuses = [];
      for (const p of ['/api/auth/login', '/api/auth/login/', '/api/auth/login/']) {
        statuses.push((await limited.api.post(p, { email: 'x@example.test', password: 'whatever1' })).status);
      }
      expect(statuses[2]).toBe(429);
    } finally {
      await limited.stop();
    }
  });

  it('counts the sign-ins of one IPv6 /64 together: a client cannot walk past the limit by changing its address', async () => {
    const limited = await startTestGateway(`${identity.prefix}_v6`, {
      IDENTITY_URL: identity.baseUrl,
      LOGIN_RATE_PER_MINUTE: '2',
      // As behind a load balancer on loopback: X-Forwarded-For names the client.
      TRUST_PROXY: 'loopback',
    });
    try {
      const from = (address: string) =>
        limited.api.post(
          '/api/auth/login',
          { email: 'v6@example.test', password: 'whatever1' },
          { headers: { 'x-forwarded-for': address } },
        );
      const statuses = [];
      for (const host of ['a', 'b', 'c']) statuses.push((await from(`2001:db8:1:1::${host}`)).status);
      expect(statuses.map((s) => s === 429)).toEqual([false, false, true]);
      // Another /64 is another subscriber.
      expect((await from('2001:db8:1:2::a')).status).not.toBe(429);
    } finally {
      await limited.stop();
    }
  });

  it('counts every spelling of a sign-in path (case, escapes, slashes) towards the same limit', async () => {
    // The services route paths whatever their case: /api/auth/Login checks the password too.
    const limited = await startTestGateway(`${identity.prefix}_spelled`, {
      IDENTITY_URL: identity.baseUrl,
      LOGIN_RATE_PER_MINUTE: '3',
    });
    try {
      // An e-mail of its own: identity's lock-out counts failures per account and address.
      const body = { email: 'spelled@example.test', password: 'whatever1' };
      for (let i = 0; i < 3; i++)
        expect((await limited.api.post('/api/auth/login', body)).status).not.toBe(429);
      const spellings = [
        '/api/auth/Login',
        '/api/auth/LOGIN',
        '/API/auth/login',
        '/api/auth/Login/',
        '/api/auth/%4Cogin',
        '/api/auth/%6cogin',
        '/api/auth/%254Cogin',
        '/api//auth/login',
        '/api/auth//login',
        '/api/auth/login//',
        '/api/auth/Login/two-factor',
        '/api/auth/LOGIN/Two-Factor/',
      ];
      const statuses: Record<string, number> = {};
      for (const p of spellings) statuses[p] = (await limited.api.post(p, body)).status;
      expect(statuses).toEqual(Object.fromEntries(spellings.map((p) => [p, 429])));
    } finally {
      await limited.stop();
    }
  });

  it('limits sign-in attempts per address with 429', async () => {
    // Its own key prefix: other tests here already signed in through the shared limiter.
    const limited = await startTestGateway(`${identity.prefix}_rl`, {
      IDENTITY_URL: identity.baseUrl,
      LOGIN_RATE_PER_MINUTE: '3',
    });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await limited.api.post('/api/auth/login', { email: 'x@example.test', password: 'whatever1' }))
            .status,
        );
      }
      expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
      expect(statuses[3]).toBe(429);
    } finally {
      await limited.stop();
    }
  });
});
