import type { MovableClock } from '@medrelay/service-kit/clock';
import { waitForMails } from '@medrelay/testing';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, testPassword, type TestIdentity } from '../testing';

// TOTP (RFC 6238) enrolment and sign-in, codes computed here from the secret the
// QR code carries, time moved with the service's clock (a code's 30-second step).
let identity: TestIdentity;
let admin: { token: string };
beforeAll(async () => {
  identity = await startTestIdentity();
  admin = await identity.signedIn('admin');
});
afterAll(() => identity.stop());

const clock = () => identity.service.ctx.clock as MovableClock;
const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(clock().now().getTime() / 1000) });
/** On to the next 30-second step, so the app shows a new code. */
const nextStep = () => clock().advance(30_000);
const login = (email: string) => identity.api.post('/api/auth/login', { email, password: testPassword });
const second = (challenge: string, code: string) =>
  identity.api.post('/api/auth/login/two-factor', { challenge, code });

async function enrolled(userType: 'pharmacy' | 'donor' = 'donor') {
  const user = await identity.createUser(userType);
  const token = await identity.login(user.email);
  const setup = await identity.api.post('/api/auth/two-factor/setup', undefined, { token });
  expect(setup.status).toBe(200);
  const { secret } = setup.body as { secret: string };
  const confirmed = await identity.api.post(
    '/api/auth/two-factor/confirm',
    { code: await codeFor(secret), password: testPassword },
    { token },
  );
  expect(confirmed.status).toBe(200);
  // Every session ended with the change: this one goes on with the answered token.
  return {
    ...user,
    token: confirmed.body.token as string,
    secret,
    recoveryCodes: confirmed.body.recoveryCodes as string[],
  };
}

