import { setTimeout as sleep } from 'node:timers/promises';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, testPassword, type TestIdentity } from '../testing';

// The browsers signed in to an account (browser from the User-Agent, country
// from the address), signing one out or all others, through the real service.
let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity.stop());

const phone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const laptop =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** A sign-in as from this browser and address (services trust the gateway's X-Forwarded-For). */
async function signIn(email: string, userAgent: string, address: string): Promise<string> {
  const res = await identity.api.post(
    '/api/auth/login',
    { email, password: testPassword },
    { headers: { 'user-agent': userAgent, 'x-forwarded-for': address } },
  );
  expect(res.status).toBe(200);
  return res.body.token as string;
}

const list = async (token: string, language = 'en') => {
  const res = await identity.api.get('/api/auth/sessions', {
    token,
    headers: { 'accept-language': language },
  });
  expect(res.status).toBe(200);
  return res.body as Array<{ id: string; device: string; country: string | null; current: boolean }>;
};

describe('sessions and devices', () => {
  it('lists each browser with its device and country, this one marked', async () => {
    const user = await identity.createUser('pharmacy');
    const onPhone = await signIn(user.email, phone, '41.33.0.1');
    await signIn(user.email, laptop, '81.2.69.142');
    const sessions = await list(onPhone);
    expect(
      sessions
        .map(({ device, country, current }) => ({ device, country, current }))
        .sort((a, b) => a.device.localeCompare(b.device)),
    ).toEqual([
      { device: 'Chrome on Android', country: 'EG', current: true },
      { device: 'Safari on macOS', country: 'GB', current: false },
    ]);
    // Read in Arabic, the same browsers are named in Arabic (the product names stay as they are).
    expect((await list(onPhone, 'ar')).map(({ device }) => device).sort()).toEqual([
      'Chrome على Android',
      'Safari على macOS',
    ]);
    // Someone else's list holds none of these.
    const other = await identity.signedIn('donor');
    expect((await list(other.token)).some((s) => sessions.some((mine) => mine.id === s.id))).toBe(false);
  });

  it('signs in a client that sends no User-Agent, listed as a browser', async () => {
    const user = await identity.createUser('donor');
    const token = await signIn(user.email, '', '41.33.0.2');
    expect((await list(token)).map(({ device, current }) => ({ device, current }))).toEqual([
      { device: 'Browser', current: true },
    ]);
    expect((await list(token, 'ar')).map(({ device }) => device)).toEqual(['متصفح']);
    // A session recorded before sessions kept their User-Agent, of a browser it could not name.
    await identity.service.ctx.pool.query(
      "UPDATE identity.sessions SET user_agent = NULL, device = '' WHERE user_id = $1",
      [user.id],
    );
    expect((await list(token)).map(({ device }) => device)).toEqual(['Browser']);
    expect((await list(token, 'ar')).map(({ device }) => device)).toEqual(['متصفح']);
  });

  it('signs out one browser: its token stops at once; another account cannot end it', async () => {
    const user = await identity.createUser('ngo');
    const mine = await signIn(user.email, phone, '197.32.0.1');
    const theirs = await signIn(user.email, laptop, '10.0.0.7');
    const laptopSession = (await list(mine)).find((s) => !s.current)!;
    expect(laptopSession.country).toBeNull();

    const stranger = await identity.signedIn('donor');
    const refused = await identity.api.delete(`/api/auth/sessions/${laptopSession.id}`, {
      token: stranger.token,
    });
    expect(refused.status).toBe(404);
    expect((await identity.api.get('/api/auth/me', { token: theirs })).status).toBe(200);

    expect(
      (await identity.api.delete(`/api/auth/sessions/${laptopSession.id}`, { token: mine })).status,
    ).toBe(204);
    const after = await identity.api.get('/api/auth/me', { token: theirs });
    expect([after.status, after.body.code]).toEqual([401, 'TOKEN_REVOKED']);
    expect((await list(mine)).map((s) => s.current)).toEqual([true]);
  });

  it('signs out all other browsers, listed or not, and this one goes on with a new token; logged-out sessions leave the list', async () => {
    const user = await identity.createUser('donor');
    const keep = await signIn(user.email, phone, '156.160.0.1');
    const others = [
      await signIn(user.email, laptop, '81.2.69.142'),
      await signIn(user.email, laptop, '41.33.0.1'),
    ];
    const leaving = await signIn(user.email, phone, '41.33.0.1');
    expect((await identity.api.post('/api/auth/logout', undefined, { token: leaving })).status).toBe(204);
    expect(await list(keep)).toHaveLength(3);
    // A token the list does not hold (signed before sessions were recorded) stops too.
    const unlisted = await signIn(user.email, laptop, '81.2.69.142');
    await identity.service.ctx.pool.query('DELETE FROM identity.sessions WHERE id = $1', [
      (await list(unlisted)).find((s) => s.current)!.id,
    ]);

    const res = await identity.api.post('/api/auth/sessions/sign-out-others', undefined, { token: keep });
    expect(res.body).toEqual({ signedOut: 2, token: expect.any(String) });
    for (const token of [...others, unlisted, keep])
      expect((await identity.api.get('/api/auth/me', { token })).status).toBe(401);
    const renewed = res.body.token as string;
    expect((await identity.api.get('/api/auth/me', { token: renewed })).status).toBe(200);
    expect((await list(renewed)).map((s) => [s.device, s.country, s.current])).toEqual([
      ['Chrome on Android', 'EG', true],
    ]);
  });

  it('a password change ends the others and lists the new session only', async () => {
    const user = await identity.createUser('donor');
    const first = await signIn(user.email, phone, '41.33.0.1');
    await signIn(user.email, laptop, '81.2.69.142');
    const changed = await identity.api.put(
      '/api/auth/password',
      { currentPassword: testPassword, newPassword: 'Granite-Ferry-8842' },
      { token: first, headers: { 'user-agent': phone } },
    );
    expect(changed.status).toBe(200);
    const sessions = await list(changed.body.token as string);
    expect(sessions.map((s) => [s.device, s.current])).toEqual([['Chrome on Android', true]]);
  });
});

describe("a session's end", () => {
  const endOf = (token: string) => decodeJwt(token).exp!;

  it('stays where the sign-in put it when the others are signed out or the password changes: a new token each time, never a longer session', async () => {
    const user = await identity.createUser('pharmacy');
    const tokens = [await signIn(user.email, phone, '41.33.0.1')];
    for (let i = 0; i < 2; i++) {
      // A session renewed from now would end at least a second later.
      await sleep(1100);
      const res = await identity.api.post('/api/auth/sessions/sign-out-others', undefined, {
        token: tokens.at(-1)!,
      });
      expect(res.status).toBe(200);
      tokens.push(res.body.token as string);
    }
    await sleep(1100);
    const changed = await identity.api.put(
      '/api/auth/password',
      { currentPassword: testPassword, newPassword: 'Granite-Ferry-8842' },
      { token: tokens.at(-1)!, headers: { 'user-agent': phone } },
    );
    expect(changed.status).toBe(200);
    tokens.push(changed.body.token as string);

    const end = endOf(tokens[0]!);
    expect(tokens.map(endOf)).toEqual(Array(4).fill(end));
    expect(new Set(tokens.map((t) => decodeJwt(t).jti)).size).toBe(4);
    expect((await identity.api.get('/api/auth/me', { token: tokens.at(-1)! })).status).toBe(200);
    const { rows } = await identity.service.ctx.pool.query(
      'SELECT expires_at FROM identity.sessions WHERE id = $1',
      [decodeJwt(tokens.at(-1)!).jti],
    );
    expect(rows[0].expires_at.getTime()).toBe(end * 1000);
  });

  it('ends a replacement sooner when the administrator shortened the session timeout since the sign-in', async () => {
    const admin = await identity.signedIn('admin');
    const user = await identity.createUser('donor');
    const token = await signIn(user.email, laptop, '81.2.69.142');
    const setTimeout = (minutes: number) =>
      identity.api.put('/api/admin/settings', { sessionTimeout: minutes }, { token: admin.token });
    expect((await setTimeout(15)).status).toBe(200);
    try {
      const res = await identity.api.post('/api/auth/sessions/sign-out-others', undefined, { token });
      const now = Math.floor(Date.now() / 1000);
      expect(endOf(res.body.token as string)).toBeLessThanOrEqual(now + 15 * 60);
      expect(endOf(res.body.token as string)).toBeGreaterThan(now + 14 * 60);
    } finally {
      await setTimeout(720);
    }
  });
});
