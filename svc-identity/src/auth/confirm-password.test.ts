import { waitForMails } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, testPassword, type TestIdentity } from '../testing';
import { wrongConfirmationsPerHour } from './password-check';

// The password asked again before the changes a stolen session alone must not make (e-mail,
// password, passkey, two-factor): wrong answers are counted per account, whatever the session.
let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity.stop());

const options = (token: string, password: string, language = 'en') =>
  identity.api.post(
    '/api/auth/passkeys/options',
    { password },
    { token, headers: { 'accept-language': language } },
  );

/** Every change that asks for the password, with a wrong one, in turn. */
function wrongGuess(token: string, i: number) {
  const arabic = { token, headers: { 'accept-language': 'ar' } };
  const guess = `Guess-${i}`;
  switch (i % 4) {
    case 0:
      return identity.api.put(
        '/api/auth/password',
        { currentPassword: guess, newPassword: 'n3w-secret' },
        arabic,
      );
    case 1:
      return identity.api.put(
        '/api/auth/email',
        { email: 'elsewhere@example.test', password: guess },
        arabic,
      );
    case 2:
      return identity.api.post('/api/auth/two-factor/disable', { password: guess }, arabic);
    default:
      return options(token, guess, 'ar');
  }
}

describe('confirming with the password', () => {
  it('counts wrong passwords per account: a new session (sign out the others) or a new sign-in does not start a new count', async () => {
    const user = await identity.signedIn('pharmacy');
    const other = await identity.signedIn('pharmacy');
    const guesses = await Promise.all(
      Array.from({ length: wrongConfirmationsPerHour }, (_, i) => wrongGuess(user.token, i)),
    );
    expect(guesses.map((r) => r.status)).toEqual(Array(wrongConfirmationsPerHour).fill(400));

    // Now even the right password is refused, with the wait, in the caller's language.
    const blocked = await identity.api.put(
      '/api/auth/password',
      { currentPassword: testPassword, newPassword: 'n3w-secret' },
      { token: user.token, headers: { 'accept-language': 'ar' } },
    );
    expect([blocked.status, blocked.body.code]).toEqual([429, 'RATE_LIMITED']);
    const wait = Number(blocked.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(blocked.body.message).toContain('كلمة السر اتكتبت غلط مرات كتير');
    expect(blocked.body.message).toContain(`${Math.ceil(wait / 60)} دقيقة`);
    const english = await options(user.token, testPassword);
    expect(english.body.message).toMatch(
      /^Too many wrong passwords on this account\. .* paused for 60 minutes\./,
    );

    // Signing the other sessions out gives a new token without the password: it does not count anew.
    const renewed = await identity.api.post('/api/auth/sessions/sign-out-others', undefined, {
      token: user.token,
    });
    expect(renewed.status).toBe(200);
    expect((await options(renewed.body.token, testPassword)).status).toBe(429);
    const again = await identity.api.post('/api/auth/sessions/sign-out-others', undefined, {
      token: renewed.body.token,
    });
    expect((await wrongGuess(again.body.token, 3)).status).toBe(429);

    // The owner is not locked out of signing in; only the confirmations wait.
    const signIn = await identity.api.post('/api/auth/login', { email: user.email, password: testPassword });
    expect(signIn.status).toBe(200);
    expect((await identity.api.get('/api/auth/me', { token: signIn.body.token })).status).toBe(200);
    expect((await options(signIn.body.token, testPassword)).status).toBe(429);

    // Other accounts are not touched, and right confirmations give their count back.
    for (let i = 0; i < wrongConfirmationsPerHour + 2; i++)
      expect((await options(other.token, testPassword)).status).toBe(200);
  });

  it('forgives the count when the owner sets a new password with an e-mailed link (every session ends)', async () => {
    const user = await identity.signedIn('donor');
    for (let i = 0; i < wrongConfirmationsPerHour; i++) await wrongGuess(user.token, i);
    expect((await options(user.token, testPassword)).status).toBe(429);

    await identity.api.post('/api/auth/password-reset/request', { email: user.email });
    const [mail] = await waitForMails(user.email, 1, { match: (m) => m.template === 'password-reset' });
    const token = /\/reset-password#token=([\w-]+)/.exec(mail!.text)![1];
    const newPassword = 'Meadow-Lantern-4417';
    expect(
      (await identity.api.post('/api/auth/password-reset/confirm', { token, password: newPassword })).status,
    ).toBe(200);
    const session = await identity.login(user.email, newPassword);
    expect((await options(session, newPassword)).status).toBe(200);
  });
});
