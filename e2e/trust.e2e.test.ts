import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail, waitForMails } from '@medrelay/testing';
import { hashPassword, testPassword } from '@medrelay/svc-identity/testing';
import type { MovableClock } from '@medrelay/service-kit/clock';
import { generate } from 'otplib';
import { expectToast } from './support/pages';
import { usePlatform } from './support/platform';

// Accounts you can trust: each flow at 390 px in Arabic and 1280 px in English, with
// the links read from the real SMTP sink's messages.
const platform = usePlatform();

const phone = { locale: 'ar-EG', viewport: { width: 390, height: 844 } };
const desk = { locale: 'en-US', viewport: { width: 1280, height: 800 } };
const newPassword = 'Delta-Barrage-2031';

/** The path and fragment of the link a message carries (its host is the configured public URL). */
async function linkFrom(email: string, template: string, page: string) {
  const mails = await waitForMails(email, 1, { match: (m) => m.template === template });
  const url = new RegExp(`https?://[^\\s]+(${page}#token=[\\w-]+)`).exec(mails.at(-1)!.text)?.[1];
  expect(url, `a ${page} link in ${template}`).toBeTruthy();
  return url!;
}

/** Nothing of the page is wider than the screen (a phone must not scroll sideways). */
async function fitsWidth(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

describe('forgot password', { timeout: 90_000 }, () => {
  it('on a phone in Arabic: from sign-in to a new password with the e-mailed link, once', async () => {
    const user = await platform.approvedUser('ngo');
    await platform.identity.service.ctx.pool.query(
      "UPDATE identity.users SET language = 'ar' WHERE id = $1",
      [user.id],
    );
    const page = await platform.newPage(phone);
    await page.goto('/login');
    await page.getByRole('link', { name: 'نسيت كلمة السر؟' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('الإيميل').fill(user.email);
    await page.getByRole('button', { name: 'ابعت لينك كلمة السر' }).click();
    await page.getByText('بص على إيميلك').waitFor();
    await fitsWidth(page);

    const link = await linkFrom(user.email, 'password-reset', '/reset-password');
    const mail = (await waitForMails(user.email, 1, { match: (m) => m.template === 'password-reset' }))[0]!;
    expect(mail.subject).toContain('كلمة سر جديدة');
    await page.goto(link);
    await page.getByLabel('كلمة السر الجديدة').fill(newPassword);
    await page.getByRole('button', { name: 'احفظ كلمة السر' }).click();
    await page.getByText('كلمة السر اتحفظت').waitFor();
    await fitsWidth(page);
    // The old session ended; the new password opens the account.
    expect((await platform.gateway.api.get('/api/auth/me', { token: user.token })).status).toBe(401);
    await page.getByRole('link', { name: 'روح لتسجيل الدخول' }).click();
    await page.getByLabel('الإيميل').fill(user.email);
    await page.getByLabel('كلمة السر').fill(newPassword);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL('**/ngo/dashboard');

    // The same link a second time is refused, saying so.
    platform.expectFailedCall(400);
    const again = await platform.newPage(phone);
    await again.goto(link);
    await again.getByLabel('كلمة السر الجديدة').fill('Another-Pass-2032');
    await again.getByRole('button', { name: 'احفظ كلمة السر' }).click();
    await again.getByText('اللينك ده مبقاش صالح', { exact: false }).waitFor();
  });

  it('at 1280 px in English: the request answers alike for an unknown e-mail', async () => {
    const user = await platform.approvedUser('pharmacy');
    const page = await platform.newPage(desk);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const unknown = await page.getByRole('status').innerText();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe(unknown);
    expect(unknown).toContain('If this e-mail has an account');

    await page.goto(await linkFrom(user.email, 'password-reset', '/reset-password'));
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password is set').waitFor();
    await platform.signIn(page, user.email, newPassword);
    await page.waitForURL('**/pharmacy/dashboard');
  });
});

describe('verified e-mail', { timeout: 90_000 }, () => {
  it('at 1280 px in English: registration sends the link; the administrator sees the address confirmed', async () => {
    const page = await platform.newPage(desk);
    const email = uniqueEmail('verify');
    await page.goto('/register?type=donor');
    await page.getByLabel('Full Name').fill('Verified Donor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('01098765432');
    await page.getByLabel('Password').fill(newPassword);
    await page.getByLabel('I accept the terms of use and the privacy policy').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Registration successful!');

    const admin = await platform.approvedUser('admin');
    const adminPage = await platform.newPage(desk);
    await platform.signIn(adminPage, admin.email);
    const row = adminPage.getByTestId('pending-user').filter({ hasText: email });
    await row.getByText('E-mail not confirmed').waitFor();

    await page.goto(await linkFrom(email, 'registration-received', '/verify-email'));
    await page.getByText('Your e-mail address is confirmed', { exact: true }).waitFor();
    await adminPage.reload();
    await row.getByText('E-mail confirmed', { exact: true }).waitFor();
    // Confirmed: approving asks nothing more.
    await row.getByRole('button', { name: 'Approve' }).click();
    await expectToast(adminPage, 'User approved successfully');
  });

  it('on a phone in Arabic: settings change the e-mail only once the new address opens its link', async () => {
    const user = await platform.approvedUser('donor');
    const page = await platform.newPage(phone);
    await page.goto('/login');
    await page.getByLabel('الإيميل').fill(user.email);
    await page.getByLabel('كلمة السر').fill('Kite-Harbour-7315');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL('**/donor/dashboard');
    await page.goto('/donor/settings');
    const next = uniqueEmail('moved');
    await page.getByLabel('إيميل جديد').fill(next);
    await page.getByLabel('كلمة السر بتاعتك').fill('Kite-Harbour-7315');
    await page.getByRole('button', { name: 'غيّر الإيميل' }).click();
    await page.getByText(`مستنيين تفتح اللينك اللي اتبعت لـ ${next}`, { exact: false }).waitFor();
    await fitsWidth(page);
    const told = await waitForMails(user.email, 1, { match: (m) => m.template === 'email-change-requested' });
    expect(told[0]!.text).toContain(next);

    await page.goto(await linkFrom(next, 'email-verification', '/verify-email'));
    await page.getByText('إيميلك اتغيّر واتأكّد', { exact: false }).waitFor();
    await page.goto('/donor/settings');
    await page.getByText(next, { exact: true }).first().waitFor();
    await page.getByTestId('email-status').getByText('متأكّد', { exact: true }).waitFor();
  });
});

describe('password policy', { timeout: 90_000 }, () => {
  /** Registration as a donor with this password; the form's answer is left to the caller. */
  async function registerWith(page: Page, email: string, password: string, labels = english) {
    await page.goto('/register?type=donor');
    await page.getByLabel(labels.name).fill('Salma Fathy');
    await page.getByLabel(labels.email).fill(email);
    await page.getByLabel(labels.phone).fill('01098765432');
    await page.getByLabel(labels.password).fill(password);
    await page.getByLabel(labels.terms).check();
  }
  const english = {
    name: 'Full Name',
    email: 'Email',
    phone: 'Phone',
    password: 'Password',
    terms: 'I accept the terms of use and the privacy policy',
    create: 'Create account',
  };

  it('on a phone in Arabic: the meter and the server refuse a common password; a weak one is asked to change at sign-in', async () => {
    const page = await platform.newPage(phone);
    await page.goto('/register?type=donor');
    const arabic = {
      name: 'الاسم بالكامل',
      email: 'الإيميل',
      phone: 'رقم التليفون',
      password: 'كلمة السر',
      terms: 'موافق على الشروط والأحكام وسياسة الخصوصية',
      create: 'اعمل الحساب',
    };
    await registerWith(page, uniqueEmail('weak'), 'password123', arabic);
    const meter = page.getByTestId('password-strength');
    await meter.getByText('قوة كلمة السر: ضعيفة جداً').waitFor();
    await meter.getByText('كلمة السر دي من أشهر كلمات السر: اختار غيرها').waitFor();
    await fitsWidth(page);
    platform.expectFailedCall(400);
    await page.getByRole('button', { name: arabic.create }).click();
    await page.getByText('كلمة السر دي من أشهر كلمات السر: اختار غيرها').nth(1).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');

    // An account whose password the policy no longer allows is sent to choose a new one.
    const user = await platform.approvedUser('ngo');
    await platform.identity.service.ctx.pool.query(
      'UPDATE identity.users SET password_hash = $2 WHERE id = $1',
      [user.id, await hashPassword('cairo2020')],
    );
    await page.goto('/login');
    await page.getByLabel('الإيميل').fill(user.email);
    await page.getByLabel('كلمة السر').fill('cairo2020');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL('**/ngo/settings');
    await page.getByText('من فضلك اختار كلمة سر جديدة').waitFor();
    await page.getByLabel('كلمة السر الحالية').fill('cairo2020');
    await page.getByLabel('كلمة السر الجديدة').fill(newPassword);
    await page.getByTestId('password-strength').getByText('قوة كلمة السر: قوية').waitFor();
    await fitsWidth(page);
  });

  it('at 1280 px in English: an administrator with a weak password changes it on Sign-in & security', async () => {
    const admin = await platform.approvedUser('admin');
    await platform.identity.service.ctx.pool.query(
      'UPDATE identity.users SET password_hash = $2 WHERE id = $1',
      [admin.id, await hashPassword('cairo2020')],
    );
    const page = await platform.newPage(desk);
    await platform.signIn(page, admin.email, 'cairo2020');
    await page.waitForURL('**/admin/security');
    const warning = page.getByText('Please choose a new password');
    await warning.waitFor();
    await page.getByLabel('Current password').fill('cairo2020');
    await page.getByRole('textbox', { name: 'New password' }).fill(newPassword);
    await page.getByTestId('password-strength').getByText('Password strength: Strong').waitFor();
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password changed');
    await warning.waitFor({ state: 'detached' });
    const login = await platform.gateway.api.post('/api/auth/login', {
      email: admin.email,
      password: newPassword,
    });
    expect([login.status, login.body.passwordChangeAdvised]).toEqual([200, undefined]);
  });

  it('at 1280 px in English: the administrator turns the policy off (6 characters) and on again', async () => {
    const admin = await platform.approvedUser('admin');
    const adminPage = await platform.newPage(desk);
    await platform.signIn(adminPage, admin.email);
    const remote = adminPage.getByTestId('remote-admin');
    const setPolicy = async (on: boolean) => {
      await adminPage.goto('/admin/settings');
      await remote.getByRole('tab', { name: 'Security' }).click();
      const toggle = remote.getByRole('switch', { name: 'Password Policy' });
      if ((await toggle.isChecked()) !== on) await toggle.click();
      await remote.getByRole('button', { name: 'Save Settings' }).click();
      await expectToast(adminPage, 'Settings updated');
    };
    await setPolicy(false);
    const page = await platform.newPage(desk);
    await registerWith(page, uniqueEmail('lenient'), 'cairo2020');
    // Off: the meter rates it but names no rule.
    await page.getByTestId('password-strength').waitFor();
    expect(await page.getByTestId('password-strength').innerText()).not.toContain('common');
    await page.getByRole('button', { name: english.create }).click();
    await expectToast(page, 'Registration successful!');

    await setPolicy(true);
    const strict = await platform.newPage(desk);
    await registerWith(strict, uniqueEmail('strict'), 'cairo2020');
    await strict.getByText('Password must be at least 10 characters').first().waitFor();
    platform.expectFailedCall(400);
    await strict.getByRole('button', { name: english.create }).click();
    await expectToast(strict, 'Registration failed');
  });
});

describe('two-factor sign-in', { timeout: 90_000 }, () => {
  const clock = () => platform.identity.service.ctx.clock as MovableClock;
  /** The code the authenticator app shows now (the service's clock, which the test moves). */
  const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(clock().now().getTime() / 1000) });
  const secretOn = async (page: Page, label: RegExp) =>
    (await page.getByText(label).innerText()).split(/:\s*/).pop()!.trim();

  it('at 1280 px in English: added in settings, asked at sign-in, a recovery code works once', async () => {
    const user = await platform.approvedUser('donor');
    const page = await platform.newPage(desk);
    await platform.signIn(page, user.email);
    await page.goto('/donor/settings');
    await page.getByRole('link', { name: 'Two-factor sign-in, passkeys and devices' }).click();
    await page.waitForURL('**/donor/security');
    const card = page.getByTestId('two-factor');
    await card.getByRole('button', { name: 'Add an authenticator app' }).click();
    await card.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = await secretOn(page, /Or type this key in the app/);
    await card.getByLabel('Code').fill(await codeFor(secret));
    await card.getByRole('button', { name: 'Turn on' }).click();
    const codes = (await page.getByTestId('recovery-codes').innerText()).split(/\s+/).filter(Boolean);
    expect(codes).toHaveLength(10);
    await card.getByText('Two-factor sign-in is on').waitFor();

    // Signing in now asks for the app's code (a later one: each is taken once).
    clock().advance(30_000);
    const again = await platform.newPage(desk);
    await again.goto('/login');
    await again.getByLabel('Email').fill(user.email);
    await again.getByLabel('Password').fill(testPassword);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await again.getByLabel('Code').fill(await codeFor(secret));
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.waitForURL('**/donor/dashboard');

    // A recovery code instead of the phone: once.
    const lost = await platform.newPage(desk);
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
      const page = await platform.newPage(phone);
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
    const page = await platform.newPage(desk);
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
    const laptop = await platform.newPage(desk);
    await platform.signIn(laptop, user.email);
    const page = await platform.newPage(phone);
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
    const page = await platform.newPage(desk);
    const credentials = await fingerprint(page);
    await signInWithPassword(page, user.email, { email: 'Email', password: 'Password', submit: 'Sign in' });
    await page.waitForURL('**/donor/dashboard');
    await page.goto(local('/donor/security'));
    const card = page.getByTestId('passkeys');
    await card.getByText('No passkey yet.').waitFor();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await expectToast(page, 'Passkey added');
    await card.getByTestId('passkey').getByText('Not used yet').waitFor();
    expect(await credentials()).toHaveLength(1);

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
      (await platform.gateway.api.post('/api/auth/two-factor/confirm', { code }, { token: user.token }))
        .status,
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
    const page = await platform.newPage(phone);
    await fingerprint(page);
    const arabic = { email: 'الإيميل', password: 'كلمة السر', submit: 'تسجيل الدخول' };
    await signInWithPassword(page, user.email, arabic);
    await page.waitForURL('**/pharmacy/dashboard');
    await page.goto(local('/pharmacy/security'));
    await page.getByTestId('passkeys').getByRole('button', { name: 'ضيف مفتاح مرور' }).click();
    await expectToast(page, 'مفتاح المرور اتضاف');
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
