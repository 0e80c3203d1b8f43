import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, createServiceApp, listen } from './http';
import { createLogger } from './logger';

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  const app = createServiceApp(createLogger('headers-test', 'silent'));
  app.get('/things', (_req, res) => void res.json({ ok: true }));
  // A route that knows its answer may be kept (a public photo) sets its own policy.
  app.get('/public', (_req, res) => void res.set('Cache-Control', 'public, max-age=60').json({ ok: true }));
  server = await listen(app, 0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => closeServer(server));

describe('answers of every service', () => {
  it('carry the security headers (helmet), with a policy that lets nothing load or frame JSON', async () => {
    const res = await fetch(`${baseUrl}/things`);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
    // Errors too.
    expect((await fetch(`${baseUrl}/missing`)).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('say Cache-Control: no-store when the call carries a token, and leave anonymous answers alone', async () => {
    const authorization = { authorization: 'Bearer x' };
    expect((await fetch(`${baseUrl}/things`, { headers: authorization })).headers.get('cache-control')).toBe(
      'no-store',
    );
    expect((await fetch(`${baseUrl}/things`)).headers.get('cache-control')).toBeNull();
    expect((await fetch(`${baseUrl}/public`, { headers: authorization })).headers.get('cache-control')).toBe(
      'public, max-age=60',
    );
  });
});
