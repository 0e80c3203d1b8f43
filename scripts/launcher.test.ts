import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { apiClient } from '@medrelay/testing';
import { describe, expect, it } from 'vitest';
import { launch, launchEnvironment } from './launcher/testing';
import { isListening } from './stores/ports';

describe('npm start (the launcher)', () => {
  it('starts embedded stores, seeds, serves the gateway, stops everything on Ctrl-C, and reuses var/ next time', async () => {
    const { varDir, ports, env } = await launchEnvironment();
    const api = apiClient(`http://127.0.0.1:${ports.PORT}`);

    const first = launch(env);
    let registeredId: number;
    try {
      await expect
        .poll(() => first.run.output, { timeout: 45_000, interval: 200 })
        .toContain('MedRelay is running');
      expect(first.run.output).toContain('seeded 10 demo accounts');
      expect(first.run.output).toContain('seeded 8 demo medicines and a few requests');
      const health = await api.get('/health');
      expect(health.body.upstreams).toEqual({ identity: 'up', catalog: 'up', requests: 'up' });
      const login = await api.post('/api/auth/login', { email: 'admin@medrelay.eg', password: 'demo1234' });
      expect(login.status).toBe(200);
      const pending = await api.get('/api/admin/pending-users', { token: login.body.token });
      expect(pending.body.map((u: { email: string }) => u.email).sort()).toEqual([
        'pending-donor@medrelay.eg',
        'pending-ngo@medrelay.eg',
        'pending-pharmacy@medrelay.eg',
      ]);
      const stats = await api.get('/api/admin/stats', { token: login.body.token });
      expect(stats.body).toMatchObject({ totalMedicines: 8, totalRequests: 4, unavailable: [] });
      expect(stats.body.requestStatus).toMatchObject({ pending: 1, approved: 1, completed: 1, rejected: 1 });
      const registered = await api.post('/api/auth/register', {
        name: 'Kept Donor',
        email: 'kept@example.test',
        phone: '01012345678',
        password: 'secret123',
        acceptTerms: true,
      });
      registeredId = registered.body.user.id;
      expect(existsSync(path.join(varDir, 'pg', 'PG_VERSION'))).toBe(true);
      expect(readdirSync(path.join(varDir, 'redis')).some((f) => f.startsWith('appendonly'))).toBe(true);
    } finally {
      first.interrupt();
    }
    expect(await first.run.exited).toBe(0);
    expect(first.run.output).toContain('launcher  │ stopped');
    for (const port of Object.values(ports)) expect(await isListening(port), `port ${port}`).toBe(false);

    // The second start runs two instances of every service behind the one gateway.
    const second = launch(env, [
      '--scale',
      'svc-identity=2',
      '--scale',
      'catalog=2',
      '--scale',
      'requests=2',
    ]);
    try {
      await expect
        .poll(() => second.run.output, { timeout: 45_000, interval: 200 })
        .toContain('MedRelay is running');
      expect(second.run.output).toContain('demo accounts already present');
      expect(second.run.output).toContain('demo medicines already present');
      const health = await api.get('/health');
      expect(health.body.status).toBe('ok');
      for (const [name, port] of [
        ['identity', ports.IDENTITY_PORT],
        ['catalog', ports.CATALOG_PORT],
        ['requests', ports.REQUESTS_PORT],
      ] as const) {
        expect(health.body.instances[name]).toEqual({
          [`http://127.0.0.1:${port}`]: 'up',
          [`http://127.0.0.1:${port + 100}`]: 'up',
        });
      }
      const login = await api.post('/api/auth/login', { email: 'admin@medrelay.eg', password: 'demo1234' });
      const all = await api.get('/api/admin/all-users', { token: login.body.token });
      expect(all.body.map((u: { id: number }) => u.id)).toContain(registeredId!);
    } finally {
      second.interrupt();
    }
    expect(await second.run.exited).toBe(0);
    for (const port of [ports.IDENTITY_PORT, ports.CATALOG_PORT, ports.REQUESTS_PORT]) {
      expect(await isListening(port + 100), `port ${port + 100}`).toBe(false);
    }
  }, 120_000);
});
