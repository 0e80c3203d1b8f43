import type { MovableClock } from '@medrelay/service-kit/clock';
import { mailsTo, uniqueEmail, waitForMails, type ReceivedMail } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, testPassword, type TestIdentity } from '../testing';

// Forgot password, verified e-mail, e-mail change; links read from the
// real SMTP sink, time moved with the service's clock instead of sleeping.
let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity({ LINK_REQUESTS_PER_ADDRESS: '6', LINK_MAILS_PER_ACCOUNT: '2' });
});
afterAll(() => identity.stop());

const clock = () => identity.service.ctx.clock as MovableClock;
const tokenIn = (mail: ReceivedMail, page: string) =>
  new RegExp(`${page}#token=([\\w-]+)`).exec(mail.text)?.[1] ?? null;
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
const newPassword = 'Delta-Barrage-2031';

async function resetLink(email: string, count = 1) {
  const mails = await waitForMails(email, count, { match: (m) => m.template === 'password-reset' });
  return tokenIn(mails[count - 1]!, '/reset-password')!;
}

describe('forgot password', () => {
  it('answers alike for any e-mail, and e-mails the account a link in its language', async () => {
    const user = await identity.createUser('pharmacy');
    await identity.service.ctx.pool.query("UPDATE identity.users SET language = 'ar' WHERE id = $1", [
      user.id,
    ]);
    const known = await identity.api.post(
      '/api/auth/password-reset/request',
      { email: user.email },
      from('10.1.0.1'),
    );
    const unknown = await identity.api.post(
      '/api/auth/password-reset/request',
      { email: uniqueEmail('nobody') },
      from('10.1.0.1'),
    );
    expect(known.status).toBe(202);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());
    const [mail] = await waitForMails(user.email, 1, { match: (m) => m.template === 'password-reset' });
    expect(mail!.subject).toContain('كلمة سر جديدة');
    expect(mail!.text).toContain('30 دقيقة');
    const token = tokenIn(mail!, '/reset-password')!;
    // Sealed in the queue: the outbox never held it in clear.
    const { rows } = await identity.service.ctx.pool.query(
      "SELECT payload::text AS job FROM identity.outbox WHERE job_name = 'password-reset'",
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.job.includes(token))).toBe(false);
  });

  it('sets the password once, ends every session, and the link never works twice', async () => {
    const user = await identity.createUser('ngo');
    const session = await identity.login(user.email);
    await identity.api.post('/api/auth/password-reset/request', { email: user.email }, from('10.1.0.2'));
    const token = await resetLink(user.email);
    const done = await identity.api.post('/api/auth/password-reset/confirm', {
      token,
      password: newPassword,
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/signed out/);
    expect((await identity.api.get('/api/auth/me', { token: session })).body.code).toBe('TOKEN_REVOKED');
    expect(
      (await identity.api.post('/api/auth/login', { email: user.email, password: testPassword })).status,
    ).toBe(401);
    expect(
      (await identity.api.post('/api/auth/login', { email: user.email, password: newPassword })).status,
    ).toBe(200);
    const twice = await identity.api.post('/api/auth/password-reset/confirm', {
      token,
      password: 'Another-1-pass',
    });
    expect([twice.status, twice.body.code]).toEqual([400, 'LINK_INVALID']);
    expect(
      (await identity.api.post('/api/auth/login', { email: user.email, password: newPassword })).status,
    ).toBe(200);
    await waitForMails(user.email, 1, { match: (m) => m.template === 'password-changed' });
  });

  it('removes the passkeys at a reset (one added with a stolen session would sign in with nothing else)', async () => {
    const user = await identity.createUser('pharmacy');
    const pool = identity.service.ctx.pool;
    await pool.query(
      `INSERT INTO identity.passkeys (id, user_id, public_key, counter, transports, name)
       VALUES ($1, $2, '\\x00', 0, '{}', 'Stolen session')`,
      [`key-${user.id}`, user.id],
    );
    await identity.api.post('/api/auth/password-reset/request', { email: user.email }, from('10.1.0.8'));
    const done = await identity.api.post('/api/auth/password-reset/confirm', {
      token: await resetLink(user.email),
      password: newPassword,
    });
    expect(done.status).toBe(200);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM identity.passkeys WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows[0].n).toBe(0);
    const [told] = await waitForMails(user.email, 1, { match: (m) => m.template === 'password-changed' });
    expect(told!.text).toContain('passkeys removed');
  });

  it('refuses a link after 30 minutes (the clock moved, not slept)', async () => {
    const user = await identity.createUser('donor');
    await identity.api.post('/api/auth/password-reset/request', { email: user.email }, from('10.1.0.3'));
    const token = await resetLink(user.email);
    clock().advance(29 * 60_000);
    const earlier = await identity.api.post(
      '/api/auth/password-reset/request',
      { email: user.email },
      from('10.1.0.3'),
    );
    expect(earlier.status).toBe(202);
    const second = await resetLink(user.email, 2);
    clock().advance(2 * 60_000);
    // 31 minutes after the first link: it no longer works; the second (2 minutes old) does.
    const late = await identity.api.post('/api/auth/password-reset/confirm', {
      token,
      password: newPassword,
    });
    expect([late.status, late.body.code]).toEqual([400, 'LINK_INVALID']);
    expect(
      (await identity.api.post('/api/auth/password-reset/confirm', { token: second, password: newPassword }))
        .status,
    ).toBe(200);
  });

  it('limits requests per address (429) and e-mails per account (silently, the answer unchanged)', async () => {
    const user = await identity.createUser('pharmacy');
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        await identity.api.post(
          '/api/auth/password-reset/request',
          { email: user.email },
          from(`10.2.0.${i}`),
        ),
      );
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202]);
    await waitForMails(user.email, 2, { match: (m) => m.template === 'password-reset' });
    await identity.mailSettled();
    expect((await mailsTo(user.email)).filter((m) => m.template === 'password-reset')).toHaveLength(2);
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await identity.api.post(
            '/api/auth/password-reset/request',
            { email: uniqueEmail('x') },
            from('10.3.0.1'),
          )
        ).status,
      );
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429]);
  });
});

