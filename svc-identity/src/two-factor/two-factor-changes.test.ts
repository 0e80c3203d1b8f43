import { formatCairoDateTime } from '@medrelay/domain/formats';
import type { MovableClock } from '@medrelay/service-kit/clock';
import { mailsTo, waitForMails } from '@medrelay/testing';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrongConfirmationsPerHour } from '../auth/password-check';
import { startTestIdentity, testPassword, type TestIdentity } from '../testing';

// Turning two-factor on or off from a session: the password is asked, the owner is e-mailed and
// every other session ends (a stolen session must not lock the owner out with its own app).
let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity.stop());

const clock = () => identity.service.ctx.clock as MovableClock;
const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(clock().now().getTime() / 1000) });
const me = async (token: string) => (await identity.api.get('/api/auth/me', { token })).status;
const status = async (token: string) => (await identity.api.get('/api/auth/two-factor', { token })).body;
const changeMails = (email: string, count: number) =>
  waitForMails(email, count, { match: (m) => m.template === 'two-factor-changed' });

async function setUp(token: string): Promise<string> {
  const setup = await identity.api.post('/api/auth/two-factor/setup', undefined, { token });
  expect(setup.status).toBe(200);
  return setup.body.secret as string;
}
const confirm = async (token: string, body: Record<string, unknown>, language = 'en') =>
  identity.api.post('/api/auth/two-factor/confirm', body, {
    token,
    headers: { 'accept-language': language },
  });

describe('turning two-factor on in settings', () => {
  it('asks for the password: a session alone cannot enrol an authenticator of its own', async () => {
    const user = await identity.signedIn('pharmacy');
    const secret = await setUp(user.token);
    const code = await codeFor(secret);
    const without = await confirm(user.token, { code });
    expect([without.status, without.body.details?.[0]?.path]).toEqual([400, 'password']);
    const wrong = await confirm(user.token, { code, password: 'Not-The-Password-1' }, 'ar');
    expect([wrong.status, wrong.body.details[0].rule]).toEqual([400, 'currentPasswordWrong']);
    expect(wrong.body.details[0].message).toBe('كلمة السر الحالية مش صحيحة');
    expect((await status(user.token)).enabled).toBe(false);

    // Wrong passwords here count with the account's others: past the hour's ten, even the right one waits.
    for (let i = 1; i < wrongConfirmationsPerHour; i++)
      expect((await confirm(user.token, { code, password: `Guess-${i}` })).status).toBe(400);
    const blocked = await confirm(user.token, { code, password: testPassword });
    expect([blocked.status, blocked.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await status(user.token)).enabled).toBe(false);
    expect(
      (await identity.api.post('/api/auth/login', { email: user.email, password: testPassword })).body.token,
    ).toBeTruthy();
  });

  it('e-mails the owner in its language and ends every other session; this browser goes on with a new token that ends when its session would have', async () => {
    const user = await identity.signedIn('donor');
    await identity.api.put('/api/auth/me', { language: 'ar' }, { token: user.token });
    const elsewhere = await identity.login(user.email);
    const secret = await setUp(user.token);
    const wrongCode = await confirm(user.token, { code: '000000', password: testPassword });
    expect([wrongCode.status, wrongCode.body.code]).toEqual([401, 'SECOND_FACTOR_WRONG']);
    // A wrong code changed nothing: no e-mail, no session ended.
    expect(await me(elsewhere)).toBe(200);

    const on = await confirm(user.token, { code: await codeFor(secret), password: testPassword });
    expect(on.status).toBe(200);
    expect(on.body.recoveryCodes).toHaveLength(10);
    const token = on.body.token as string;
    expect([await me(elsewhere), await me(user.token), await me(token)]).toEqual([401, 401, 200]);
    expect(decodeJwt(token).exp).toBe(decodeJwt(user.token).exp);
    const sessions = await identity.api.get('/api/auth/sessions', { token });
    expect(sessions.body.map((s: { current: boolean }) => s.current)).toEqual([true]);
    expect(await status(token)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const [mail] = await changeMails(user.email, 1);
    expect(mail!.subject).toContain('التحقق بخطوتين اشتغل');
    expect(mail!.text).toContain('كل الأجهزة التانية اتعملها تسجيل خروج');
    expect(mail!.text).toContain('/forgot-password');
  });
});

describe('turning two-factor off', () => {
  it('e-mails the owner and ends every other session; the caller goes on with a new token', async () => {
    const user = await identity.signedIn('ngo');
    const secret = await setUp(user.token);
    const on = await confirm(user.token, { code: await codeFor(secret), password: testPassword });
    const token = on.body.token as string;
    // Another device signs in with the password and a (later) code.
    clock().advance(30_000);
    const started = await identity.api.post('/api/auth/login', { email: user.email, password: testPassword });
    const other = await identity.api.post('/api/auth/login/two-factor', {
      challenge: started.body.challenge,
      code: await codeFor(secret),
    });
    expect(await me(other.body.token as string)).toBe(200);

    const off = await identity.api.post(
      '/api/auth/two-factor/disable',
      { password: testPassword },
      { token },
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, token: expect.any(String) });
    expect([await me(other.body.token as string), await me(token), await me(off.body.token)]).toEqual([
      401, 401, 200,
    ]);
    expect(decodeJwt(off.body.token as string).exp).toBe(decodeJwt(user.token).exp);
    const mails = await changeMails(user.email, 2);
    const offMail = mails.find((m) => m.subject.includes('Two-factor sign-in was turned off'));
    expect(offMail!.text).toContain(
      'your password alone signs you in now. Every other device was signed out.',
    );

    // Already off: nothing changes, nothing is e-mailed, no session ends.
    const again = await identity.api.post(
      '/api/auth/two-factor/disable',
      { password: testPassword },
      { token: off.body.token },
    );
    expect(again.body).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    expect(await me(off.body.token)).toBe(200);
    await identity.mailSettled();
    expect((await mailsTo(user.email)).filter((m) => m.template === 'two-factor-changed')).toHaveLength(2);
  });
});

