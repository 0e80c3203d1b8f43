import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import {
  apiClient,
  createTestDatabase,
  outageProxy,
  testServiceEnv,
  testStores,
  uniqueName,
  waitUntil,
} from '@medrelay/testing';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const main = path.join(import.meta.dirname, 'main.ts');

/**
 * Runs main.ts as `npm start` does, with `args`: its exit code and its log lines. `onLine` may
 * stop it with SIGTERM.
 */
async function runMain(
  args: string[],
  onLine: (line: { msg?: string }, stop: () => void) => void = () => {},
) {
  const stores = testStores();
  const env = {
    ...process.env,
    ...testServiceEnv(await createTestDatabase(), uniqueName('main')),
    LOG_LEVEL: 'info',
    SMTP_URL: stores.smtpUrl,
    JWT_PRIVATE_KEY: stores.jwtPrivateKey,
    METRICS_PORT: '0',
  };
  return new Promise<{ code: number | null; lines: Array<{ msg?: string }> }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: Array<{ msg?: string }> = [];
    let rest = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop()!;
      for (const part of parts.filter((p) => p.startsWith('{'))) {
        const line = JSON.parse(part) as { msg?: string };
        lines.push(line);
        onLine(line, () => child.kill('SIGTERM'));
      }
    });
    // 'close', not 'exit': a child's last stdout lines can still be unread when it exits.
    child.on('close', (code) => resolve({ code, lines }));
  });
}

// The three services' main.ts are the same call (service-kit's runService); identity stands for them.
describe('a service main (runService)', () => {
  it('listens, then stops in order on SIGTERM and exits 0', async () => {
    const { code, lines } = await runMain([], (line, stop) => {
      if (line.msg === 'svc-identity listening') stop();
    });
    expect(lines.map((l) => l.msg)).toContain('svc-identity listening');
    expect(lines.map((l) => l.msg)).toContain('shutting down');
    expect(code).toBe(0);
  }, 60_000);

  it('with --migrate-only, migrates, says so and exits 0 without listening', async () => {
    const { code, lines } = await runMain(['--migrate-only']);
    expect(lines.map((l) => l.msg)).toContain('migrations done');
    expect(lines.map((l) => l.msg)).not.toContain('svc-identity listening');
    expect(code).toBe(0);
  }, 60_000);
});

describe('a service main started while PostgreSQL is down', () => {
  it('answers from the start (live, not ready, 503 with Retry-After), then serves once PostgreSQL is up', async () => {
    const stores = testStores();
    const pg = await outageProxy(await createTestDatabase());
    // The service's port is chosen while the relay still holds its own: chosen after the cut, the
    // system may hand out the relay's port, which the relay could then not take back.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    await pg.cut();
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      cwd: root,
      env: {
        ...process.env,
        ...testServiceEnv(pg.url, uniqueName('main')),
        PORT: String(port),
        SMTP_URL: stores.smtpUrl,
        JWT_PRIVATE_KEY: stores.jwtPrivateKey,
        METRICS_PORT: '0',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let exitCode: number | null | undefined;
    void exited.then((code) => (exitCode = code));
    const api = apiClient(`http://127.0.0.1:${port}`);
    try {
      await waitUntil(
        () =>
          api.get('/health/live').then(
            (r) => r.status === 200,
            () => false,
          ),
        {
          timeoutMs: 30_000,
          what: 'the port to answer',
        },
      );
      expect((await api.get('/health/ready')).status).toBe(503);
      const refused = await api.post('/api/auth/login', { email: 'a@example.test', password: 'x' });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body).toMatchObject({ code: 'STORE_UNAVAILABLE', details: { retryAfterSeconds: 5 } });
      await pg.restore();
      await waitUntil(
        () =>
          api.get('/health/ready').then(
            (r) => r.status === 200,
            () => false,
          ),
        {
          timeoutMs: 60_000,
          what: 'ready once PostgreSQL is up',
        },
      );
      expect(exitCode).toBeUndefined();
      expect((await api.get('/api/settings')).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
      await pg.close();
    }
  }, 90_000);
});
