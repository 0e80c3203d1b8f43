import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { testPassword } from '@medrelay/svc-identity/testing';
import type { MovableClock } from '@medrelay/service-kit/clock';
import { waitForMails } from '@medrelay/testing';
import { generate } from 'otplib';
import { expectToast } from './support/pages';
import { usePlatform } from './support/platform';
import { arabicPhone, englishDesktop, fitsWidth } from './support/screen-checks';

// Protecting a signed-in account: a second factor, the devices signed in, and passkeys, each at
// 390 px in Arabic and 1280 px in English.
const platform = usePlatform();

describe('two-factor sign-in', { timeout: 90_000 }, () => {
  const clock = () => platform.identity.service.ctx.clock as MovableClock;
  /** The code the authenticator app shows now (the service's clock, which the test moves). */
  const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(clock().now().getTime() / 1000) });
  const secretOn = async (page: Page, label: RegExp) =>
    (await page.getByText(label).innerText()).split(/:\s*/).pop()!.trim();

  it('at 1280 px in English: added in settings, asked at sign-in, a recovery code works once', async () => {
    const user = await platform.approvedUser('donor');
    const page = await platform.newPage(englishDesktop);
    await platform.signIn(page, user.email);
    await page.goto('/donor/settings');
    await page.getByRole('link', { name: 'Two-factor sign-in, passkeys and devices' }).click();
    await page.waitForURL('**/donor/security');
    const card = page.getByTestId('two-factor');
    await card.getByRole('button', { name: 'Add an authenticator app' }).click();
    await card.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = await secretOn(page, /Or type this key in the app/);
    await card.getByLabel('Code').fill(await codeFor(secret));
    // A session alone does not turn it on: the password is asked with the code.
    await card.getByLabel('Your password (asked before turning it on)').fill('Not-My-Password-1');
    platform.expectFailedCall(400);
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByText('Current password is incorrect').waitFor();
    await card.getByLabel('Your password (asked before turning it on)').fill(testPassword);
    await card.getByRole('button', { name: 'Turn on' }).click();
    const codes = (await page.getByTestId('recovery-codes').innerText()).split(/\s+/).filter(Boolean);
    expect(codes).toHaveLength(10);
    await card.getByText('Two-factor sign-in is on').waitFor();
    // The owner is told by e-mail; this browser went on with a new token (every other session ended).
    await waitForMails(user.email, 1, { match: (m) => m.template === 'two-factor-changed' });
    await page.reload();
    await card.getByText('Recovery codes left: 10').waitFor();

    // Signing in now asks for the app's code (a later one: each is taken once).
    clock().advance(30_000);
    const again = await platform.newPage(englishDesktop);
    await again.goto('/login');
    await again.getByLabel('Email').fill(user.email);
    await again.getByLabel('Password').fill(testPassword);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await again.getByLabel('Code').fill(await codeFor(secret));
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.waitForURL('**/donor/dashboard');

    // A recovery code instead of the phone: once.
    const lost = await platform.newPage(englishDesktop);
    for (const expectation of ['dashboard', 'refused'] as const) {
      await lost.goto('/login');
      await lost.getByLabel('Email').fill(user.email);
      await lost.getByLabel('Password').fill(testPassword);
      await lost.getByRole('button', { name: 'Sign in' }).click();
      await lost.getByLabel('Code').fill(codes[0]!);
      if (expectation === 'refused') platform.expectFailedCall(401);
      await lost.getByRole('button', { name: 'Verify' }).click();
      if (expectation === 'dashboard') {
        await lost.waitForURL('**/donor/dashboard');
        await lost.evaluate(() => localStorage.removeItem('token'));
      } else {
        await lost.getByText('This code is not right, or it was used already', { exact: false }).waitFor();
      }
    }
  });

  it("on a phone in Arabic: the administrator's switch makes a pharmacy enrol before anything else", async () => {
    const admin = await platform.approvedUser('admin');
    const on = (value: boolean) =>
      platform.gateway.api.put('/api/admin/settings', { twoFactorRequired: value }, { token: admin.token });
    expect((await on(true)).status).toBe(200);
    try {
      const pharmacy = await platform.approvedUser('pharmacy');
      const page = await platform.newPage(arabicPhone);
      await page.goto('/login');
      await page.getByLabel('الإيميل').fill(pharmacy.email);
      await page.getByLabel('كلمة السر').fill(testPassword);
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await page.getByRole('heading', { name: 'فعّل التحقق بخطوتين' }).waitFor();
      await page.getByRole('img', { name: 'كود QR تمسحه بتطبيق المصادقة' }).waitFor();
      await fitsWidth(page);
      // Nothing else is reachable yet: no session exists.
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      const secret = await secretOn(page, /أو اكتب المفتاح ده في التطبيق/);
      await page.getByLabel('الكود').fill(await codeFor(secret));
      await page.getByRole('button', { name: 'فعّل' }).click();
      await page.getByText('احفظ أكواد الاسترجاع').waitFor();
      expect(
        (await page.getByTestId('recovery-codes').innerText()).split(/\s+/).filter(Boolean),
      ).toHaveLength(10);
      await fitsWidth(page);
      await page.getByRole('button', { name: 'حفظتهم، كمّل' }).click();
      await page.waitForURL('**/pharmacy/dashboard');
    } finally {
      await on(false);
    }
  });
});

