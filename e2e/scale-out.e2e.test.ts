import { describe, expect, it } from 'vitest';
import { register } from './support/pages';
import { usePlatform } from './support/platform';

// The main flows with two instances of every service behind one gateway (npm start -- --scale).
const platform = usePlatform({ instances: 2 }, 90_000);

describe('every service doubled', { timeout: 90_000 }, () => {
  it('register → approve → sign in → list → request → approve → complete → admin stats, served by every instance', async () => {
    const { gateway } = platform;
    const page = await platform.newPage();
    const email = await register(page, 'pharmacy');
    await platform.approve(email);
    await platform.signIn(page, email, 'Kite-Harbour-7315');
    await page.waitForURL('**/pharmacy/dashboard');
    await page.getByTestId('remote-pharmacy').getByRole('heading', { level: 1 }).waitFor();

    const login = await gateway.api.post('/api/auth/login', { email, password: 'Kite-Harbour-7315' });
    const pharmacy = login.body.token as string;
    // The catalog instances learn about the new account from identity's events.
    await expect
      .poll(async () => (await gateway.api.get('/api/medicines/my', { token: pharmacy })).status, {
        timeout: 15_000,
      })
      .toBe(200);
    const medicine = await platform.listMedicine(pharmacy, 'Scaled Concor 5mg', 40, 6);

    const ngo = (await platform.approvedUser('ngo')).token;
    // Consecutive reads go to different catalog instances: both see the new listing.
    for (let i = 0; i < 2; i++) {
      const browse = await gateway.api.get('/api/medicines?q=Scaled', { token: ngo });
      expect(browse.body.map((m: { id: number }) => m.id)).toContain(medicine.id);
    }
    const created = await gateway.api.post(
      '/api/requests',
      { medicineId: medicine.id, quantity: 2 },
      { token: ngo },
    );
    expect(created.status).toBe(201);
    const approved = await gateway.api.put(
      `/api/requests/${created.body.id}/status`,
      { status: 'approved' },
      { token: pharmacy },
    );
    expect(approved.status).toBe(200);
    const completed = await gateway.api.put(
      `/api/requests/${created.body.id}/status`,
      { status: 'completed' },
      { token: ngo },
    );
    expect(completed.body.status).toBe('completed');
    // Remaining stock as every catalog instance sees it, and the NGO's notification from a worker.
    for (let i = 0; i < 2; i++) {
      expect(
        (await gateway.api.get(`/api/medicines/${medicine.id}`, { token: pharmacy })).body.quantity,
      ).toBe(4);
    }
    await expect
      .poll(async () => (await gateway.api.get('/api/notifications', { token: ngo })).body.length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);

    const admin = (await platform.identity.signedIn('admin')).token;
    const stats = await gateway.api.get('/api/admin/stats', { token: admin });
    expect(stats.body).toMatchObject({ unavailable: [], requestStatus: { completed: 1 } });

    // The gateway spread the calls: every instance of every service answered some.
    const metrics = await (await fetch(`${gateway.internalUrl}/metrics`)).text();
    for (const [name, list] of Object.entries(platform.services.replicas)) {
      expect(list).toHaveLength(2);
      for (const instance of list) {
        const answered = metrics.match(
          new RegExp(
            `gateway_upstream_answers_total\\{upstream="${name}",instance="${instance.baseUrl}"\\} (\\d+)`,
          ),
        );
        expect(Number(answered?.[1] ?? 0), `${name} at ${instance.baseUrl}`).toBeGreaterThan(0);
      }
    }
  });

  it('shows the interactive API documentation under the strict CSP', async () => {
    const page = await platform.newPage();
    await page.goto('/api/docs');
    await page.getByText('MedRelay API').first().waitFor();
    await page.getByText('/api/medicines/{id}/image').first().waitFor();
  });

  it("opens the queue dashboard for a signed-in administrator, from the app's own session", async () => {
    const admin = await platform.identity.createUser('admin');
    const page = await platform.newPage();
    await platform.signIn(page, admin.email);
    await page.goto('/api/admin/queues');
    await page.waitForURL('**/api/admin/queues');
    await page.getByText('events.requests.medicines').first().waitFor();
  });
});
