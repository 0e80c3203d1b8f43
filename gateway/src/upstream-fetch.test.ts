import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityBehindGateway } from './testing';
import { getFromPool } from './upstream-fetch';
import { UpstreamPool } from './upstream-pool';

/** A port nothing listens on (fetch refuses the well-known discard port 9 itself). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
const dead = await closedPortUrl();

describe('getFromPool (the gateway’s own calls to the services)', () => {
  let live: Server;
  let liveUrl: string;
  const seen: string[] = [];
  beforeAll(async () => {
    live = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.end('{}');
    });
    await new Promise<void>((resolve) => live.listen(0, '127.0.0.1', resolve));
    liveUrl = `http://127.0.0.1:${(live.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => live.close(resolve)));

  it('skips a dead instance and retries the call once on a live one', async () => {
    const pool = new UpstreamPool('catalog', [dead, liveUrl]);
    for (let i = 0; i < 4; i++) {
      expect((await getFromPool(pool, `/part?n=${i}`, { timeoutMs: 2000 })).status).toBe(200);
    }
    expect(seen).toEqual(['/part?n=0', '/part?n=1', '/part?n=2', '/part?n=3']);
    expect(pool.available).toBe(1);
  });

  it('fails when no instance takes the call', async () => {
    const pool = new UpstreamPool('catalog', [dead, await closedPortUrl()]);
    await expect(getFromPool(pool, '/part', { timeoutMs: 2000 })).rejects.toThrow();
    expect(pool.available).toBe(0);
  });
});

describe('GET /api/admin/stats with a dead and a live identity instance', () => {
  const started = identityBehindGateway((identity) => ({ IDENTITY_URL: `${dead},${identity.baseUrl}` }));

  it('always has the users part (only the absent services are unavailable)', async () => {
    const admin = await started.identity.signedIn('admin');
    for (let i = 0; i < 3; i++) {
      const res = await started.gw.api.get('/api/admin/stats', { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.unavailable).toEqual(['catalog', 'requests']);
      expect(res.body.totalUsers).toBeGreaterThan(0);
    }
  });
});