describe("enrolling inside the sign-in (the administrator's switch)", () => {
  it('e-mails the owner and ends the sessions opened before it', async () => {
    const admin = await identity.signedIn('admin');
    const pharmacy = await identity.signedIn('pharmacy');
    const settings = (twoFactorRequired: boolean) =>
      identity.api.put('/api/admin/settings', { twoFactorRequired }, { token: admin.token });
    expect((await settings(true)).status).toBe(200);
    try {
      const { challenge } = (
        await identity.api.post('/api/auth/login', { email: pharmacy.email, password: testPassword })
      ).body;
      const setup = await identity.api.post('/api/auth/login/two-factor/setup', { challenge });
      const done = await identity.api.post('/api/auth/login/two-factor/enrol', {
        challenge,
        code: await codeFor(setup.body.secret),
      });
      expect(done.status).toBe(200);
      expect([await me(pharmacy.token), await me(done.body.token)]).toEqual([401, 200]);
      const [mail] = await changeMails(pharmacy.email, 1);
      expect(mail!.subject).toContain('Two-factor sign-in was turned on');
    } finally {
      await settings(false);
    }
  });
});

describe("an administrator's reset (the owner lost the authenticator and the recovery codes)", () => {
  /** A user of this type with two-factor on, and one session signed in with the code. */
  async function withTwoFactor(userType: 'pharmacy' | 'donor' | 'admin', language: 'en' | 'ar' = 'en') {
    const user = await identity.signedIn(userType);
    if (language === 'ar') await identity.api.put('/api/auth/me', { language }, { token: user.token });
    const on = await confirm(user.token, {
      code: await codeFor(await setUp(user.token)),
      password: testPassword,
    });
    expect(on.status).toBe(200);
    return { ...user, token: on.body.token as string };
  }
  const reset = (id: number, token: string, body: Record<string, unknown>, language = 'en') =>
    identity.api.post(`/api/admin/users/${id}/two-factor/reset`, body, {
      token,
      headers: { 'accept-language': language },
    });
  const resets = async (userId: number) =>
    (
      await identity.service.ctx.pool.query(
        'SELECT reason, reset_by, reset_at FROM identity.two_factor_resets WHERE user_id = $1',
        [userId],
      )
    ).rows as Array<{ reason: string; reset_by: number; reset_at: Date }>;
  const resetMails = (email: string) =>
    waitForMails(email, 1, { match: (m) => m.template === 'two-factor-reset' });
  const listed = async (adminToken: string, email: string) =>
    (await identity.api.get(`/api/admin/all-users?q=${encodeURIComponent(email)}`, { token: adminToken }))
      .body[0];

  it('removes the authenticator and codes, ends every session, records who, when and why, and e-mails the owner in their language', async () => {
    const admin = await identity.signedIn('admin');
    const user = await withTwoFactor('pharmacy', 'ar');
    // The administrators' list says who has it on (the user's own answers do not carry it).
    expect(await listed(admin.token, user.email)).toMatchObject({ id: user.id, twoFactorEnabled: true });
    expect((await identity.api.get('/api/auth/me', { token: user.token })).body).not.toHaveProperty(
      'twoFactorEnabled',
    );

    const done = await reset(user.id, admin.token, { reason: 'lostDevicePhoneCall', password: testPassword });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: user.id, twoFactorEnabled: false });
    expect(await me(user.token)).toBe(401);
    expect(await listed(admin.token, user.email)).toMatchObject({ twoFactorEnabled: false });

    // The password alone signs in now (the switch is off), and the settings say it is off.
    const signIn = await identity.api.post('/api/auth/login', { email: user.email, password: testPassword });
    expect(signIn.status).toBe(200);
    expect(signIn.body.twoFactorRequired).toBeUndefined();
    expect(await status(signIn.body.token)).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    const codes = await identity.service.ctx.pool.query(
      'SELECT count(*)::int AS n FROM identity.recovery_codes WHERE user_id = $1',
      [user.id],
    );
    expect(codes.rows[0].n).toBe(0);

    const [row] = await resets(user.id);
    expect(row).toMatchObject({ reason: 'lostDevicePhoneCall', reset_by: admin.id });
    const [mail] = await resetMails(user.email);
    expect(mail!.subject).toContain('مسؤول شال التحقق بخطوتين من حسابك');
    expect(mail!.text).toContain(formatCairoDateTime(row!.reset_at, 'ar'));
    expect(mail!.text).toContain('واتأكدنا إنه إنت بمكالمة تليفون');
    expect(mail!.text).toContain('كلمة السر لوحدها بقت بتدخّلك');
    expect(mail!.text).toContain('/forgot-password');

    // The administrators' recent activity: who reset whose.
    const activity = await identity.api.get('/api/admin/users/activity?limit=5', { token: admin.token });
    expect(activity.body).toContainEqual(
      expect.objectContaining({
        kind: 'user.two-factor-reset',
        actorType: 'admin',
        subject: expect.any(String),
      }),
    );
    const item = activity.body.find((a: { kind: string }) => a.kind === 'user.two-factor-reset');
    const names = await identity.service.ctx.pool.query(
      'SELECT id, name FROM identity.users WHERE id = ANY($1::int[])',
      [[admin.id, user.id]],
    );
    const nameOf = (id: number) => names.rows.find((r: { id: number }) => r.id === id).name;
    expect([item.actor, item.subject]).toEqual([nameOf(admin.id), nameOf(user.id)]);
  });

  it('refuses others than administrators, a wrong password (nothing changes), an account without it, an unknown one and their own', async () => {
    const admin = await withTwoFactor('admin');
    const user = await withTwoFactor('donor');
    const body = { reason: 'lostDeviceInPerson', password: testPassword };

    const notAdmin = await reset(user.id, (await identity.signedIn('pharmacy')).token, body);
    expect([notAdmin.status, notAdmin.body.code]).toEqual([403, 'FORBIDDEN']);

    const wrong = await reset(user.id, admin.token, { ...body, password: 'Not-The-Password-1' }, 'ar');
    expect([wrong.status, wrong.body.details[0].path, wrong.body.details[0].rule]).toEqual([
      400,
      'password',
      'currentPasswordWrong',
    ]);
    expect(wrong.body.details[0].message).toBe('كلمة السر الحالية مش صحيحة');
    const noReason = await reset(user.id, admin.token, { password: testPassword });
    expect([noReason.status, noReason.body.details[0].path]).toEqual([400, 'reason']);
    // Nothing changed: the user's session still works, two-factor is on, nothing recorded or sent.
    expect(await me(user.token)).toBe(200);
    expect((await status(user.token)).enabled).toBe(true);
    expect(await resets(user.id)).toEqual([]);

    const self = await reset(admin.id, admin.token, body, 'ar');
    expect([self.status, self.body.code, self.body.message]).toEqual([
      403,
      'SELF_TWO_FACTOR_RESET',
      'مينفعش تعمل إعادة ضبط للتحقق بخطوتين بتاع حسابك بنفسك: مسؤول تاني يعملها بعد ما يتأكد إنه إنت',
    ]);
    expect(await me(admin.token)).toBe(200);

    const without = await identity.createUser('ngo');
    const none = await reset(without.id, admin.token, body);
    expect([none.status, none.body.code, none.body.message]).toEqual([
      409,
      'TWO_FACTOR_NOT_ENABLED',
      'This account has no two-factor sign-in to reset: its password alone signs it in',
    ]);
    const unknown = await reset(999_999, admin.token, body, 'ar');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'المستخدم ده مش موجود']);

    // Done once: the second one finds nothing to reset.
    expect((await reset(user.id, admin.token, body)).status).toBe(200);
    expect((await reset(user.id, admin.token, body)).status).toBe(409);
    await identity.mailSettled();
    expect((await mailsTo(user.email)).filter((m) => m.template === 'two-factor-reset')).toHaveLength(1);
  });

  it("makes the next sign-in enrol again when the administrator's switch requires two-factor of the account", async () => {
    const admin = await identity.signedIn('admin');
    const user = await withTwoFactor('pharmacy');
    const settings = (twoFactorRequired: boolean) =>
      identity.api.put('/api/admin/settings', { twoFactorRequired }, { token: admin.token });
    expect((await settings(true)).status).toBe(200);
    try {
      const done = await reset(user.id, admin.token, {
        reason: 'unknownAuthenticator',
        password: testPassword,
      });
      expect(done.status).toBe(200);
      const signIn = await identity.api.post('/api/auth/login', {
        email: user.email,
        password: testPassword,
      });
      expect(signIn.body).toMatchObject({ twoFactorEnrolmentRequired: true, challenge: expect.any(String) });
      expect(signIn.body.token).toBeUndefined();
      const [mail] = await resetMails(user.email);
      expect(mail!.subject).toBe('An administrator removed two-factor sign-in from your MedRelay account');
      expect(mail!.text).toContain('You told us an authenticator app you did not add was on your account.');
      expect(mail!.text).toContain('you are asked to add an authenticator app again at once');
    } finally {
      await settings(false);
    }
  });
});