describe('sessions and devices', { timeout: 90_000 }, () => {
  const android =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
  /** A sign-in from another browser, through the gateway: its token. */
  const elsewhere = async (email: string) => {
    const res = await platform.gateway.api.post(
      '/api/auth/login',
      { email, password: testPassword },
      { headers: { 'user-agent': android } },
    );
    expect(res.status).toBe(200);
    return res.body.token as string;
  };

  it('at 1280 px in English: lists the phone signed in elsewhere and signs it out', async () => {
    const user = await platform.approvedUser('pharmacy');
    const onPhone = await elsewhere(user.email);
    const page = await platform.newPage(englishDesktop);
    await platform.signIn(page, user.email);
    await page.goto('/pharmacy/security');
    const card = page.getByTestId('devices');
    const phoneRow = card.getByTestId('device').filter({ hasText: 'Chrome on Android' });
    await phoneRow.getByText('Place unknown', { exact: false }).waitFor();
    await card.getByTestId('device').filter({ hasText: 'This device' }).waitFor();
    await phoneRow.getByRole('button', { name: 'Sign out' }).click();
    await expectToast(page, 'Signed out');
    await phoneRow.waitFor({ state: 'detached' });
    const after = await platform.gateway.api.get('/api/auth/me', { token: onPhone });
    expect([after.status, after.body.code]).toEqual([401, 'TOKEN_REVOKED']);
  });

  it('on a phone in Arabic: signs out every other device, keeping this one', async () => {
    const user = await platform.approvedUser('ngo');
    const others = [user.token, await elsewhere(user.email)];
    const laptop = await platform.newPage(englishDesktop);
    await platform.signIn(laptop, user.email);
    const page = await platform.newPage(arabicPhone);
    await page.goto('/login');
    await page.getByLabel('الإيميل').fill(user.email);
    await page.getByLabel('كلمة السر').fill(testPassword);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL('**/ngo/dashboard');
    await page.goto('/ngo/security');
    const card = page.getByTestId('devices');
    await card.getByTestId('device').filter({ hasText: 'الجهاز ده' }).waitFor();
    await expect.poll(() => card.getByTestId('device').count()).toBeGreaterThanOrEqual(3);
    await fitsWidth(page);
    await card.getByRole('button', { name: 'تسجيل خروج من كل الأجهزة التانية' }).click();
    await expectToast(page, 'أجهزة تانية اتعملها تسجيل خروج');
    await card.getByText('مفيش جهاز تاني داخل.').waitFor();
    expect(await card.getByTestId('device').count()).toBe(1);
    for (const token of others)
      expect((await platform.gateway.api.get('/api/auth/me', { token })).status).toBe(401);
    // The laptop's next call finds its session ended: it is sent to sign in again.
    platform.expectFailedCall(401);
    await laptop.goto('/ngo/dashboard');
    await laptop.waitForURL('**/login');
  });
});

