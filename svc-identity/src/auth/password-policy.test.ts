import { uniqueEmail } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, type TestIdentity } from '../testing';
import { hashPassword } from '../passwords';

// The administrator's Password Policy switch acts, on (the default) and off.
let identity: TestIdentity;
let admin: { token: string };
beforeAll(async () => {
  identity = await startTestIdentity();
  admin = await identity.signedIn('admin');
});
afterAll(() => identity.stop());

const setPolicy = (passwordPolicy: boolean) =>
  identity.api.put('/api/admin/settings', { passwordPolicy }, { token: admin.token });
const register = (password: string, email = uniqueEmail('policy')) =>
  identity.api.post('/api/auth/register', {
    name: 'Salma Fathy',
    email,
    phone: '01012345678',
    password,
    userType: 'donor',
    acceptTerms: true,
  });
const rulesOf = (res: { body: { details: { path: string; rule: string }[] } }) =>
  res.body.details.map((d) => `${d.path}:${d.rule}`);

describe('the password policy switch', () => {
  it('on by default: 10 characters, not common, nothing of the e-mail or name, for every new password', async () => {
    expect((await identity.api.get('/api/settings')).body.passwordPolicy).toBe(true);
    expect(rulesOf(await register('secret123'))).toEqual([
      'password:passwordMinPolicy',
      'password:passwordCommon',
    ]);
    expect(rulesOf(await register('1234567890'))).toEqual(['password:passwordCommon']);
    expect(rulesOf(await register('salma-2026-x'))).toEqual(['password:passwordPersonal']);
    const ar = await identity.api.post(
      '/api/auth/register',
      { name: 'Salma', email: uniqueEmail('p'), phone: '01012345678', password: 'short', acceptTerms: true },
      { headers: { 'accept-language': 'ar' } },
    );
    expect(ar.body.details.find((d: { path: string }) => d.path === 'password').message).toBe(
      'كلمة السر لازم تكون 6 حروف على الأقل',
    );
    expect((await register('Kite-Harbour-7315')).status).toBe(201);

    // Changing the password follows the same rules.
    const user = await identity.createUser('pharmacy');
    const token = await identity.login(user.email);
    const weak = await identity.api.put(
      '/api/auth/password',
      { currentPassword: 'Kite-Harbour-7315', newPassword: 'password123' },
      { token },
    );
    expect(rulesOf(weak)).toEqual(['newPassword:passwordCommon']);
  });

  it("off: spec §5's 6 characters only", async () => {
    expect((await setPolicy(false)).status).toBe(200);
    try {
      expect((await identity.api.get('/api/settings')).body.passwordPolicy).toBe(false);
      expect((await register('secret123')).status).toBe(201);
      expect(rulesOf(await register('12345'))).toEqual(['password:passwordMin']);
    } finally {
      await setPolicy(true);
    }
  });

  it('asks an existing weak password to be changed at sign-in, and only while the policy is on', async () => {
    const user = await identity.createUser('ngo');
    await identity.service.ctx.pool.query('UPDATE identity.users SET password_hash = $2 WHERE id = $1', [
      user.id,
      await hashPassword('secret123'),
    ]);
    const weak = await identity.api.post('/api/auth/login', { email: user.email, password: 'secret123' });
    expect([weak.status, weak.body.passwordChangeAdvised]).toEqual([200, true]);
    const strong = await identity.api.post('/api/auth/login', {
      email: (await identity.createUser('ngo')).email,
      password: 'Kite-Harbour-7315',
    });
    expect([strong.status, strong.body.passwordChangeAdvised]).toEqual([200, undefined]);
    await setPolicy(false);
    try {
      const off = await identity.api.post('/api/auth/login', { email: user.email, password: 'secret123' });
      expect([off.status, off.body.passwordChangeAdvised]).toEqual([200, undefined]);
    } finally {
      await setPolicy(true);
    }
  });
});
