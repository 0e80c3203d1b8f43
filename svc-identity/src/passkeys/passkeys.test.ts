import { createHash } from 'node:crypto';
import { mailsTo, waitForMails } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, testPassword, type TestIdentity } from '../testing';
import { insertPasskey } from './repo';
import { deviceName } from './service';

// The server's side of passkeys without an authenticator (the whole ceremony
// runs in e2e/sign-in-protection.e2e.test.ts with Chromium's virtual authenticator).
let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity.stop());

/** A made-up assertion for a credential nobody registered, signed over the given origin. */
const forged = (id: string, origin = 'http://localhost:8080') => ({
  id,
  rawId: id,
  type: 'public-key' as const,
  response: {
    clientDataJSON: Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: 'x', origin })).toString(
      'base64url',
    ),
    authenticatorData: 'AAAA',
    signature: 'AAAA',
  },
});

describe('passkeys (server side)', () => {
  it('offers creation options for the signed-in account only, naming it and requiring user verification', async () => {
    expect((await identity.api.post('/api/auth/passkeys/options', { password: testPassword })).status).toBe(
      401,
    );
    const user = await identity.signedIn('ngo');
    const res = await identity.api.post(
      '/api/auth/passkeys/options',
      { password: testPassword },
      { token: user.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: user.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect((await identity.api.get('/api/auth/passkeys', { token: user.token })).body).toEqual([]);
  });

  it('asks for the password again before a passkey is added (a stolen session alone plants none)', async () => {
    const user = await identity.signedIn('pharmacy');
    const asArabic = { token: user.token, headers: { 'accept-language': 'ar' } };
    const without = await identity.api.post('/api/auth/passkeys/options', {}, asArabic);
    expect([without.status, without.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const wrong = await identity.api.post('/api/auth/passkeys/options', { password: 'Guess-1234' }, asArabic);
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([
      { path: 'password', rule: 'currentPasswordWrong', message: wrong.body.message },
    ]);
    expect(wrong.body.message).toMatch(/كلمة السر/);
    // No challenge was kept for a refused start: an answer to it would have nothing to match.
    const own = createHash('sha256').update(String(user.id)).digest('base64url');
    const { redis, prefix } = identity.service.ctx;
    expect(await redis.exists(`${prefix}:passkey:add:${own}`)).toBe(0);
    expect(
      (await identity.api.post('/api/auth/passkeys/options', { password: testPassword }, asArabic)).status,
    ).toBe(200);
    expect(await redis.exists(`${prefix}:passkey:add:${own}`)).toBe(1);
  });

  it('refuses an unknown passkey, and each sign-in challenge works once', async () => {
    const options = await identity.api.post('/api/auth/login/passkey/options');
    expect(options.body.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const { challenge } = options.body as { challenge: string };
    const first = await identity.api.post('/api/auth/login/passkey', {
      challenge,
      response: forged('bm9ib2R5LXJlZ2lzdGVyZWQ'),
    });
    expect([first.status, first.body.code]).toEqual([401, 'SECOND_FACTOR_WRONG']);
    const again = await identity.api.post('/api/auth/login/passkey', {
      challenge,
      response: forged('bm9ib2R5LXJlZ2lzdGVyZWQ'),
    });
    expect([again.status, again.body.code]).toEqual([401, 'SIGN_IN_EXPIRED']);
  });

  it('removing a passkey that is not the caller’s is 404', async () => {
    const user = await identity.signedIn('donor');
    const res = await identity.api.delete('/api/auth/passkeys/c29tZW9uZS1lbHNlcw', { token: user.token });
    expect(res.status).toBe(404);
  });

  it('e-mails the owner when a passkey is removed (a stolen session cannot take it away unseen)', async () => {
    const user = await identity.signedIn('ngo');
    // As a ceremony would store it (the ceremony itself runs in e2e with a virtual authenticator).
    await insertPasskey(identity.service.ctx.pool, {
      id: 'cmVtb3ZlZC1vbmU',
      userId: user.id,
      publicKey: new Uint8Array([1, 2, 3]),
      counter: 0,
      transports: ['internal'],
      name: 'Chrome on Android',
    });
    const removed = await identity.api.delete('/api/auth/passkeys/cmVtb3ZlZC1vbmU', { token: user.token });
    expect(removed.status).toBe(204);
    const [mail] = await waitForMails(user.email, 1, { match: (m) => m.template === 'passkey-removed' });
    expect(mail!.subject).toBe('A passkey was removed from your MedRelay account');
    expect(mail!.text).toContain('A passkey was just removed from your account (Chrome on Android)');
    expect(mail!.text).toMatch(/set a new password at once: http\S+\/forgot-password/);
    // Gone: a second removal finds nothing, and sends nothing.
    const again = await identity.api.delete('/api/auth/passkeys/cmVtb3ZlZC1vbmU', { token: user.token });
    expect(again.status).toBe(404);
    await identity.mailSettled();
    expect((await mailsTo(user.email)).filter((m) => m.template === 'passkey-removed')).toHaveLength(1);
  });
});

describe('device names', () => {
  const android =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
  it("name a passkey's device in the account's language (its e-mail and settings show it)", () => {
    expect(deviceName(android, 'en')).toBe('Chrome on Android');
    expect(deviceName(android, 'ar')).toBe('Chrome على Android');
    expect(deviceName(undefined, 'ar')).toBe('متصفح');
    expect(deviceName('  ', 'en')).toBe('Browser');
    // A client Bowser does not know is named "", not left without a name in the list.
    expect(deviceName('okhttp/4.12.0', 'en')).toBe('Browser');
    expect(deviceName('curl/8.5.0', 'ar')).toBe('متصفح');
  });
});
