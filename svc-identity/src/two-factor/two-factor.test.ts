import { formatCairoDateTime } from '@medrelay/domain/formats';
import type { MovableClock } from '@medrelay/service-kit/clock';
import { mailsTo, waitForMails } from '@medrelay/testing';
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
const second = (challenge: string, code: string, headers: Record<string, string> = {}) =>
  identity.api.post('/api/auth/login/two-factor', { challenge, code }, { headers });
const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const codeUsedMails = (email: string, count: number) =>
  waitForMails(email, count, { match: (m) => m.template === 'recovery-code-used' });
const newCodes = (token: string, body: Record<string, unknown>, language = 'en') =>
  identity.api.post('/api/auth/two-factor/recovery-codes', body, {
    token,
    headers: { 'accept-language': language, 'user-agent': chromeOnWindows },
  });
/** Accounts whose authenticator is on without a single recovery code (none may ever be). */
const onWithoutCodes = async () =>
  (
    await identity.service.ctx.pool.query(
      `SELECT count(*)::int AS n FROM identity.users u WHERE totp_secret IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM identity.recovery_codes r WHERE r.user_id = u.id)`,
    )
  ).rows[0].n as number;

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
    // It says where the app is removed (the password alone does not do it where it is required).
    expect(again.body.message).toBe(
      'التحقق بخطوتين شغّال بالفعل. عشان تستخدم تطبيق مصادقة تاني، شيل التطبيق ده الأول من «الدخول والأمان».',
    );
    const reconfirm = await identity.api.post(
      '/api/auth/two-factor/confirm',
      { code: await codeFor(setup.body.secret), password: testPassword },
      renewed,
    );
    expect([reconfirm.status, reconfirm.body.code]).toEqual([409, 'TWO_FACTOR_ENABLED']);
    expect(reconfirm.body.message).toContain('remove this one first under Sign-in & security');
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

  it('refuses a sign-in in maintenance mode at the password, before a recovery code is spent or e-mailed', async () => {
    const user = await enrolled('pharmacy');
    const [recovery] = user.recoveryCodes;
    const settings = (body: Record<string, boolean>) =>
      identity.api.put('/api/admin/settings', body, { token: admin.token });
    expect((await settings({ maintenanceMode: true })).status).toBe(200);
    try {
      const refused = await login(user.email);
      expect([refused.status, refused.body.code]).toEqual([503, 'MAINTENANCE']);
      expect(refused.body.challenge).toBeUndefined();
    } finally {
      await settings({ maintenanceMode: false });
    }
    // The code was not taken, nor the owner told it was used.
    const after = await login(user.email);
    expect((await second(after.body.challenge, recovery!)).status).toBe(200);
    expect(await codeUsedMails(user.email, 1)).toHaveLength(1);
  });

  it('e-mails the owner when a recovery code signs in: when, from which browser, how many are left, and to make new ones when few are', async () => {
    const user = await enrolled();
    const codes = user.recoveryCodes;
    const at = formatCairoDateTime(clock().now(), 'en');
    const first = await login(user.email);
    expect((await second(first.body.challenge, codes[0]!, { 'user-agent': chromeOnWindows })).status).toBe(
      200,
    );
    const [mail] = await codeUsedMails(user.email, 1);
    expect(mail!.subject).toBe('A recovery code was used to sign in to your MedRelay account');
    expect(mail!.text).toContain(`to sign in to your account on ${at} (Cairo time), from Chrome on Windows.`);
    expect(mail!.text).toContain('Each code works once: 9 recovery codes are left.');
    expect(mail!.text).not.toContain('Make new recovery codes');
    expect(mail!.text).toContain('set a new password at once');
    expect(mail!.text).toContain('/forgot-password');
    expect(mail!.text).toContain('write to your administrator');
    // A code from the app is no news; seven more recovery codes leave two: make new ones.
    nextStep();
    expect((await second((await login(user.email)).body.challenge, await codeFor(user.secret))).status).toBe(
      200,
    );
    for (const code of codes.slice(1, 8))
      expect((await second((await login(user.email)).body.challenge, code)).status).toBe(200);
    const mails = await codeUsedMails(user.email, 8);
    expect(mails).toHaveLength(8);
    const last = mails.find((m) => m.text.includes('2 recovery codes are left'));
    expect(last!.text).toContain('Make new recovery codes now, before you run out');
    // No browser named when the request gave none we know.
    expect(last!.text).toContain('(Cairo time). Each code works once');
  });

  it('replaces every recovery code with a new set, with the password and a code, and e-mails the owner', async () => {
    const user = await enrolled();
    await identity.api.put('/api/auth/me', { language: 'ar' }, { token: user.token });
    const old = user.recoveryCodes;
    const wrongPassword = await newCodes(user.token, { password: 'Not-The-Password-1', code: old[0] }, 'ar');
    expect([wrongPassword.status, wrongPassword.body.details[0].rule]).toEqual([400, 'currentPasswordWrong']);
    expect(wrongPassword.body.details[0].message).toBe('كلمة السر الحالية مش صحيحة');
    const noCode = await newCodes(user.token, { password: testPassword });
    expect([noCode.status, noCode.body.details[0].path]).toEqual([400, 'code']);
    const wrongCode = await newCodes(user.token, { password: testPassword, code: 'aaaaa-bbbbb' }, 'ar');
    expect([wrongCode.status, wrongCode.body.code]).toEqual([401, 'SECOND_FACTOR_WRONG']);
    expect(wrongCode.body.message).toBe(
      'الكود ده مش صحيح، أو اتستخدم قبل كده. جرّب الكود اللي بعده من التطبيق.',
    );

    nextStep();
    const renewed = await newCodes(user.token, { password: testPassword, code: await codeFor(user.secret) });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => old.includes(c))).toEqual([]);
    // This session goes on; the old codes stop working at once, the new ones sign in.
    expect((await identity.api.get('/api/auth/two-factor', { token: user.token })).body).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    const stale = await second((await login(user.email)).body.challenge, old[1]!);
    expect([stale.status, stale.body.code]).toEqual([401, 'SECOND_FACTOR_WRONG']);
    expect((await second((await login(user.email)).body.challenge, fresh[0]!)).status).toBe(200);
    // An unused recovery code confirms it too (taken: the set it belonged to goes anyway).
    const again = await newCodes(user.token, { password: testPassword, code: fresh[1]! });
    expect(again.status).toBe(200);
    expect((await second((await login(user.email)).body.challenge, fresh[2]!)).body.code).toBe(
      'SECOND_FACTOR_WRONG',
    );

    const replaced = await waitForMails(user.email, 2, {
      match: (m) => m.template === 'recovery-codes-replaced',
    });
    expect(replaced[0]!.subject).toBe('اتعملت أكواد استرجاع جديدة لحسابك في MedRelay');
    expect(replaced[0]!.text).toContain(
      `لحسابك يوم ${formatCairoDateTime(clock().now(), 'ar')} (بتوقيت القاهرة)، من \u2068Chrome على Windows\u2069. الأكواد القديمة مبقتش بتشتغل.`,
    );
    expect(replaced[0]!.text).toContain('/forgot-password');
    // New codes are no recovery code used for the owner to hear of (the sign-in with one is).
    await identity.mailSettled();
    expect((await mailsTo(user.email)).filter((m) => m.template === 'recovery-code-used')).toHaveLength(1);
  });

  it("counts wrong codes for new recovery codes with the sign-in's, and refuses them while two-factor is off", async () => {
    const user = await enrolled();
    for (let i = 0; i < 10; i++)
      expect((await newCodes(user.token, { password: testPassword, code: `00000${i}` })).status).toBe(401);
    nextStep();
    const spent = await newCodes(user.token, { password: testPassword, code: await codeFor(user.secret) });
    expect(spent.status).toBe(429);
    const late = await second((await login(user.email)).body.challenge, await codeFor(user.secret));
    expect(late.status).toBe(429);

    const off = await identity.signedIn('donor');
    const none = await newCodes(off.token, { password: testPassword, code: '123456' }, 'ar');
    expect([none.status, none.body.code, none.body.message]).toEqual([
      409,
      'TWO_FACTOR_NOT_ENABLED',
      'التحقق بخطوتين مقفول: أكواد الاسترجاع بتيجي مع تطبيق المصادقة. ضيف تطبيق الأول.',
    ]);
  });

  it('turns on with its recovery codes in one transaction: a failure storing the codes leaves it off', async () => {
    const user = await identity.signedIn('donor');
    const setup = await identity.api.post('/api/auth/two-factor/setup', undefined, { token: user.token });
    const { pool } = identity.service.ctx;
    // The database refuses this account's recovery codes, as a crash between the two steps would lose them.
    await pool.query(`CREATE FUNCTION refuse_recovery_codes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'recovery codes refused'; END $$`);
    await pool.query(`CREATE TRIGGER refuse_codes BEFORE INSERT ON identity.recovery_codes
      FOR EACH ROW WHEN (NEW.user_id = ${Number(user.id)}) EXECUTE FUNCTION refuse_recovery_codes()`);
    try {
      const failed = await identity.api.post(
        '/api/auth/two-factor/confirm',
        { code: await codeFor(setup.body.secret), password: testPassword },
        { token: user.token },
      );
      expect(failed.status).toBe(500);
    } finally {
      await pool.query('DROP TRIGGER refuse_codes ON identity.recovery_codes');
      await pool.query('DROP FUNCTION refuse_recovery_codes()');
    }
    // Still off, no codes, no e-mail, no session ended: the password alone signs in.
    expect(await onWithoutCodes()).toBe(0);
    expect((await identity.api.get('/api/auth/two-factor', { token: user.token })).body).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await login(user.email)).body.token).toBeTruthy();
    // The same pending secret turns on once the codes can be stored, and its codes sign in.
    nextStep();
    const on = await identity.api.post(
      '/api/auth/two-factor/confirm',
      { code: await codeFor(setup.body.secret), password: testPassword },
      { token: user.token },
    );
    expect(on.status).toBe(200);
    expect(await onWithoutCodes()).toBe(0);
    expect((await second((await login(user.email)).body.challenge, on.body.recoveryCodes[3])).status).toBe(
      200,
    );
    await identity.mailSettled();
    expect((await mailsTo(user.email)).filter((m) => m.template === 'two-factor-changed')).toHaveLength(1);
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
      // Sent again (from another tab), it finds nothing to turn off: off, not a wrong code counted.
      const twice = await identity.api.post(
        '/api/auth/two-factor/disable',
        { password: testPassword, code: 'aaaaa-bbbbb' },
        { token: off.body.token as string },
      );
      expect([twice.status, twice.body]).toEqual([
        200,
        { enabled: false, recoveryCodesLeft: 0, required: true },
      ]);
      // The owner hears of both recovery codes: the sign-in, and the authenticator's removal.
      const used = await codeUsedMails(pharmacy.email, 2);
      const removal = used.find((m) => m.subject.includes('to turn off two-factor sign-in'));
      expect(removal!.text).toContain(
        'to turn off two-factor sign-in on your account: the authenticator app and your other recovery codes were removed, so none is left.',
      );
      // The change's own e-mail does not say the password alone signs in: the account must use it.
      const [turnedOff] = await waitForMails(pharmacy.email, 1, {
        match: (m) => m.template === 'two-factor-changed' && m.subject.includes('turned off'),
      });
      expect(turnedOff!.text).not.toContain('your password alone signs you in now');
      expect(turnedOff!.text).toContain(
        'Your account must use it: add an authenticator app again (on your new phone) under Sign-in & security, or your next sign-in asks you to.',
      );
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
