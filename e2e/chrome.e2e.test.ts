import { describe, expect, it } from 'vitest';
import { documentDirection, expectToast } from './support/pages';
import { usePlatform } from './support/platform';

const platform = usePlatform();

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
    // The first save's toast may still show: wait for the saved value itself, and the header.
    await expect
      .poll(async () => (await platform.gateway.api.get('/api/settings')).body.systemName)
      .toBe('MedRelay');
    await page.getByRole('banner').getByRole('link', { name: 'MedRelay', exact: true }).waitFor();
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
    // The reviewed business details are the administrator's to change.
    expect(await page.getByLabel('Commercial License').getAttribute('readonly')).not.toBeNull();
    await page.getByText('Reviewed by the administrator. Contact them to change it.').waitFor();
    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Name must be at least 2 characters').waitFor();
    await page.getByLabel('Name').fill('Dokki Corner Pharmacy');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expectToast(page, 'Profile updated');
    expect(await page.getByTestId('user-name').innerText()).toBe('Dokki Corner Pharmacy');

    platform.expectFailedCall(400);
    await page.getByLabel('Current password').fill('wrong-password');
    await page.getByLabel('New password').fill('newsecret1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Failed to change password');
    await page.getByLabel('Current password').fill('Kite-Harbour-7315');
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
    // Fresh stock is not an alert (the dashboard behind lists it among the recent listings).
    const popover = page.locator('.fui-PopoverSurface');
    expect(await popover.getByText('Concor 5mg').count()).toBe(1);
    expect(await popover.getByText('Glucophage 500mg').count()).toBe(0);
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
    await page.getByLabel('كلمة السر').fill('Kite-Harbour-7315');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.getByRole('button', { name: /تنبيهات الصلاحية: 3 أدوية صلاحيتها قربت تخلص/ }).click();
    await page
      .getByRole('region', { name: 'عاجل (7 أيام أو أقل)' })
      // 2 days left, today counted, is tomorrow (Cairo calendar days).
      .getByText('بكرة', { exact: true })
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

describe('notification centre', { timeout: 60_000 }, () => {
  it.each([
    ['desktop', { width: 1280, height: 900 }],
    ['a 390 px phone', { width: 390, height: 844 }],
  ] as const)(
    'a pharmacy sees a new request on the bell, opens it and follows its link (%s)',
    async (_, viewport) => {
      const [pharmacy, ngo] = await Promise.all([
        platform.approvedUser('pharmacy'),
        platform.approvedUser('ngo'),
      ]);
      const medicine = await platform.listMedicine(pharmacy.token, 'Bell probe', 60, 5);
      const asked = await platform.gateway.api.post<{ id: number }>(
        '/api/requests',
        { medicineId: medicine.id, quantity: 2 },
        { token: ngo.token },
      );
      expect(asked.status).toBe(201);

      const page = await platform.newPage({ viewport });
      await platform.signIn(page, pharmacy.email);
      const banner = page.getByRole('banner');
      await banner.getByRole('button', { name: /^Notifications: 1 unread/ }).click();
      // A popover beside the bell on a desktop, a full-screen sheet (a modal dialog) on a phone.
      const panel =
        viewport.width < 600
          ? page.getByRole('dialog', { name: 'Notifications' })
          : page.getByRole('group', { name: 'Notifications' });
      const entry = panel.getByRole('listitem').filter({ hasText: 'Bell probe' });
      await entry.getByText('New request', { exact: true }).waitFor();
      await entry.getByText('Unread:').waitFor();
      // Nothing wider than the phone: the sheet takes its width, no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      await entry.getByRole('link').click();
      await page.waitForURL(`**/pharmacy/requests?request=${asked.body.id}`);
      await page
        .getByTestId('remote-pharmacy')
        .getByTestId('request-row')
        .filter({ hasText: 'Bell probe' })
        // Marked as the one the link named.
        .and(page.locator('[aria-current="true"]'))
        .waitFor();
      await banner.getByRole('button', { name: /^Notifications: 0 unread/ }).waitFor();
      expect(await panel.count()).toBe(0);
    },
  );
});
