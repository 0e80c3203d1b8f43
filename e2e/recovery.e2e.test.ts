import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail, waitForMails } from '@medrelay/testing';
import { hashPassword } from '@medrelay/svc-identity/testing';
import { expectToast } from './support/pages';
import { usePlatform } from './support/platform';
import { arabicPhone, englishDesktop, fitsWidth } from './support/screen-checks';

// Getting back into an account and keeping it one's own: forgotten passwords, verified e-mail
// addresses and the password policy, each at 390 px in Arabic and 1280 px in English, with the
// links read from the real SMTP sink's messages.
const platform = usePlatform();

const newPassword = 'Delta-Barrage-2031';

/** The path and fragment of the link a message carries (its host is the configured public URL). */
async function linkFrom(email: string, template: string, page: string) {
  const mails = await waitForMails(email, 1, { match: (m) => m.template === template });
  const url = new RegExp(`https?://[^\\s]+(${page}#token=[\\w-]+)`).exec(mails.at(-1)!.text)?.[1];
  expect(url, `a ${page} link in ${template}`).toBeTruthy();
  return url!;
}

describe('forgot password', { timeout: 90_000 }, () => {
  it('on a phone in Arabic: from sign-in to a new password with the e-mailed link, once', async () => {
    const user = await platform.approvedUser('ngo');
    await platform.identity.service.ctx.pool.query(
      "UPDATE identity.users SET language = 'ar' WHERE id = $1",
      [user.id],
    );
    const page = await platform.newPage(arabicPhone);
    await page.goto('/login');
    await page.getByRole('link', { name: 'نسيت كلمة السر؟' }).click();
    // The router keeps sign-in on screen while the next screen's chunk loads, and sign-in has an
    // e-mail box too: the box is filled once the new screen's button is there.
    const send = page.getByRole('button', { name: 'ابعت لينك كلمة السر' });
    await send.waitFor();
    await page.getByLabel('الإيميل').fill(user.email);
    await send.click();
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
    const again = await platform.newPage(arabicPhone);
    await again.goto(link);
    await again.getByLabel('كلمة السر الجديدة').fill('Another-Pass-2032');
    await again.getByRole('button', { name: 'احفظ كلمة السر' }).click();
    await again.getByText('اللينك ده مبقاش صالح', { exact: false }).waitFor();
  });

  it('at 1280 px in English: the request answers alike for an unknown e-mail', async () => {
    const user = await platform.approvedUser('pharmacy');
    const page = await platform.newPage(englishDesktop);
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
    const page = await platform.newPage(englishDesktop);
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
    const adminPage = await platform.newPage(englishDesktop);
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
    const page = await platform.newPage(arabicPhone);
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
    const page = await platform.newPage(arabicPhone);
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
    const page = await platform.newPage(englishDesktop);
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
    const adminPage = await platform.newPage(englishDesktop);
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
    const page = await platform.newPage(englishDesktop);
    await registerWith(page, uniqueEmail('lenient'), 'cairo2020');
    // Off: the meter rates it but names no rule.
    await page.getByTestId('password-strength').waitFor();
    expect(await page.getByTestId('password-strength').innerText()).not.toContain('common');
    await page.getByRole('button', { name: english.create }).click();
    await expectToast(page, 'Registration successful!');

    await setPolicy(true);
    const strict = await platform.newPage(englishDesktop);
    await registerWith(strict, uniqueEmail('strict'), 'cairo2020');
    await strict.getByText('Password must be at least 10 characters').first().waitFor();
    platform.expectFailedCall(400);
    await strict.getByRole('button', { name: english.create }).click();
    await expectToast(strict, 'Registration failed');
  });
});
