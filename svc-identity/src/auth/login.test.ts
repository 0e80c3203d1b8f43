import { tokenAudience, tokenIssuer } from '@medrelay/contracts';
import { testStores, uniqueEmail, waitForMails } from '@medrelay/testing';
import { importPKCS8, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, testPassword, type TestIdentity } from '../testing';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity({ LOGIN_FREE_FAILURES: '3' });
});
afterAll(() => identity.stop());

function decode(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

async function forgeToken(claims: Record<string, unknown>, expiresInSeconds: number) {
  const key = await importPKCS8(testStores().jwtPrivateKey, 'ES256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'admin', status: 'approved', name: 'x', iatMs: Date.now(), ...claims })
    .setProtectedHeader({ alg: 'ES256' })
    .setSubject('1')
    .setJti('forged')
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt(now - 3600)
    .setExpirationTime(now + expiresInSeconds)
    .sign(key);
}

describe('POST /api/auth/login', () => {
  it('returns an ES256 token and the user; lifetime is the session timeout (720 min)', async () => {
    const { email } = await identity.createUser('pharmacy');
    const res = await identity.api.post('/api/auth/login', {
      email: email.toUpperCase(),
      password: testPassword,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email, userType: 'pharmacy', status: 'approved' });
    const header = JSON.parse(Buffer.from(res.body.token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('ES256');
    const claims = decode(res.body.token);
    expect(claims.exp - claims.iat).toBe(720 * 60);
    expect(claims.role).toBe('pharmacy');
  });

  it('lets a pending user sign in (the browser shows the pending message) with a pending token', async () => {
    const { email } = await identity.createUser('ngo', 'pending');
    const res = await identity.api.post('/api/auth/login', { email, password: testPassword });
    expect(res.status).toBe(200);
    expect(res.body.user.status).toBe('pending');
  });

  it('refuses a rejected or suspended account', async () => {
    const { email } = await identity.createUser('donor', 'rejected');
    const res = await identity.api.post('/api/auth/login', { email, password: testPassword });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ACCOUNT_REJECTED');
    expect(res.body.token).toBeUndefined();
  });

  it('tells a registrant turned down at registration what the e-mail said: correct it and register again', async () => {
    const admin = await identity.signedIn('admin');
    const { id, email } = await identity.createUser('pharmacy', 'pending');
    const rejected = await identity.api.put(
      `/api/admin/users/${id}/reject`,
      { reason: 'detailsUnverifiable' },
      { token: admin.token },
    );
    expect(rejected.status).toBe(200);
    const answers = await Promise.all(
      (['en', 'ar'] as const).map((language) =>
        identity.api.post(
          '/api/auth/login',
          { email, password: testPassword },
          { headers: { 'accept-language': language } },
        ),
      ),
    );
    expect(answers.map((res) => [res.status, res.body.code])).toEqual([
      [403, 'ACCOUNT_REJECTED'],
      [403, 'ACCOUNT_REJECTED'],
    ]);
    expect(answers[0]!.body.message).toBe(
      'We could not approve your registration. We have e-mailed you why; if you can correct it, register again with this e-mail address.',
    );
    expect(answers[1]!.body.message).toBe(
      'للأسف مقدرناش نوافق على طلب تسجيلك. بعتنالك إيميل فيه السبب؛ لو تقدر تصلّحه، سجّل تاني بنفس الإيميل ده.',
    );
  });

  it('answers 401 "Invalid credentials" alike for a wrong password and an unknown e-mail', async () => {
    const { email } = await identity.createUser('donor');
    const wrongPassword = await identity.api.post('/api/auth/login', { email, password: 'wrong-password' });
    const unknown = await identity.api.post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'wrong-password',
    });
    for (const res of [wrongPassword, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('answers in Arabic when asked', async () => {
    const res = await identity.api.post(
      '/api/auth/login',
      { email: uniqueEmail('nobody'), password: 'wrong-password' },
      { headers: { 'accept-language': 'ar-EG' } },
    );
    expect(res.body).toEqual({ message: 'بيانات الدخول مش صحيحة', code: 'INVALID_CREDENTIALS' });
  });

  it('refuses missing and wrongly typed fields with 400', async () => {
    expect((await identity.api.post('/api/auth/login', {})).status).toBe(400);
    const typed = await identity.api.post('/api/auth/login', { email: 5, password: true });
    expect(typed.status).toBe(400);
    expect(typed.body.details.map((d: { path: string }) => d.path)).toEqual(['email', 'password']);
  });

  it('counts parallel guesses: exactly the allowed number reach the password check', async () => {
    const { email } = await identity.createUser('pharmacy');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        identity.api.post('/api/auth/login', { email, password: 'wrong-password' }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
  });

  it('validates the body with the §5 messages', async () => {
    const res = await identity.api.post('/api/auth/login', { email: 'nope', password: '1' });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { message: string }) => d.message)).toEqual([
      'Invalid email address',
      'Password must be at least 6 characters',
    ]);
  });

  it('makes an address wait after repeated failures on an account (429, Retry-After), even with the right password', async () => {
    const { email } = await identity.createUser('pharmacy');
    for (let i = 0; i < 3; i++) {
      expect((await identity.api.post('/api/auth/login', { email, password: 'wrong-password' })).status).toBe(
        401,
      );
    }
    const blocked = await identity.api.post('/api/auth/login', { email, password: testPassword });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('forgives an address its failures on an account once it signs in', async () => {
    const { email } = await identity.createUser('pharmacy');
    for (let i = 0; i < 2; i++)
      await identity.api.post('/api/auth/login', { email, password: 'wrong-password' });
    expect((await identity.api.post('/api/auth/login', { email, password: testPassword })).status).toBe(200);
    for (let i = 0; i < 2; i++)
      await identity.api.post('/api/auth/login', { email, password: 'wrong-password' });
    expect((await identity.api.post('/api/auth/login', { email, password: testPassword })).status).toBe(200);
  });
});

describe('lock-outs: throttled per account and address, locked everywhere only at a high count', () => {
  let guarded: TestIdentity;
  let adminEmail: string;
  beforeAll(async () => {
    guarded = await startTestIdentity({
      LOGIN_FREE_FAILURES: '3',
      LOGIN_DELAY_BASE_SECONDS: '30',
      LOGIN_DELAY_MAX_SECONDS: '100',
      LOGIN_LOCK_FAILURES: '8',
    });
    // Its own admin address: the SMTP sink is shared with other test files.
    const admin = await guarded.createUser('admin');
    adminEmail = uniqueEmail('lock-admin');
    await guarded.service.ctx.settings.update({ adminEmail }, admin.id);
  });
  afterAll(() => guarded.stop());

  /** A sign-in as if from `address` (services trust the gateway's X-Forwarded-For). */
  const signIn = (email: string, password: string, address: string, language = 'en') =>
    guarded.api.post(
      '/api/auth/login',
      { email, password },
      { headers: { 'x-forwarded-for': address, 'accept-language': language } },
    );
  /** The wait this address was given on this account runs out (instead of sleeping through it). */
  const waitOut = (email: string, address: string) =>
    guarded.service.ctx.redis.hset(`${guarded.prefix}:login:pair:${email}|${address}`, 'until', '0');

  it("a stranger's failures from one address do not stop the owner from another, nor colleagues behind that address", async () => {
    const owner = await guarded.createUser('pharmacy');
    const colleague = await guarded.createUser('pharmacy');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await signIn(owner.email, 'wrong-password', '203.0.113.7')).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    // The stranger's address waits, even with the right password…
    expect((await signIn(owner.email, testPassword, '203.0.113.7')).status).toBe(429);
    // …but the owner from home, and a colleague behind the same NAT, sign in.
    expect((await signIn(owner.email, testPassword, '198.51.100.20')).status).toBe(200);
    expect((await signIn(colleague.email, testPassword, '203.0.113.7')).status).toBe(200);
    // Failures spread over many accounts from one address are each only that account's business.
    for (let i = 0; i < 10; i++)
      expect((await signIn(uniqueEmail('spray'), 'wrong-password', '203.0.113.8')).status).toBe(401);
    expect((await signIn(colleague.email, testPassword, '203.0.113.8')).status).toBe(200);
  });

  it('slows an address down progressively: the wait doubles with each further failure, up to the maximum', async () => {
    const { email } = await guarded.createUser('ngo');
    const address = '203.0.113.9';
    for (let i = 0; i < 3; i++) expect((await signIn(email, 'wrong-password', address)).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const refused = await signIn(email, 'wrong-password', address);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      waits.push(Number(refused.headers.get('retry-after')));
      await waitOut(email, address);
      expect((await signIn(email, 'wrong-password', address)).status).toBe(401);
    }
    // 30 s, 60 s, then capped at 100 s (rounded up to whole seconds).
    expect(waits.map((w) => Math.round(w / 10) * 10)).toEqual([30, 60, 100, 100]);
    const arabic = await signIn(email, 'wrong-password', address, 'ar');
    expect(arabic.body.message).toBe('محاولات كتير، من فضلك استنى شوية وجرّب تاني');
  });

  it('locks an account from everywhere at the high count and tells the administrator once', async () => {
    const victim = await guarded.createUser('pharmacy');
    // Eight addresses (a botnet) each stay under their own throttle; together they reach the lock.
    for (let i = 0; i < 8; i++)
      expect((await signIn(victim.email, 'wrong-password', `192.0.2.${i + 1}`)).status).toBe(401);
    const locked = await signIn(victim.email, testPassword, '198.51.100.99');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');
    expect(locked.body.message).toMatch(/locked for a while/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(3000);
    const arabic = await signIn(victim.email, testPassword, '198.51.100.99', 'ar');
    expect(arabic.body.message).toMatch(/الحساب ده اتقفل/);
    // An unknown e-mail locks the same way, so the answer does not tell who has an account.
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 8; i++) await signIn(nobody, 'wrong-password', `192.0.2.${i + 1}`);
    expect((await signIn(nobody, 'wrong-password', '198.51.100.99')).body.code).toBe('ACCOUNT_LOCKED');

    const [notice, ...more] = await waitForMails(adminEmail);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ template: 'admin-account-locked' });
    expect(notice!.text).toContain(victim.email);
    expect(notice!.text).toContain('8 failed sign-ins');
  });
});

// A distributed guess slows the guesser, never the owner.
describe('known devices and unlock links', () => {
  let guarded: TestIdentity;
  beforeAll(async () => {
    // The production thresholds: 5 free failures per address, locked at 50 across addresses.
    guarded = await startTestIdentity();
  });
  afterAll(() => guarded.stop());

  const signIn = (email: string, password: string, address: string, cookie?: string) =>
    guarded.api.post(
      '/api/auth/login',
      { email, password },
      { headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) } },
    );
  /** The device cookie a browser would keep from an answer (name=value only). */
  const cookieOf = (res: { headers: Headers }) => {
    const set = res.headers.getSetCookie().find((c) => c.startsWith('mr_device='));
    expect(set).toMatch(/HttpOnly; SameSite=Strict/);
    return set!.split(';')[0]!;
  };

  it('200 wrong passwords from 20 addresses lock strangers out; the owner still signs in from a known device', async () => {
    const owner = await guarded.createUser('pharmacy');
    const home = await signIn(owner.email, testPassword, '198.51.100.10');
    expect(home.status).toBe(200);
    const device = cookieOf(home);

    const answers: Record<number, number> = {};
    for (let i = 0; i < 200; i++) {
      const res = await signIn(owner.email, `guess-${i}`, `203.0.113.${(i % 20) + 1}`);
      answers[res.status] = (answers[res.status] ?? 0) + 1;
    }
    // Every address was slowed after its free failures; the account locked to strangers at 50.
    expect(answers[200]).toBeUndefined();
    expect(answers[401]).toBe(50);
    expect(answers[429]).toBe(150);
    const stranger = await signIn(owner.email, testPassword, '192.0.2.77');
    expect([stranger.status, stranger.body.code]).toEqual([429, 'ACCOUNT_LOCKED']);

    // The owner's browser, from a new address (a phone on another network), gets in.
    const back = await signIn(owner.email, testPassword, '192.0.2.78', device);
    expect(back.status).toBe(200);
    expect(back.body.user.email).toBe(owner.email);
    // A cookie with a forged signature, or one from another account's browser, is a stranger's.
    // (A character inside the signature: the last base64url character may carry only padding
    // bits, and changing it can leave the decoded signature as it was.)
    const at = device.length - 10;
    const forged = `${device.slice(0, at)}${device[at] === 'A' ? 'B' : 'A'}${device.slice(at + 1)}`;
    expect((await signIn(owner.email, testPassword, '192.0.2.79', forged)).body.code).toBe('ACCOUNT_LOCKED');
    const other = await guarded.createUser('ngo');
    const otherDevice = cookieOf(await signIn(other.email, testPassword, '192.0.2.80'));
    expect((await signIn(owner.email, testPassword, '192.0.2.80', otherDevice)).body.code).toBe(
      'ACCOUNT_LOCKED',
    );
  });

  it('e-mails the owner a link that lets a new device in, once', async () => {
    const owner = await guarded.createUser('ngo');
    for (let i = 0; i < 60; i++) await signIn(owner.email, `guess-${i}`, `203.0.114.${(i % 20) + 1}`);
    expect((await signIn(owner.email, testPassword, '192.0.2.90')).body.code).toBe('ACCOUNT_LOCKED');

    const [mail] = await waitForMails(owner.email, 1, {
      match: (m) => m.template === 'account-locked-owner',
    });
    const token = /\/unlock#token=([\w-]+)/.exec(mail!.text)![1]!;
    // The queue never held the link in clear (sealed for the recipient).
    const { rows } = await guarded.service.ctx.pool.query(
      "SELECT payload::text AS job FROM identity.outbox WHERE job_name = 'account-locked-owner'",
    );
    expect(rows.some((r) => r.job.includes(token))).toBe(false);

    const opened = await guarded.api.post(
      '/api/auth/unlock',
      { token },
      { headers: { 'accept-language': 'ar' } },
    );
    expect(opened.status).toBe(200);
    expect(opened.body.message).toContain('الجهاز ده');
    const device = cookieOf(opened);
    expect((await signIn(owner.email, testPassword, '192.0.2.91', device)).status).toBe(200);
    const again = await guarded.api.post('/api/auth/unlock', { token });
    expect([again.status, again.body.code]).toEqual([400, 'LINK_INVALID']);
  });

  /** Wrong passwords from 20 addresses until the account is locked to strangers. */
  async function lockOut(email: string, net: string) {
    for (let i = 0; i < 60; i++) await signIn(email, `guess-${i}`, `${net}.${(i % 20) + 1}`);
    expect((await signIn(email, 'Any-Password-1', `${net}.200`)).body.code).toBe('ACCOUNT_LOCKED');
  }
  const newPassword = 'Delta-Barrage-2031';

  it("a password reset makes the account's other browsers strangers again, and the one that opened the link a known one", async () => {
    const owner = await guarded.createUser('pharmacy');
    // A browser that signed in with a stolen password (or a lost phone's).
    const thief = cookieOf(await signIn(owner.email, testPassword, '198.51.100.20'));
    await guarded.api.post('/api/auth/password-reset/request', { email: owner.email });
    const [mail] = await waitForMails(owner.email, 1, {
      match: (m) => m.template === 'password-reset',
      timeoutMs: 40_000,
    });
    const token = /\/reset-password#token=([\w-]+)/.exec(mail!.text)![1]!;
    const done = await guarded.api.post('/api/auth/password-reset/confirm', { token, password: newPassword });
    expect(done.status).toBe(200);
    const opener = cookieOf(done);
    await lockOut(owner.email, '203.0.115');
    // Even with the new password, the thief's browser is held like any stranger's…
    const held = await signIn(owner.email, newPassword, '198.51.100.20', thief);
    expect([held.status, held.body.code]).toEqual([429, 'ACCOUNT_LOCKED']);
    // …and the owner, in the browser the link reached, is not.
    expect((await signIn(owner.email, newPassword, '192.0.2.92', opener)).status).toBe(200);
  });

  it("a password change in settings makes the account's other browsers strangers again, not the caller's", async () => {
    const owner = await guarded.createUser('ngo');
    const thief = cookieOf(await signIn(owner.email, testPassword, '198.51.100.21'));
    const home = await signIn(owner.email, testPassword, '198.51.100.22');
    const device = cookieOf(home);
    const changed = await guarded.api.put(
      '/api/auth/password',
      { currentPassword: testPassword, newPassword },
      { token: home.body.token, headers: { cookie: device } },
    );
    expect(changed.status).toBe(200);
    await lockOut(owner.email, '203.0.116');
    const held = await signIn(owner.email, newPassword, '198.51.100.21', thief);
    expect([held.status, held.body.code]).toEqual([429, 'ACCOUNT_LOCKED']);
    expect((await signIn(owner.email, newPassword, '192.0.2.93', device)).status).toBe(200);
  });

  it('answers a request for an unlock link alike whether or not the e-mail has an account', async () => {
    const owner = await guarded.createUser('donor');
    const known = await guarded.api.post('/api/auth/unlock/request', { email: owner.email });
    const unknown = await guarded.api.post('/api/auth/unlock/request', { email: uniqueEmail('nobody') });
    expect(known.status).toBe(202);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    await waitForMails(owner.email, 1, { match: (m) => m.template === 'account-locked-owner' });
  });
});

describe('GET /api/auth/me and logout', () => {
  let identity2: TestIdentity;
  beforeAll(async () => {
    identity2 = await startTestIdentity();
  });
  afterAll(() => identity2.stop());

  it('returns the current user for a valid token', async () => {
    const { token, email } = await identity2.signedIn('donor');
    const res = await identity2.api.get('/api/auth/me', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email,
      userType: 'donor',
      status: 'approved',
      profile: { address: null },
    });
  });

  it('refuses a missing, malformed, tampered, expired or foreign token with 401', async () => {
    const { token } = await identity2.signedIn('donor');
    const [h, p, s] = token.split('.');
    const tampered = [
      h,
      Buffer.from(JSON.stringify({ ...decode(token), role: 'admin' })).toString('base64url'),
      s,
    ].join('.');
    const expired = await forgeToken({}, -10);
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'UNAUTHENTICATED'],
      ['not-a-jwt', 'TOKEN_INVALID'],
      [`${p}.${h}.${s}`, 'TOKEN_INVALID'],
      [tampered, 'TOKEN_INVALID'],
      [expired, 'TOKEN_EXPIRED'],
    ];
    for (const [bad, code] of cases) {
      const res = await identity2.api.get('/api/auth/me', { token: bad });
      expect(res.status, code).toBe(401);
      expect(res.body.code).toBe(code);
    }
    const hs256 = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${p}.${s}`;
    expect((await identity2.api.get('/api/auth/me', { token: hs256 })).status).toBe(401);
  });

  it('logout ends that session only', async () => {
    const user = await identity2.createUser('pharmacy');
    const first = await identity2.login(user.email);
    const second = await identity2.login(user.email);
    expect((await identity2.api.post('/api/auth/logout', undefined, { token: first })).status).toBe(204);
    const after = await identity2.api.get('/api/auth/me', { token: first });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('TOKEN_REVOKED');
    expect((await identity2.api.get('/api/auth/me', { token: second })).status).toBe(200);
  });
});
