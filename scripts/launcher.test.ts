import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiClient } from '@medrelay/testing';
import { describe, expect, it } from 'vitest';
import { freePort, isListening } from './stores/ports';

const root = path.resolve(import.meta.dirname, '..');

/** Runs `node scripts/start.mjs` (what `npm start` runs) and collects its output. */
function launch(env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs'), ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = {
    output: '',
    exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))),
  };
  child.stdout.on('data', (d: Buffer) => (run.output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (run.output += d.toString()));
  return { run, interrupt: () => child.kill('SIGINT') };
}

describe('npm start (the launcher)', () => {
  it('starts embedded stores, seeds, serves the gateway, stops everything on Ctrl-C, and reuses var/ next time', async () => {
    const varDir = mkdtempSync(path.join(tmpdir(), 'medrelay-launch-'));
    chmodSync(varDir, 0o755);
    const ports = {
      PG_PORT: await freePort(),
      REDIS_PORT: await freePort(),
      SMTP_PORT: await freePort(),
      IDENTITY_PORT: await freePort(),
      CATALOG_PORT: await freePort(),
      REQUESTS_PORT: await freePort(),
      PORT: await freePort(),
    };
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      VAR_DIR: varDir,
      NO_COLOR: '1',
    };
    for (const name of [
      'DATABASE_URL',
      'REDIS_URL',
      'SMTP_URL',
      'JWT_PRIVATE_KEY_FILE',
      'JWT_PUBLIC_KEY_FILE',
      'NODE_OPTIONS',
    ]) {
      delete env[name];
    }
    for (const [name, value] of Object.entries(ports)) env[name] = String(value);
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
      // Instance URLs and metrics only on the gateway's internal port (its port + 1000).
      expect(health.body).not.toHaveProperty('instances');
      expect((await api.get('/metrics')).status).toBe(404);
      const internal = apiClient(`http://127.0.0.1:${ports.PORT + 1000}`);
      const detailed = await internal.get('/health');
      expect((await internal.get('/metrics')).status).toBe(200);
      for (const [name, port] of [
        ['identity', ports.IDENTITY_PORT],
        ['catalog', ports.CATALOG_PORT],
        ['requests', ports.REQUESTS_PORT],
      ] as const) {
        expect(detailed.body.instances[name]).toEqual({
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
