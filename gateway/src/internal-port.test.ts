import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { identityBehindGateway } from './testing';

// METRICS_PORT=0: the internal server listens on a free port of its own.
const started = identityBehindGateway(() => ({ METRICS_PORT: '0' }));

describe('the internal port (METRICS_PORT)', () => {
  it('answers /metrics and the detailed /health there, and not on the public port', async () => {
    const { gw, identity } = started;
    const internal = `http://127.0.0.1:${(gw.gateway.internalServer!.address() as AddressInfo).port}`;

    expect((await fetch(`${gw.baseUrl}/metrics`)).status).toBe(404);
    const publicHealth = await (await fetch(`${gw.baseUrl}/health`)).text();
    expect(JSON.parse(publicHealth)).toMatchObject({ upstreams: { identity: 'up' } });
    expect(publicHealth).not.toContain('instances');
    expect(publicHealth).not.toContain(identity.baseUrl);
    // The probes stay on the public port (kubelet and compose health checks use it).
    expect((await fetch(`${gw.baseUrl}/health/ready`)).status).toBe(200);

    const metrics = await fetch(`${internal}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_request_duration_seconds');
    const detailed = (await (await fetch(`${internal}/health`)).json()) as {
      instances: Record<string, Record<string, string>>;
    };
    expect(detailed.instances.identity).toEqual({ [identity.baseUrl]: 'up' });
    expect((await fetch(`${internal}/api/impact`)).status).toBe(404);
  });
});
