import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail } from '@medrelay/testing';
import { roleBrandColours } from '@medrelay/ui/brand-colours';
import { startPlatform, type Platform } from './support/platform';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
}, 60_000);
afterAll(async () => platform?.stop());
afterEach(async () => {
  // Spec-level promise: no page the user visits logs an error.
  expect(await platform.finishTest()).toEqual([]);
});

const documentDirection = (page: Page) =>
  page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));

async function expectToast(page: Page, title: string) {
  // The previous toast may still be fading out beside the new one.
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor();
}

describe('landing page', { timeout: 60_000 }, () => {
  it('shows every section in English, left to right', async () => {
    const page = await platform.newPage();
    await page.goto('/');
    await page
      .getByRole('heading', { level: 1, name: 'Every unused medicine can still heal someone' })
      .waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'ltr', lang: 'en' });
    expect(await page.title()).toBe('MedRelay: near-expiry medicines to people who need them');
    for (const id of ['home', 'about', 'how-it-works', 'impact', 'get-started']) {
      expect(await page.locator(`section#${id}`).count(), id).toBe(1);
    }
    for (const role of ['pharmacy', 'ngo', 'donor']) {
      await page.getByTestId(`role-card-${role}`).waitFor();
    }
    await page.getByRole('link', { name: 'support@medrelay.eg' }).waitFor();
    await page.getByText('Cairo, Egypt').waitFor();
    await page.getByRole('contentinfo').waitFor();
  });

  it('moves the impact highlight to the next card every 3 seconds', async () => {
    const page = await platform.newPage();
    await page.goto('/#impact');
    await expect.poll(() => page.getByTestId('impact-card').count()).toBe(4);
    // Timed in the page itself, so a busy test machine does not blur the interval.
    const changes = await page.evaluate(
      () =>
        new Promise<{ at: number; index: number }[]>((resolve) => {
          const seen: { at: number; index: number }[] = [];
          const cards = [...document.querySelectorAll('[data-testid="impact-card"]')];
          const observer = new MutationObserver(() => {
            const index = cards.findIndex((el) => el.getAttribute('data-highlighted') === 'true');
            if (seen.at(-1)?.index !== index) seen.push({ at: performance.now(), index });
            if (seen.length === 3) {
              observer.disconnect();
              resolve(seen);
            }
          });
          observer.observe(document.body, {
            attributes: true,
            subtree: true,
            attributeFilter: ['data-highlighted'],
          });
        }),
    );
    expect(changes[1]!.index).toBe((changes[0]!.index + 1) % 4);
    expect(changes[2]!.index).toBe((changes[1]!.index + 1) % 4);
    expect(changes[2]!.at - changes[1]!.at).toBeGreaterThan(2700);
    expect(changes[2]!.at - changes[1]!.at).toBeLessThan(3300);
  });

  it('switches to Arabic, right to left, and keeps the choice across reloads', async () => {
    const page = await platform.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'عربي' }).click();
    await page.getByRole('heading', { level: 1, name: 'كل علبة دوا مش مستخدمة ممكن تعالج حد' }).waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'كل علبة دوا مش مستخدمة ممكن تعالج حد' }).waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(await page.title()).toContain('أدوية');

    await page.getByRole('button', { name: 'English' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Every unused medicine can still heal someone' })
      .waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'ltr', lang: 'en' });
  });

  it('follows an Arabic browser when nothing is stored', async () => {
    const page = await platform.newPage({ locale: 'ar-EG' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'كل علبة دوا مش مستخدمة ممكن تعالج حد' }).waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
  });

  it('opens the registration form preset from a role card', async () => {
    const page = await platform.newPage();
    await page.goto('/');
    await page.getByTestId('role-card-ngo').getByRole('button', { name: 'Register as an NGO' }).click();
    await page.waitForURL('**/register?type=ngo');
    expect(await page.getByRole('radio', { name: 'NGO' }).isChecked()).toBe(true);
    await page.getByLabel('Contact Person Name').waitFor();
  });
});

