import { authKeys, defaultSettings } from '@medrelay/contracts';
import { mailsTo, uniqueEmail } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, type TestIdentity } from '../testing';

let identity: TestIdentity;
let admin: { token: string };
beforeAll(async () => {
  identity = await startTestIdentity();
  admin = await identity.signedIn('admin');
});
afterAll(() => identity.stop());

const put = (body: unknown) => identity.api.put('/api/admin/settings', body, { token: admin.token });
const register = (overrides: Record<string, unknown> = {}) =>
  identity.api.post('/api/auth/register', {
    name: 'Some Donor',
    email: uniqueEmail('settings'),
    phone: '01012345678',
    password: 'Kite-Harbour-7315',
    acceptTerms: true,
    ...overrides,
  });

describe('system settings (spec §3, §5)', () => {
  it('starts from the defaults, with MedRelay as system name', async () => {
    const res = await identity.api.get('/api/admin/settings', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(defaultSettings);
    const open = await identity.api.get('/api/settings');
    expect(open.body).toEqual({
      systemName: 'MedRelay',
      welcomeMessage: defaultSettings.welcomeMessage,
      maintenanceMode: false,
      expiryWarningDays: 30,
      maxUploadSize: 10,
      // The donor form explains the guardrail before submit: all three forbidden by default.
      donorForbiddenCategories: ['prescription', 'controlled', 'coldChain'],
      // Forms say what a new password needs: on for a new platform.
      passwordPolicy: true,
    });
  });

  it('persists a change, keeps other fields, and publishes it to Redis for the gateway', async () => {
    const res = await put({ systemName: 'MedRelay Cairo', expiryWarningDays: 14 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      systemName: 'MedRelay Cairo',
      expiryWarningDays: 14,
      sessionTimeout: 720,
    });
    const again = await identity.api.get('/api/admin/settings', { token: admin.token });
    expect(again.body.systemName).toBe('MedRelay Cairo');
    const published = JSON.parse((await identity.service.ctx.redis.get(authKeys.settings(identity.prefix)))!);
    expect(published.expiryWarningDays).toBe(14);
    await put({ systemName: 'MedRelay', expiryWarningDays: 30 });
  });

  it('enforces the bounds of §5 and §9 and saves nothing from a bad request', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ systemName: '  ' }, 'systemNameRequired'],
      [{ adminEmail: 'nope' }, 'invalidEmail'],
      [{ expiryWarningDays: 0 }, 'expiryWarningDaysRange'],
      [{ expiryWarningDays: 366 }, 'expiryWarningDaysRange'],
      [{ maxUploadSize: 101 }, 'maxUploadSizeRange'],
      [{ sessionTimeout: 14 }, 'sessionTimeoutRange'],
      [{ sessionTimeout: 1441 }, 'sessionTimeoutRange'],
      [{ sessionTimeout: 30.5 }, 'mustBeNumber'],
      [{ sessionTimeout: '60' }, 'mustBeNumber'],
      [{ welcomeMessage: 'x'.repeat(501) }, 'welcomeMessageMax'],
      [{ maintenanceMode: 'yes' }, 'mustBeBoolean'],
      [{ colour: 'red' }, 'unknownField'],
      [{ welcomeMessage: 'hi\u0000' }, 'invalidValue'],
    ];
    for (const [body, rule] of cases) {
      const res = await put({ ...body, systemName: body.systemName ?? 'Changed' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { rule: string }) => d.rule)).toContain(rule);
    }
    expect((await identity.api.get('/api/admin/settings', { token: admin.token })).body.systemName).toBe(
      'MedRelay',
    );
    expect((await put({ sessionTimeout: 15, expiryWarningDays: 365, maxUploadSize: 100 })).status).toBe(200);
    await put({ sessionTimeout: 720, expiryWarningDays: 30, maxUploadSize: 10 });
  });

  it('session timeout sets the lifetime of new tokens', async () => {
    await put({ sessionTimeout: 15 });
    const user = await identity.createUser('donor');
    const token = await identity.login(user.email);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(15 * 60);
    await put({ sessionTimeout: 720 });
  });

  it('auto-approve makes new registrations approved', async () => {
    const statusOf = async (email: string) =>
      (await identity.service.ctx.pool.query('SELECT status FROM identity.users WHERE email = $1', [email]))
        .rows[0].status;
    await put({ autoApproveUsers: true });
    const first = uniqueEmail('auto');
    expect((await register({ email: first })).body.message).toMatch(/approved/);
    expect(await statusOf(first)).toBe('approved');
    await put({ autoApproveUsers: false });
    const second = uniqueEmail('manual');
    await register({ email: second });
    expect(await statusOf(second)).toBe('pending');
  });

  it('the e-mail switch stops notices, never the account and security e-mails', async () => {
    const queued = async (to: string) =>
      (
        await identity.service.ctx.pool.query<{ job_name: string }>(
          "SELECT job_name FROM identity.outbox WHERE payload->>'to' = $1 ORDER BY job_name",
          [to],
        )
      ).rows.map((r) => r.job_name);
    await put({ emailNotifications: false });
    try {
      const email = uniqueEmail('quiet');
      // Registration carries the verification link; a reset its link: both go.
      expect((await register({ email })).status).toBe(201);
      const reset = await identity.api.post('/api/auth/password-reset/request', { email });
      expect(reset.status).toBe(202);
      await expect
        .poll(async () => (await mailsTo(email)).map((m) => m.template).sort(), { timeout: 10_000 })
        .toEqual(['password-reset', 'registration-received']);
      // The approval of an account whose address is proven is a notice: not queued while the
      // switch is off (one still unproven carries its verification link, and goes).
      const proven = await identity.createUser('donor', 'pending');
      const approved = await identity.api.put(`/api/admin/users/${proven.id}/approve`, undefined, {
        token: admin.token,
      });
      expect(approved.status).toBe(200);
      expect(await queued(proven.email)).toEqual([]);
    } finally {
      await put({ emailNotifications: true });
    }
    const loud = await identity.createUser('donor', 'pending');
    await identity.api.put(`/api/admin/users/${loud.id}/approve`, undefined, { token: admin.token });
    await expect.poll(async () => (await mailsTo(loud.email)).length, { timeout: 10_000 }).toBe(1);
  });

  it('maintenance mode lets only administrators sign in', async () => {
    const user = await identity.createUser('pharmacy');
    const adminUser = await identity.createUser('admin');
    await put({ maintenanceMode: true });
    const refused = await identity.api.post('/api/auth/login', {
      email: user.email,
      password: 'Kite-Harbour-7315',
    });
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('MAINTENANCE');
    expect(
      (await identity.api.post('/api/auth/login', { email: adminUser.email, password: 'Kite-Harbour-7315' }))
        .status,
    ).toBe(200);
    await put({ maintenanceMode: false });
    expect(
      (await identity.api.post('/api/auth/login', { email: user.email, password: 'Kite-Harbour-7315' }))
        .status,
    ).toBe(200);
  });
});
