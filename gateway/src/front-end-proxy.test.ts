import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestIdentity, type TestIdentity } from '@medrelay/svc-identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway } from './testing';

// In containers the gateway forwards pages to the static `web` server (FRONTEND_URL).
let identity: TestIdentity;
let web: http.Server;
let gw: Awaited<ReturnType<typeof startTestGateway>>;
beforeAll(async () => {
  identity = await startTestIdentity();
  web = http.createServer((req, res) => res.end(`web served ${req.url}`));
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  gw = await startTestGateway(identity.prefix, {
    IDENTITY_URL: identity.baseUrl,
    FRONTEND_URL: `http://127.0.0.1:${(web.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  await gw.stop();
  await new Promise((resolve) => web.close(resolve));
  await identity.stop();
});

describe('FRONTEND_URL', () => {
  it('sends pages and /mf files to the static server and keeps /api and /health (and /metrics off the public port)', async () => {
    expect(await (await fetch(`${gw.baseUrl}/pharmacy/dashboard`)).text()).toBe(
      'web served /pharmacy/dashboard',
    );
    expect(await (await fetch(`${gw.baseUrl}/mf/remotes.json`)).text()).toBe('web served /mf/remotes.json');
    expect((await gw.api.get('/api/settings')).status).toBe(200);
    expect((await gw.api.get('/health/ready')).status).toBe(200);
    expect((await fetch(`${gw.baseUrl}/metrics`)).status).toBe(404);
    expect(await (await fetch(`${gw.internalUrl}/metrics`)).text()).toContain(
      'http_request_duration_seconds',
    );
  });
});