describe('sign-in', { timeout: 60_000 }, () => {
  it("shows the §5 messages, then the server's refusal as a destructive toast", async () => {
    const page = await platform.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email address', { exact: true }).waitFor();
    await page.getByText('Password must be at least 6 characters', { exact: true }).waitFor();

    const user = await platform.approvedUser('ngo');
    platform.expectFailedCall(401);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Login failed' }).first();
    await toast.waitFor();
    expect(await toast.getAttribute('data-intent')).toBe('destructive');
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('registration', { timeout: 60_000 }, () => {
  const cases = [
    {
      type: 'pharmacy',
      radio: 'Pharmacy',
      nameLabel: 'Pharmacy Name',
      required: ['Commercial license is required'],
      fill: async (page: Page) => page.getByLabel('Commercial License').fill('CL-2026-11'),
    },
    {
      type: 'ngo',
      radio: 'NGO',
      nameLabel: 'Contact Person Name',
      required: ['Organization name is required', 'Commercial number is required'],
      fill: async (page: Page) => {
        await page.getByLabel('Organization Name').fill('Resala Charity');
        await page.getByLabel('Commercial Number').fill('CN-4455');
      },
    },
    { type: 'donor', radio: 'Individual donor', nameLabel: 'Full Name', required: [], fill: async () => {} },
  ] as const;

  for (const c of cases) {
    it(`registers a ${c.type} after showing the validation messages`, async () => {
      const page = await platform.newPage();
      await page.goto(`/register?type=${c.type}`);
      expect(await page.getByRole('radio', { name: c.radio, exact: true }).isChecked()).toBe(true);
      await page.getByLabel(c.nameLabel).waitFor();

      await page.getByRole('button', { name: 'Create account' }).click();
      for (const message of [
        'Name must be at least 2 characters',
        'Invalid email address',
        'Phone number must be at least 10 digits',
        'Password must be at least 6 characters',
        'You must accept the terms',
        ...c.required,
      ]) {
        await page.getByText(message, { exact: true }).waitFor();
      }

      const email = uniqueEmail(c.type);
      await page.getByLabel(c.nameLabel).fill(`E2E ${c.type}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone').fill('01012345678');
      await page.getByLabel('Password').fill('secret123');
      await c.fill(page);
      await page.getByLabel('I accept the terms of use and the privacy policy').check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await expectToast(page, 'Registration successful!');
      await page
        .getByTestId('toast')
        .getByText('Your account has been created and is pending approval.')
        .waitFor();
      await page.waitForURL('**/login');
    });
  }

  it('shows validation messages in Arabic', async () => {
    const page = await platform.newPage();
    await page.goto('/register');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    await page.reload();
    await page.getByRole('button', { name: 'اعمل الحساب' }).click();
    await page.getByText('الإيميل مش صحيح', { exact: true }).waitFor();
    await page.getByText('لازم توافق على الشروط والأحكام', { exact: true }).waitFor();
  });

  it('refuses an e-mail that is already registered, beside the field', async () => {
    const existing = await platform.approvedUser('donor');
    platform.expectFailedCall(409);
    const page = await platform.newPage();
    await page.goto('/register?type=donor');
    await page.getByLabel('Full Name').fill('Second Donor');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Phone').fill('01012345678');
    await page.getByLabel('Password').fill('secret123');
    await page.getByLabel('I accept the terms of use and the privacy policy').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Registration failed');
    expect(new URL(page.url()).pathname).toBe('/register');
  });
});

/** Registers through the form, the way a new user does. */
async function register(page: Page, type: 'pharmacy' | 'ngo' | 'donor') {
  const email = uniqueEmail(type);
  await page.goto(`/register?type=${type}`);
  await page
    .getByLabel(type === 'pharmacy' ? 'Pharmacy Name' : type === 'ngo' ? 'Contact Person Name' : 'Full Name')
    .fill(`New ${type}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('01098765432');
  await page.getByLabel('Password').fill('secret123');
  if (type === 'pharmacy') await page.getByLabel('Commercial License').fill('CL-77');
  if (type === 'ngo') {
    await page.getByLabel('Organization Name').fill('Misr El Kheir');
    await page.getByLabel('Commercial Number').fill('CN-77');
  }
  await page.getByLabel('I accept the terms of use and the privacy policy').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/login');
  return email;
}

/** The brand colour the role's Fluent theme paints the remote's content with. */
const brandColourOf = (page: Page, role: string) =>
  page.getByTestId(`remote-${role}`).evaluate((el) => {
    const provider = el.querySelector('.fui-FluentProvider') ?? el;
    return getComputedStyle(provider).getPropertyValue('--colorBrandBackground').trim();
  });

describe('accounts from registration to dashboard', { timeout: 90_000 }, () => {
  for (const role of ['pharmacy', 'ngo', 'donor'] as const) {
    it(`keeps a pending ${role} out, then lets it in once approved`, async () => {
      const page = await platform.newPage();
      const email = await register(page, role);

      await platform.signIn(page, email, 'secret123');
      await expectToast(page, 'Your account is pending approval');
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByTestId('pending-notice').waitFor();
      await page.goto(`/${role}/dashboard`);
      await page.waitForURL((url) => url.pathname === '/');

      await platform.approve(email);
      await page.getByTestId('pending-notice').getByRole('button', { name: 'Log out' }).click();
      await platform.signIn(page, email, 'secret123');
      await page.waitForURL(`**/${role}/dashboard`);
      await expectToast(page, 'Login successful');
      await page.getByTestId(`remote-${role}`).getByRole('heading', { level: 1 }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Dashboard', 'Settings']);
      expect(await page.getByTestId('user-name').innerText()).toBe(`New ${role}`);
      expect(await brandColourOf(page, role)).toBe(roleBrandColours[role]);
    });
  }

  it('lets the administrator approve a registration from the dashboard', async () => {
    const page = await platform.newPage();
    const email = await register(page, 'ngo');
    const admin = await platform.approvedUser('admin');
    const adminPage = await platform.newPage();
    await platform.signIn(adminPage, admin.email);
    const row = adminPage.getByTestId('pending-user').filter({ hasText: email });
    await row.waitFor();
    // The sidebar shows how many accounts wait.
    const badge = adminPage
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /Dashboard/ });
    expect(Number((await badge.innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
    await row.getByRole('button', { name: 'Details' }).click();
    await adminPage.getByRole('dialog').getByText('Misr El Kheir').waitFor();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await row.getByRole('button', { name: 'Approve' }).click();
    await expectToast(adminPage, 'User approved successfully');
    await row.waitFor({ state: 'detached' });

    await platform.signIn(page, email, 'secret123');
    await page.waitForURL('**/ngo/dashboard');
  });

  it('lands the administrator on the admin dashboard', async () => {
    const admin = await platform.approvedUser('admin');
    const page = await platform.newPage();
    await platform.signIn(page, admin.email);
    await page.waitForURL('**/admin/dashboard');
    await page
      .getByTestId('remote-admin')
      .getByRole('heading', { level: 1, name: 'Admin Dashboard' })
      .waitFor();
    expect(await page.getByTestId('user-type').innerText()).toBe('Administrator');
    expect(await brandColourOf(page, 'admin')).toBe(roleBrandColours.admin);
  });
});

describe('settings', { timeout: 60_000 }, () => {
  it('lets the administrator change the system name from the admin remote, and the header follows', async () => {
    const admin = await platform.approvedUser('admin');
    const page = await platform.newPage();
    await platform.signIn(page, admin.email);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.waitForURL('**/admin/settings');
    const remote = page.getByTestId('remote-admin');
    await remote.getByRole('heading', { name: 'System Settings' }).waitFor();
    for (const tab of ['General', 'Notifications', 'Security', 'System'])
      await remote.getByRole('tab', { name: tab }).waitFor();

    await remote.getByLabel('System Name').fill('');
    await remote.getByRole('button', { name: 'Save Settings' }).click();
    await remote.getByText('System name is required').waitFor();

    await remote.getByLabel('System Name').fill('MedRelay Cairo');
    await remote.getByRole('tab', { name: 'Security' }).click();
    await remote.getByLabel('Session Timeout (minutes)').fill('5');
    await remote.getByRole('button', { name: 'Save Settings' }).click();
    await remote.getByText('Session timeout must be between 15 and 1440 minutes').waitFor();
    await remote.getByLabel('Session Timeout (minutes)').fill('60');
    await remote.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings updated');
    await page.getByRole('banner').getByRole('link', { name: 'MedRelay Cairo' }).waitFor();

    const saved = await platform.gateway.api.get('/api/settings');
    expect(saved.body.systemName).toBe('MedRelay Cairo');
    await remote.getByRole('button', { name: 'Reset to Defaults' }).click();
    await remote.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings updated');
    expect((await platform.gateway.api.get('/api/settings')).body.systemName).toBe('MedRelay');
  });

  it('lets a pharmacy edit its own profile and password in the shell', async () => {
    const user = await platform.approvedUser('pharmacy');
    const page = await platform.newPage();
    await platform.signIn(page, user.email);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.waitForURL('**/pharmacy/settings');
    await page.getByLabel('Name').fill('Dokki Corner Pharmacy');
    await page.getByLabel('Commercial License').fill('');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Commercial license is required').waitFor();
    await page.getByLabel('Commercial License').fill('CL-900');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expectToast(page, 'Profile updated');
    expect(await page.getByTestId('user-name').innerText()).toBe('Dokki Corner Pharmacy');

    platform.expectFailedCall(400);
    await page.getByLabel('Current password').fill('wrong-password');
    await page.getByLabel('New password').fill('newsecret1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Failed to change password');
    await page.getByLabel('Current password').fill('secret123');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password changed');
    expect(
      (await platform.gateway.api.post('/api/auth/login', { email: user.email, password: 'newsecret1' }))
        .status,
    ).toBe(200);

    // Back to the dashboard: the remote mounts again inside the same chrome.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await page.getByTestId('remote-pharmacy').getByRole('heading', { name: 'Pharmacy Dashboard' }).waitFor();
  });

  it('switches a signed-in user to Arabic everywhere, remote included', async () => {
    const user = await platform.approvedUser('donor');
    const page = await platform.newPage();
    await platform.signIn(page, user.email);
    await page.getByTestId('remote-donor').getByRole('heading', { name: 'Donor Dashboard' }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'عربي' }).click();
    await page.getByTestId('remote-donor').getByRole('heading', { name: 'لوحة تحكم المتبرع' }).waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(await page.getByTestId('user-type').innerText()).toBe('متبرع');
    const remoteDir = await page
      .getByTestId('remote-donor')
      .evaluate((el) => el.querySelector('.fui-FluentProvider')?.getAttribute('dir'));
    expect(remoteDir).toBe('rtl');
  });
});

describe('expiry bell', { timeout: 60_000 }, () => {
  it("groups the pharmacy's stock expiring within 30 days into Urgent and Soon", async () => {
    const user = await platform.approvedUser('pharmacy');
    await platform.listMedicine(user.token, 'Augmentin 1g', 3, 8);
    await platform.listMedicine(user.token, 'Concor 5mg', 20, 12);
    await platform.listMedicine(user.token, 'Glucophage 500mg', 90);
    const page = await platform.newPage();
    await platform.signIn(page, user.email);
    const bell = page.getByRole('button', { name: /Expiry alerts: 2 medicines expiring soon/ });
    await bell.click();
    const urgent = page.getByRole('region', { name: 'Urgent (7 days or fewer)' });
    await urgent.getByText('Augmentin 1g').waitFor();
    await urgent.getByText('3 days', { exact: true }).waitFor();
    await urgent.getByText('Qty 8', { exact: false }).waitFor();
    const soon = page.getByRole('region', { name: 'Soon (8 to 30 days)' });
    await soon.getByText('Concor 5mg').waitFor();
    expect(await page.getByText('Glucophage 500mg').count()).toBe(0);
  });

  it('counts in Arabic with Arabic plural forms', async () => {
    const user = await platform.approvedUser('pharmacy');
    for (const [name, days] of [
      ['Ventolin', 2],
      ['Nexium', 12],
      ['Lipitor', 25],
    ] as const) {
      await platform.listMedicine(user.token, name, days);
    }
    const page = await platform.newPage({ locale: 'ar-EG' });
    await page.goto('/login');
    await page.getByLabel('الإيميل').fill(user.email);
    await page.getByLabel('كلمة السر').fill('secret123');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.getByRole('button', { name: /تنبيهات الصلاحية: 3 أدوية صلاحيتها قربت تخلص/ }).click();
    await page
      .getByRole('region', { name: 'عاجل (7 أيام أو أقل)' })
      .getByText('يومين', { exact: true })
      .waitFor();
    await page
      .getByRole('region', { name: 'قريب (من 8 لـ 30 يوم)' })
      .getByText('12 يوم', { exact: true })
      .waitFor();
  });

  it('says so when nothing is expiring', async () => {
    const user = await platform.approvedUser('donor');
    const page = await platform.newPage();
    await platform.signIn(page, user.email);
    await page.getByRole('button', { name: /Expiry alerts/ }).click();
    await page.getByText('No medicines expiring soon').waitFor();
  });
});

describe('guards, 404 and logout', { timeout: 60_000 }, () => {
  it('sends a visitor without a session from a guarded URL to /login', async () => {
    const page = await platform.newPage();
    await page.goto('/donor/dashboard');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign in to MedRelay' }).waitFor();
  });

  it("sends a user away from another role's URL", async () => {
    const user = await platform.approvedUser('pharmacy');
    const page = await platform.newPage();
    await platform.signIn(page, user.email);
    await page.waitForURL('**/pharmacy/dashboard');
    await page.goto('/ngo/dashboard');
    // Wrong role → / (spec §2), and / sends a signed-in user to their own dashboard.
    await page.waitForURL('**/pharmacy/dashboard');
    expect(await page.getByTestId('remote-ngo').count()).toBe(0);
  });

  it('drops a stored token the server no longer accepts, silently', async () => {
    platform.expectFailedCall(401);
    const page = await platform.newPage();
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('token', 'not-a-token'));
    await page.goto('/pharmacy/dashboard');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('shows the 404 inside the chrome for an unknown path in a role area', async () => {
    const user = await platform.approvedUser('ngo');
    const page = await platform.newPage();
    await platform.signIn(page, user.email);
    await page.goto('/ngo/no-such-screen');
    await page.getByTestId('remote-ngo').getByText('Page Not Found').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await platform.newPage();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
  });

  it('logs out: token gone, guarded screens closed again', async () => {
    const user = await platform.approvedUser('donor');
    const page = await platform.newPage();
    await platform.signIn(page, user.email);
    await page.waitForURL('**/donor/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The server ended that session too.
    await expect
      .poll(async () => (await platform.gateway.api.get('/api/auth/me', { token: token! })).status)
      .toBe(401);
    await page.goto('/donor/dashboard');
    await page.waitForURL('**/login');
  });
});
