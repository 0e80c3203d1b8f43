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
