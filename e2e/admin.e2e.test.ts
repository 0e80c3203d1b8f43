import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cairoToday } from '@medrelay/domain/calendar';
import { documentDirection, expectToast, register } from './support/pages';
import { testPassword } from '@medrelay/svc-identity/testing';
import { usePlatform } from './support/platform';

const platform = usePlatform();

async function adminPage() {
  const admin = await platform.approvedUser('admin');
  const page = await platform.newPage();
  await platform.signIn(page, admin.email);
  return { page, admin, remote: page.getByTestId('remote-admin') };
}

const nav = (page: Page, name: string | RegExp) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name });

/** The JSON a download event hands over. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

describe('admin area', { timeout: 90_000 }, () => {
  it('approves a pending pharmacy from the dashboard, then suspends and re-approves it', async () => {
    const visitor = await platform.newPage();
    const email = await register(visitor, 'pharmacy');
    const turnedDown = await platform.identity.createUser('ngo', 'pending', 'turneddown');
    const { page, remote } = await adminPage();
    await nav(page, /User Approvals/).waitFor();
    // Reject asks first; cancelling keeps the account pending.
    const other = remote.getByTestId('pending-user').filter({ hasText: turnedDown.email });
    await other.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('dialog').getByText('Reject turneddown user?', { exact: false }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await other.getByRole('button', { name: 'Reject' }).click();
    // It asks why (the registrant is e-mailed the reason): nothing is sent before one is chosen.
    const rejecting = page.getByRole('dialog');
    expect(await rejecting.getByRole('button', { name: 'Reject' }).isDisabled()).toBe(true);
    // On a 360 px phone the longest reason stays inside the dialog (a native list grows to it).
    await page.setViewportSize({ width: 360, height: 800 });
    await rejecting.getByLabel('Why').selectOption('notEligible');
    const [list, surface] = await Promise.all([
      rejecting.getByLabel('Why').boundingBox(),
      rejecting.boundingBox(),
    ]);
    expect(list!.x).toBeGreaterThanOrEqual(surface!.x);
    expect(list!.x + list!.width).toBeLessThanOrEqual(surface!.x + surface!.width);
    await page.setViewportSize({ width: 1280, height: 720 });
    await rejecting.getByLabel('Why').selectOption('detailsUnverifiable');
    await rejecting.getByRole('button', { name: 'Reject' }).click();
    await expectToast(page, 'User rejected');
    await other.waitFor({ state: 'detached' });
    const row = remote.getByTestId('pending-user').filter({ hasText: email });
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'User approved successfully');
    await row.waitFor({ state: 'detached' });
    // Registration and approval appear in the recent activity, from the real events.
    await remote
      .getByTestId('activity')
      .filter({ hasText: 'New pharmacy (Pharmacy) was approved' })
      .waitFor();
    await remote.getByTestId('activity').filter({ hasText: 'New pharmacy registered as Pharmacy' }).waitFor();

    await nav(page, /User Approvals/).click();
    await page.waitForURL('**/admin/users');
    await remote.getByLabel('Account type').selectOption('pharmacy');
    await remote.getByLabel('Search by name, e-mail or organization').fill(email);
    const user = remote.getByTestId('user-row').filter({ hasText: email });
    await remote.getByText('1 account', { exact: true }).waitFor();
    await user.getByText('Approved').waitFor();

    await user.getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Suspend New pharmacy?', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expectToast(page, 'User status updated');
    await user.getByText('Rejected').waitFor();
    platform.expectFailedCall(403);
    const refused = await platform.gateway.api.post('/api/auth/login', {
      email,
      password: 'Kite-Harbour-7315',
    });
    expect(refused.body.code).toBe('ACCOUNT_REJECTED');

    await remote.getByLabel('Status').selectOption('rejected');
    await user.getByRole('button', { name: 'Re-approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Re-approve' }).click();
    await expectToast(page, 'User status updated');
    // Filtered on rejected: the re-approved account leaves the list.
    await user.waitFor({ state: 'detached' });
    const back = await platform.gateway.api.post('/api/auth/login', { email, password: 'Kite-Harbour-7315' });
    expect(back.status).toBe(200);
  });

  it('pages through the accounts and stays on the chosen page', async () => {
    const { page, remote } = await adminPage();
    const badge = async () => Number((await nav(page, /User Approvals/).innerText()).replace(/\D/g, ''));
    await remote
      .getByTestId('pending-user')
      .first()
      .or(remote.getByText('No accounts are waiting for approval'))
      .waitFor();
    const before = await badge();
    // 25 accounts sharing a label register meanwhile: one full page of 20 and a second of 5.
    const label = `pager${Date.now() % 100000}`;
    await Promise.all(
      Array.from({ length: 25 }, () => platform.identity.createUser('donor', 'pending', label)),
    );
    // Opening User Approvals asks again, and the pending badge follows.
    await nav(page, /User Approvals/).click();
    await expect.poll(badge).toBe(before + 25);
    await remote.getByLabel('Search by name, e-mail or organization').fill(label);
    await remote.getByText('25 accounts', { exact: true }).waitFor();
    const rows = remote.getByTestId('user-row');
    await expect.poll(() => rows.count()).toBe(20);
    await remote.getByRole('button', { name: 'Next page' }).click();
    await remote.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => rows.count()).toBe(5);
    // Longer than the search's 300 ms pause: nothing sends the list back to page 1.
    await page.waitForTimeout(1_000);
    expect(await rows.count()).toBe(5);
    await remote.getByText('Page 2 of 2').waitFor({ timeout: 100 });
  });

  it('filters listings by source, expiry and availability, and unlists one', async () => {
    const pharmacy = await platform.approvedUser('pharmacy');
    const tag = `Lst${Date.now() % 100000}`;
    await platform.listMedicine(pharmacy.token, `${tag} Soon`, 5);
    await platform.listMedicine(pharmacy.token, `${tag} Later`, 90);
    const { page, remote } = await adminPage();
    await nav(page, 'Listings').click();
    await page.waitForURL('**/admin/listings');
    await remote.getByLabel('Search by medicine, type or owner').fill(tag);
    const rows = remote.getByTestId('listing-row');
    await expect.poll(() => rows.count()).toBe(2);
    await remote.getByLabel('Expiry').selectOption('expiring');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByText(`${tag} Soon`).waitFor();
    await remote.getByLabel('Source').selectOption('donor');
    await remote.getByText('No listings match these filters').waitFor();
    await remote.getByLabel('Source').selectOption('pharmacy');
    await remote.getByLabel('Expiry').selectOption('');

    const later = rows.filter({ hasText: `${tag} Later` });
    await later.getByRole('button', { name: 'Unlist' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unlist' }).click();
    await expectToast(page, 'Listing removed');
    await later.getByText('Unavailable').waitFor();
    await remote.getByLabel('Availability').selectOption('true');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByText(`${tag} Soon`).waitFor();
  });

  it('changes the expiry warning days and the session timeout, and both take effect', async () => {
    const pharmacy = await platform.approvedUser('pharmacy');
    await platform.listMedicine(pharmacy.token, 'Warning window probe', 45);
    const { page, remote, admin } = await adminPage();
    await nav(page, 'Settings').click();
    await remote.getByLabel('Expiry Warning Days').fill('60');
    await remote.getByRole('tab', { name: 'Security' }).click();
    await remote.getByLabel('Session Timeout (minutes)').fill('15');
    await remote.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings updated');

    // Expiry warning days: the expiry scan now alerts on a medicine 45 days out.
    const adminToken = admin.token;
    // Queued (202); the worker runs it and the notification follows.
    const scan = await platform.gateway.api.post('/api/admin/expiry-scan', undefined, { token: adminToken });
    expect(scan.status).toBe(202);
    await expect
      .poll(
        async () =>
          (await platform.gateway.api.get('/api/notifications', { token: pharmacy.token })).body.some(
            (n: { type: string; medicineId?: number; message: string }) =>
              n.type === 'expiry-alert' && n.message.includes('Warning window probe'),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);

    // Session timeout: a sign-in now gets a 15-minute token.
    const login = await platform.gateway.api.post('/api/auth/login', {
      email: admin.email,
      password: testPassword,
    });
    const claims = JSON.parse(Buffer.from(login.body.token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(15 * 60);

    await remote.getByRole('button', { name: 'Reset to Defaults' }).click();
    await remote.getByRole('button', { name: 'Save Settings' }).click();
    await expect
      .poll(async () => (await platform.gateway.api.get('/api/admin/settings', { token: adminToken })).body)
      .toMatchObject({ expiryWarningDays: 30, sessionTimeout: 720 });
  });

  it('exports the data and clears the cache from the System tab', async () => {
    const { page, remote } = await adminPage();
    await nav(page, 'Settings').click();
    await remote.getByRole('tab', { name: 'System' }).click();
    expect(await remote.getByRole('button', { name: 'Reset System' }).isDisabled()).toBe(true);
    await remote.getByText('Irreversible', { exact: false }).waitFor();
    const file = await downloaded(page, () => remote.getByRole('button', { name: 'Export Data' }).click());
    expect(file.name).toMatch(/^medrelay-export-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(file.text);
    expect(Object.keys(data)).toEqual(['generated', 'users', 'medicines', 'requests', 'custody']);
    expect(data.users.length).toBeGreaterThan(0);
    expect(file.text).not.toMatch(/password/i);
    await expectToast(page, 'Export ready');
    await remote.getByRole('button', { name: 'Clear Cache' }).click();
    await expectToast(page, 'Cache cleared');
  });

  it('downloads the report of the chosen time range, and shows its figures', async () => {
    // A listing created 20 days ago counts in the last 30 days but not in the last 7.
    const pharmacy = await platform.approvedUser('pharmacy');
    const old = await platform.listMedicine(pharmacy.token, 'Report range probe', 90);
    await platform.services.catalog.service.ctx.pool.query(
      `UPDATE catalog.medicines SET created_at = now() - interval '20 days' WHERE id = $1`,
      [old.id],
    );
    const { page, remote, admin } = await adminPage();
    const token = admin.token;
    const statsFor = async (days: number) =>
      (await platform.gateway.api.get(`/api/admin/stats?days=${days}`, { token })).body;
    await nav(page, 'Reports').click();
    await remote.getByRole('heading', { name: 'Analytics & Reports' }).waitFor();
    await remote.getByText('System performance and impact metrics').waitFor();
    await remote.getByRole('region', { name: 'Users by Type' }).getByTestId('bar-admin').waitFor();
    const month = await statsFor(30);
    const week = await statsFor(7);
    expect(week.totalMedicines).toBeLessThan(month.totalMedicines);

    // Downloading right after changing the range gives the new range's figures, never the old ones.
    await remote.getByLabel('Time range').selectOption('7');
    const file = await downloaded(page, () =>
      remote.getByRole('button', { name: 'Download Report' }).click(),
    );
    expect(file.name).toBe(`medrelay-report-${cairoToday()}.json`);
    const report = JSON.parse(file.text);
    expect(report).toMatchObject({
      timeRange: '7 days',
      summary: {
        totalUsers: week.totalUsers,
        totalMedicines: week.totalMedicines,
        totalRequests: week.totalRequests,
        estimatedValueSaved: week.requestStatus.completed * 150,
      },
      userBreakdown: {
        pharmacies: week.usersByType.pharmacy,
        ngos: week.usersByType.ngo,
        donors: week.usersByType.donor,
        admins: week.usersByType.admin,
      },
      medicineExpiry: week.medicineExpiry,
      // Wanted lists, as the statistics give them.
      needs: {
        open: week.needsOpen,
        met: week.needsMet,
        medianHoursToFirstRequest: week.medianHoursToFirstRequest,
      },
    });
    expect(Object.keys(report)).toEqual([
      'generated',
      'timeRange',
      'summary',
      'userBreakdown',
      'userStatus',
      'medicineBreakdown',
      'medicineExpiry',
      'requestStatus',
      'needs',
    ]);
    await remote.getByLabel('Time range').selectOption('30');
    const csv = await downloaded(page, () => remote.getByRole('button', { name: 'Export CSV' }).click());
    expect(csv.text).toContain('report,timeRange,30 days');
    expect(csv.text).toContain(`summary,totalMedicines,${month.totalMedicines}\r\n`);
  });

  it('shows the reports screen in Arabic, right to left', async () => {
    const { page, remote } = await adminPage();
    await page.getByRole('banner').getByRole('button', { name: 'عربي' }).click();
    await page.goto('/admin/reports');
    await remote.getByRole('heading', { name: 'التحليلات والتقارير' }).waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    await remote.getByRole('region', { name: 'المستخدمين حسب النوع' }).getByText('الصيدليات').waitFor();
    await remote.getByRole('button', { name: 'نزّل التقرير' }).waitFor();
    await remote.getByRole('region', { name: 'ملخص أثر المنصة' }).getByText('نسبة نجاح الطلبات').waitFor();
    await remote.getByRole('region', { name: 'قوايم الاحتياجات' }).getByText('احتياجات مفتوحة').waitFor();
  });
});
