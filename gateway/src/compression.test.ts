import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { identityBehindGateway } from './testing';
import { isOwnAnswer } from './own-compression';

const platform = identityBehindGateway();

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

function decode(answer: { headers: http.IncomingHttpHeaders; body: Buffer }): unknown {
  const encoding = answer.headers['content-encoding'];
  const bytes =
    encoding === 'br'
      ? brotliDecompressSync(answer.body)
      : encoding === 'gzip'
        ? gunzipSync(answer.body)
        : answer.body;
  return JSON.parse(bytes.toString());
}

describe('compressed API answers through the gateway', () => {
  it("passes a service's compressed answer through untouched, and it decodes to the service's JSON", async () => {
    const { identity, gw } = platform;
    const admin = await identity.signedIn('admin');
    for (let i = 0; i < 8; i++) await identity.createUser('pharmacy', 'approved', 'listed');
    const list = '/api/admin/all-users?pageSize=50';
    const auth = { authorization: `Bearer ${admin.token}` };

    const direct = await get(`${identity.baseUrl}${list}`, { ...auth, 'accept-encoding': 'br' });
    expect(direct.headers['content-encoding']).toBe('br');
    for (const acceptEncoding of ['gzip, deflate, br, zstd', 'gzip']) {
      const through = await get(`${gw.baseUrl}${list}`, { ...auth, 'accept-encoding': acceptEncoding });
      expect(through.status).toBe(200);
      expect(through.headers['content-encoding']).toBe(acceptEncoding === 'gzip' ? 'gzip' : 'br');
      expect(through.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(through.headers['x-total-count']).toBe(direct.headers['x-total-count']);
      expect(decode(through)).toEqual(decode(direct));
    }
    const plain = await get(`${gw.baseUrl}${list}`, auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decode(plain)).toEqual(decode(direct));
    expect((decode(plain) as unknown[]).length).toBeGreaterThanOrEqual(9);
  });

  it("compresses the gateway's own answers (the API description) and only those", async () => {
    const docs = await get(`${platform.gw.baseUrl}/api/openapi.json`, { 'accept-encoding': 'br' });
    expect(docs.headers['content-encoding']).toBe('br');
    expect((decode(docs) as { openapi: string }).openapi).toMatch(/^3\./);
    expect(isOwnAnswer('/api/admin/stats')).toBe(true);
    expect(isOwnAnswer('/api/admin/export')).toBe(true);
    expect(isOwnAnswer('/api/admin/queues/api/queues')).toBe(true);
    expect(isOwnAnswer('/api/medicines')).toBe(false);
    expect(isOwnAnswer('/api/admin/all-users')).toBe(false);
  });
});