describe('verified e-mail', () => {
  const register = (email: string) =>
    identity.api.post('/api/auth/register', {
      name: 'Verify Me',
      email,
      phone: '01012345678',
      password: newPassword,
      userType: 'donor',
      acceptTerms: true,
    });

  it('registration e-mails a link; opening it proves the address, once', async () => {
    const email = uniqueEmail('verify');
    await register(email);
    const [mail] = await waitForMails(email, 1, { match: (m) => m.template === 'registration-received' });
    const token = tokenIn(mail!, '/verify-email')!;
    const admin = await identity.signedIn('admin');
    const listed = async () =>
      (await identity.api.get(`/api/admin/all-users?q=${email}`, { token: admin.token })).body[0];
    expect((await listed()).emailVerified).toBe(false);
    const opened = await identity.api.post('/api/auth/email/verify', { token });
    // Not the screen's title again ("Your e-mail address is confirmed"): what follows from it.
    expect([opened.status, opened.body.message]).toEqual([
      200,
      'Thank you. MedRelay will write to you at this address.',
    ]);
    expect((await listed()).emailVerified).toBe(true);
    expect((await identity.api.post('/api/auth/email/verify', { token })).body.code).toBe('LINK_INVALID');
  });

  it('sends the link again on request, while unproven', async () => {
    const email = uniqueEmail('resend');
    await register(email);
    const token = await identity.login(email, newPassword);
    const res = await identity.api.post('/api/auth/email/verification', undefined, { token });
    expect(res.status).toBe(202);
    const [mail] = await waitForMails(email, 1, { match: (m) => m.template === 'email-verification' });
    expect(
      (await identity.api.post('/api/auth/email/verify', { token: tokenIn(mail!, '/verify-email') })).status,
    ).toBe(200);
  });

  it('changes the e-mail only once the new address opens its link; the old one is told', async () => {
    const user = await identity.createUser('ngo');
    const token = await identity.login(user.email);
    const wrong = await identity.api.put(
      '/api/auth/email',
      { email: uniqueEmail('new'), password: 'nope' },
      { token },
    );
    expect([wrong.status, wrong.body.details[0].rule]).toEqual([400, 'currentPasswordWrong']);
    const next = uniqueEmail('new');
    const asked = await identity.api.put(
      '/api/auth/email',
      { email: next, password: testPassword },
      { token },
    );
    expect(asked.status).toBe(202);
    const me = await identity.api.get('/api/auth/me', { token });
    expect([me.body.email, me.body.pendingEmail]).toEqual([user.email, next]);
    const [told] = await waitForMails(user.email, 1, {
      match: (m) => m.template === 'email-change-requested',
    });
    expect(told!.text).toContain(next);
    const [link] = await waitForMails(next, 1, { match: (m) => m.template === 'email-verification' });
    const opened = await identity.api.post('/api/auth/email/verify', {
      token: tokenIn(link!, '/verify-email'),
    });
    expect(opened.body.message).toMatch(/changed/);
    const after = await identity.api.get('/api/auth/me', { token });
    expect([after.body.email, after.body.emailVerified, after.body.pendingEmail]).toEqual([next, true, null]);
    expect((await identity.api.post('/api/auth/login', { email: next, password: testPassword })).status).toBe(
      200,
    );
  });

  it.each(['a password reset', 'a password change'])(
    'ends an e-mail change asked for before %s (whoever knew the old password asked for it)',
    async (how) => {
      const user = await identity.createUser('ngo');
      const token = await identity.login(user.email);
      const next = uniqueEmail('taker');
      expect(
        (await identity.api.put('/api/auth/email', { email: next, password: testPassword }, { token }))
          .status,
      ).toBe(202);
      const [link] = await waitForMails(next, 1, { match: (m) => m.template === 'email-verification' });
      if (how === 'a password reset') {
        await identity.api.post('/api/auth/password-reset/request', { email: user.email }, from('10.1.0.9'));
        const done = await identity.api.post('/api/auth/password-reset/confirm', {
          token: await resetLink(user.email),
          password: newPassword,
        });
        expect(done.status).toBe(200);
      } else {
        const changed = await identity.api.put(
          '/api/auth/password',
          { currentPassword: testPassword, newPassword },
          { token },
        );
        expect(changed.status).toBe(200);
      }
      const opened = await identity.api.post('/api/auth/email/verify', {
        token: tokenIn(link!, '/verify-email'),
      });
      expect(opened.status).toBeGreaterThanOrEqual(400);
      const login = await identity.api.post('/api/auth/login', { email: user.email, password: newPassword });
      expect(login.status).toBe(200);
      expect(login.body.user.email).toBe(user.email);
    },
  );

  it('refuses the change when another account took the address meanwhile (409), keeping the old one', async () => {
    const user = await identity.createUser('donor');
    const token = await identity.login(user.email);
    const next = uniqueEmail('contested');
    await identity.api.put('/api/auth/email', { email: next, password: testPassword }, { token });
    const [link] = await waitForMails(next, 1, { match: (m) => m.template === 'email-verification' });
    await register(next);
    const opened = await identity.api.post('/api/auth/email/verify', {
      token: tokenIn(link!, '/verify-email'),
    });
    expect([opened.status, opened.body.code]).toEqual([409, 'EMAIL_TAKEN']);
    expect((await identity.api.get('/api/auth/me', { token })).body.email).toBe(user.email);
  });
});