describe('two-factor sign-in with an authenticator app', () => {
  it('enrols with a QR code and a code, and gives ten single-use recovery codes', async () => {
    const user = await identity.createUser('ngo');
    const token = await identity.login(user.email);
    expect((await identity.api.get('/api/auth/two-factor', { token })).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = await identity.api.post('/api/auth/two-factor/setup', undefined, { token });
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/MedRelay:.+secret=/);
    expect(setup.body.qrSvg).toMatch(/^<svg/);
    // Not on until a code confirms it; a wrong code changes nothing.
    expect((await login(user.email)).body.token).toBeTruthy();
    const wrong = await identity.api.post(
      '/api/auth/two-factor/confirm',
      { code: '000000', password: testPassword },
      { token },
    );
    expect([wrong.status, wrong.body.code]).toEqual([401, 'SECOND_FACTOR_WRONG']);
    const ok = await identity.api.post(
      '/api/auth/two-factor/confirm',
      { code: await codeFor(setup.body.secret), password: testPassword },
      { token },
    );
    expect(ok.body.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.body.recoveryCodes).size).toBe(10);
    const renewed = { token: ok.body.token as string };
    expect((await identity.api.get('/api/auth/two-factor', renewed)).body).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // While on, the authenticator is not replaced with a session alone (turning it off asks for the password).
    const again = await identity.api.post('/api/auth/two-factor/setup', undefined, {
      ...renewed,
      headers: { 'accept-language': 'ar' },
    });
    expect([again.status, again.body.code]).toEqual([409, 'TWO_FACTOR_ENABLED']);
    expect(again.body.message).toContain('شغّال بالفعل');
    const reconfirm = await identity.api.post(
      '/api/auth/two-factor/confirm',
      { code: await codeFor(setup.body.secret), password: testPassword },
      renewed,
    );
    expect([reconfirm.status, reconfirm.body.code]).toEqual([409, 'TWO_FACTOR_ENABLED']);
    // The secret is kept sealed, never in clear.
    const { rows } = await identity.service.ctx.pool.query(
      'SELECT totp_secret FROM identity.users WHERE id = $1',
      [user.id],
    );
    expect(rows[0].totp_secret).not.toContain(setup.body.secret);
  });

  it('asks for a code after the password, and refuses a replayed one', async () => {
    const user = await enrolled();
    nextStep();
    const first = await login(user.email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    const code = await codeFor(user.secret);
    const signedIn = await second(first.body.challenge, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(user.email);
    expect((await identity.api.get('/api/auth/me', { token: signedIn.body.token })).status).toBe(200);
    // The challenge is spent; the same code in a new sign-in is a replay.
    expect((await second(first.body.challenge, code)).body.code).toBe('SIGN_IN_EXPIRED');
    const again = await login(user.email);
    const replay = await second(again.body.challenge, code);
    expect([replay.status, replay.body.code]).toEqual([401, 'SECOND_FACTOR_WRONG']);
    nextStep();
    expect((await second(again.body.challenge, await codeFor(user.secret))).status).toBe(200);
  });

  it('does not finish a sign-in started before every session was ended (a password reset or change)', async () => {
    const user = await enrolled();
    nextStep();
    const started = await login(user.email);
    expect(started.body.twoFactorRequired).toBe(true);
    // The owner resets the password meanwhile (which ends every session of the account).
    await identity.service.ctx.tokens.revokeAllFor(user.id);
    const late = await second(started.body.challenge, await codeFor(user.secret));
    expect([late.status, late.body.code]).toEqual([401, 'SIGN_IN_EXPIRED']);
  });

  it('takes a recovery code once', async () => {
    const user = await enrolled();
    const [recovery] = user.recoveryCodes;
    const first = await login(user.email);
    expect((await second(first.body.challenge, recovery!.toUpperCase())).status).toBe(200);
    const again = await login(user.email);
    expect((await second(again.body.challenge, recovery!)).body.code).toBe('SECOND_FACTOR_WRONG');
    expect(
      (await identity.api.get('/api/auth/two-factor', { token: user.token })).body.recoveryCodesLeft,
    ).toBe(9);
  });

  it('ends a challenge after five wrong codes', async () => {
    const user = await enrolled();
    const { challenge } = (await login(user.email)).body;
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await second(challenge, `00000${i}`)).body.code);
    expect(codes).toEqual([...Array(4).fill('SECOND_FACTOR_WRONG'), 'SIGN_IN_EXPIRED']);
    nextStep();
    expect((await second(challenge, await codeFor(user.secret))).body.code).toBe('SIGN_IN_EXPIRED');
  });

  it('checks at most ten wrong codes an hour per account, also when they arrive at once', async () => {
    const user = await enrolled();
    // Four codes at once in each of six sign-ins (24 in all): under a challenge's five tries, so
    // each answer is a code checked and wrong (401) or one refused unchecked (429).
    const challenges: string[] = [];
    for (let i = 0; i < 6; i++) challenges.push((await login(user.email)).body.challenge);
    const answers = await Promise.all(
      challenges.flatMap((challenge) => [1, 2, 3, 4].map((i) => second(challenge, `00000${i}`))),
    );
    const checked = answers.filter((a) => a.status === 401);
    expect(checked.every((a) => a.body.code === 'SECOND_FACTOR_WRONG')).toBe(true);
    expect(checked).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(14);
    // The hour's codes are spent: even the right one is refused now.
    nextStep();
    const late = await second((await login(user.email)).body.challenge, await codeFor(user.secret));
    expect(late.status).toBe(429);
  });

  it('forgives the wrong codes counted so far when the owner resets the password', async () => {
    // Someone who had the password spent the account's codes for the hour…
    const user = await enrolled();
    for (let i = 0; i < 2; i++) {
      const { challenge } = (await login(user.email)).body;
      for (let j = 0; j < 5; j++) await second(challenge, `00000${j}`);
    }
    nextStep();
    const spent = await second((await login(user.email)).body.challenge, await codeFor(user.secret));
    expect(spent.status).toBe(429);
    // …the owner resets it by e-mail: the new password and the app's code sign in at once.
    await identity.api.post('/api/auth/password-reset/request', { email: user.email });
    const [mail] = await waitForMails(user.email, 1, {
      match: (m) => m.template === 'password-reset',
      timeoutMs: 40_000,
    });
    const token = /\/reset-password#token=([\w-]+)/.exec(mail!.text)![1]!;
    const password = 'Delta-Barrage-2031';
    expect((await identity.api.post('/api/auth/password-reset/confirm', { token, password })).status).toBe(
      200,
    );
    nextStep();
    const started = await identity.api.post('/api/auth/login', { email: user.email, password });
    const back = await second(started.body.challenge, await codeFor(user.secret));
    expect(back.status).toBe(200);
  });

  it('turns off with the password', async () => {
    const user = await enrolled();
    const wrong = await identity.api.post(
      '/api/auth/two-factor/disable',
      { password: 'nope' },
      { token: user.token },
    );
    expect(wrong.status).toBe(400);
    const off = await identity.api.post(
      '/api/auth/two-factor/disable',
      { password: testPassword },
      { token: user.token },
    );
    expect(off.body.enabled).toBe(false);
    expect((await login(user.email)).body.token).toBeTruthy();
  });
});

