import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { identityBehindGateway } from './testing';

// No METRICS_PORT: the internal server still exists (public port + 1000; here, beside port 0,
// a free port of its own), and the public port never serves metrics or instance URLs.
const started = identityBehindGateway();

describe('the internal port (METRICS_PORT)', () => {
  it('answers /metrics and the detailed /health there, and not on the public port', async () => {
    const { gw, identity } = started;

    expect((await fetch(`${gw.baseUrl}/metrics`)).status).toBe(404);
    const publicHealth = await (await fetch(`${gw.baseUrl}/health`)).text();
    expect(JSON.parse(publicHealth)).toMatchObject({ upstreams: { identity: 'up' } });
    expect(publicHealth).not.toContain('instances');
    expect(publicHealth).not.toContain(identity.baseUrl);
    // The probes stay on the public port (kubelet and compose health checks use it).
    expect((await fetch(`${gw.baseUrl}/health/ready`)).status).toBe(200);

    const metrics = await fetch(`${gw.internalUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_request_duration_seconds');
    const detailed = (await (await fetch(`${gw.internalUrl}/health`)).json()) as {
      instances: Record<string, Record<string, string>>;
    };
    expect(detailed.instances.identity).toEqual({ [identity.baseUrl]: 'up' });
    expect((await fetch(`${gw.internalUrl}/api/impact`)).status).toBe(404);
  });

  it('is the same for a service: /metrics only on its internal port', async () => {
    const { identity } = started;
    expect((await fetch(`${identity.baseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${identity.baseUrl}/health/ready`)).status).toBe(200);
    const internal = `http://127.0.0.1:${(identity.service.internalServer()!.address() as AddressInfo).port}`;
    const metrics = await fetch(`${internal}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('process_cpu_seconds_total');
  });
});

describe('API answers through the gateway', () => {
  it('carry the security headers, no-store on a signed-in call, and pages keep their own policy', async () => {
    const { gw, identity } = started;
    const { token } = await identity.signedIn('donor');
    const me = await fetch(`${gw.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.headers.get('x-content-type-options')).toBe('nosniff');
    expect(me.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(me.headers.get('strict-transport-security')).toMatch(/max-age=/);
    // The gateway's own answers (its early token check) too.
    const refused = await fetch(`${gw.baseUrl}/api/auth/me`, { headers: { authorization: 'Bearer nope' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // Public, anonymous JSON may be cached as before.
    expect((await fetch(`${gw.baseUrl}/api/settings`)).headers.get('cache-control')).not.toBe('no-store');
    const page = await fetch(`${gw.baseUrl}/pharmacy/dashboard`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