describe('passkeys', { timeout: 90_000 }, () => {
  /**
   * Chromium's virtual authenticator (DevTools protocol WebAuthn): a platform authenticator with
   * resident keys that verifies its user, as a phone's fingerprint does. The real ceremony runs.
   */
  async function fingerprint(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  }
  /** Passkeys need a secure origin with a domain name: the same gateway as localhost. */
  const local = (path: string) => `${platform.gateway.baseUrl.replace('127.0.0.1', 'localhost')}${path}`;

  async function signInWithPassword(
    page: Page,
    email: string,
    labels: { email: string; password: string; submit: string },
  ) {
    await page.goto(local('/login'));
    await page.getByLabel(labels.email).fill(email);
    await page.getByLabel(labels.password).fill(testPassword);
    await page.getByRole('button', { name: labels.submit }).click();
  }

  it('at 1280 px in English: added in settings, then signs in instead of the password and the code', async () => {
    const user = await platform.approvedUser('donor');
    const page = await platform.newPage(englishDesktop);
    const credentials = await fingerprint(page);
    await signInWithPassword(page, user.email, { email: 'Email', password: 'Password', submit: 'Sign in' });
    await page.waitForURL('**/donor/dashboard');
    await page.goto(local('/donor/security'));
    const card = page.getByTestId('passkeys');
    await card.getByText('No passkey yet.').waitFor();
    // The password first: a session left open elsewhere is not enough to plant a way in.
    await card.getByLabel('Your password (asked before adding a passkey)').fill('Not-My-Password-1');
    platform.expectFailedCall(400);
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await expectToast(page, 'Current password is incorrect');
    expect(await credentials()).toHaveLength(0);
    await card.getByLabel('Your password (asked before adding a passkey)').fill(testPassword);
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await expectToast(page, 'Passkey added');
    await card.getByTestId('passkey').getByText('Not used yet').waitFor();
    expect(await credentials()).toHaveLength(1);
    const [told] = await waitForMails(user.email, 1, { match: (m) => m.template === 'passkey-added' });
    expect(told!.text).toContain('Chrome on Linux');

    // Two-factor on as well: the passkey alone is both factors.
    const setup = await platform.gateway.api.post('/api/auth/two-factor/setup', undefined, {
      token: user.token,
    });
    const clock = platform.identity.service.ctx.clock as MovableClock;
    const code = await generate({
      secret: setup.body.secret,
      epoch: Math.floor(clock.now().getTime() / 1000),
    });
    expect(
      (
        await platform.gateway.api.post(
          '/api/auth/two-factor/confirm',
          { code, password: testPassword },
          { token: user.token },
        )
      ).status,
    ).toBe(200);

    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto(local('/login'));
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await page.waitForURL('**/donor/dashboard');
    const [credential] = await credentials();
    expect(credential!.signCount).toBeGreaterThan(0);
    await page.goto(local('/donor/security'));
    await card.getByTestId('passkey').getByText('Last used', { exact: false }).waitFor();
  });

  it('on a phone in Arabic: a passkey gets the owner in while a distributed guessing attack locks the password', async () => {
    const user = await platform.approvedUser('pharmacy');
    const page = await platform.newPage(arabicPhone);
    await fingerprint(page);
    const arabic = { email: 'الإيميل', password: 'كلمة السر', submit: 'تسجيل الدخول' };
    await signInWithPassword(page, user.email, arabic);
    await page.waitForURL('**/pharmacy/dashboard');
    await page.goto(local('/pharmacy/security'));
    await page.getByTestId('passkeys').getByLabel('كلمة السر بتاعتك', { exact: false }).fill(testPassword);
    await page.getByTestId('passkeys').getByRole('button', { name: 'ضيف مفتاح مرور' }).click();
    await expectToast(page, 'مفتاح المرور اتضاف');
    await waitForMails(user.email, 1, { match: (m) => m.template === 'passkey-added' });
    await fitsWidth(page);
    await page.evaluate(() => localStorage.removeItem('token'));

    // 200 wrong passwords from 20 addresses (straight to identity, which trusts the gateway's
    // X-Forwarded-For on loopback): the account is locked to passwords from new devices.
    for (let round = 0; round < 10; round++)
      await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          platform.identity.api.post(
            '/api/auth/login',
            { email: user.email, password: `Wrong-Guess-${round}-${n}` },
            { headers: { 'x-forwarded-for': `203.0.113.${n + 1}` } },
          ),
        ),
      );
    const stranger = await platform.identity.api.post(
      '/api/auth/login',
      { email: user.email, password: testPassword },
      { headers: { 'x-forwarded-for': '198.51.100.7' } },
    );
    expect(stranger.body.code).toBe('ACCOUNT_LOCKED');

    await page.goto(local('/login'));
    await page.getByRole('button', { name: 'ادخل بمفتاح مرور' }).click();
    await page.waitForURL('**/pharmacy/dashboard');
    await fitsWidth(page);
  });
});