describe("the administrator's Two-Factor Authentication switch", () => {
  it('lets an account that must keep it move to a new phone with a recovery code, without an administrator', async () => {
    const pharmacy = await enrolled('pharmacy');
    await identity.api.put('/api/admin/settings', { twoFactorRequired: true }, { token: admin.token });
    try {
      // The phone is lost: a recovery code signs in…
      const [recovery, another] = pharmacy.recoveryCodes;
      const signIn = await second((await login(pharmacy.email)).body.challenge, recovery!);
      expect(signIn.status).toBe(200);
      const token = signIn.body.token as string;
      const disable = (body: Record<string, string>) =>
        identity.api.post('/api/auth/two-factor/disable', { password: testPassword, ...body }, { token });
      // …the password alone still does not remove what the administrator requires…
      expect((await disable({})).body.code).toBe('TWO_FACTOR_REQUIRED');
      expect((await disable({ code: 'aaaaa-bbbbb' })).body.code).toBe('SECOND_FACTOR_WRONG');
      // …with another recovery code it goes, and a new phone's app takes its place.
      const off = await disable({ code: another! });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ enabled: false, required: true, token: expect.any(String) });
      const renewed = { token: off.body.token as string };
      const setup = await identity.api.post('/api/auth/two-factor/setup', undefined, renewed);
      expect(setup.status).toBe(200);
      nextStep();
      const on = await identity.api.post(
        '/api/auth/two-factor/confirm',
        { code: await codeFor(setup.body.secret), password: testPassword },
        renewed,
      );
      expect(on.status).toBe(200);
      nextStep();
      const back = await second(
        (await login(pharmacy.email)).body.challenge,
        await codeFor(setup.body.secret),
      );
      expect(back.status).toBe(200);
    } finally {
      await identity.api.put('/api/admin/settings', { twoFactorRequired: false }, { token: admin.token });
    }
  });

  it('makes admins, pharmacies and NGOs enrol at their next sign-in, before anything else; donors may choose', async () => {
    const pharmacy = await identity.createUser('pharmacy');
    const donor = await identity.createUser('donor');
    const enrolledPharmacy = await enrolled('pharmacy');
    expect(
      (await identity.api.put('/api/admin/settings', { twoFactorRequired: true }, { token: admin.token }))
        .status,
    ).toBe(200);
    try {
      const answer = await login(pharmacy.email);
      expect(answer.body).toEqual({ twoFactorEnrolmentRequired: true, challenge: expect.any(String) });
      expect(answer.body.token).toBeUndefined();
      const { challenge } = answer.body;
      const setup = await identity.api.post('/api/auth/login/two-factor/setup', { challenge });
      expect(setup.body.qrSvg).toMatch(/^<svg/);
      const wrong = await identity.api.post('/api/auth/login/two-factor/enrol', {
        challenge,
        code: '123456',
      });
      expect(wrong.body.code).toBe('SECOND_FACTOR_WRONG');
      const done = await identity.api.post('/api/auth/login/two-factor/enrol', {
        challenge,
        code: await codeFor(setup.body.secret),
      });
      expect(done.status).toBe(200);
      expect(done.body.recoveryCodes).toHaveLength(10);
      const token = done.body.token as string;
      expect((await identity.api.get('/api/auth/two-factor', { token })).body).toEqual({
        enabled: true,
        recoveryCodesLeft: 10,
        required: true,
      });
      // Required: the password alone does not turn it off.
      const off = await identity.api.post(
        '/api/auth/two-factor/disable',
        { password: testPassword },
        { token },
      );
      expect([off.status, off.body.code]).toEqual([409, 'TWO_FACTOR_REQUIRED']);
      // Already enrolled: the usual code step. A donor signs in as before.
      expect((await login(enrolledPharmacy.email)).body.twoFactorRequired).toBe(true);
      expect((await login(donor.email)).body.token).toBeTruthy();
    } finally {
      await identity.api.put('/api/admin/settings', { twoFactorRequired: false }, { token: admin.token });
    }
  });
});
