import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBrotliDecompress, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionThresholdBytes } from './compression';
import { closeServer, createServiceApp, listen } from './http';
import { createLogger } from './logger';

function get(urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${baseUrl}${urlPath}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const page = {
  items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `باراسيتامول ${i}`, quantity: i })),
  total: 100,
};
let releaseStream: () => void = () => undefined;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  const app = createServiceApp(createLogger('compress-test', 'silent'));
  app.get('/page', (_req, res) => void res.json(page));
  app.get('/small', (_req, res) => void res.json({ ok: true }));
  // A download written in parts: the first part must reach the client before the last is written.
  app.get('/stream', (_req, res) => {
    res.type('application/json');
    res.write(`[${JSON.stringify('x'.repeat(4096))}`);
    (res as unknown as { flush(): void }).flush();
    releaseStream = () => res.end(']');
  });
  server = await listen(app, 0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closeServer(server);
});

describe('compressed answers (createServiceApp)', () => {
  it('compresses JSON over the threshold with Brotli, or gzip, and decodes to the same JSON', async () => {
    expect(Buffer.byteLength(JSON.stringify(page))).toBeGreaterThan(compressionThresholdBytes);
    const br = await get('/page', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(page);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(JSON.stringify(page)) / 4);

    const gzip = await get('/page', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(page);

    const plain = await get('/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(page);
  });

  it('sends answers under the threshold as they are', async () => {
    const small = await get('/small', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
  });

  it('keeps a streamed answer streaming: flushed parts arrive before the end', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      http
        .get(`${baseUrl}/stream`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          expect(res.headers['content-encoding']).toBe('br');
          const decoded: Buffer[] = [];
          const decoder = res.pipe(createBrotliDecompress());
          // The end is written only once the first part has been decoded here.
          decoder.once('data', () => releaseStream());
          decoder.on('data', (c: Buffer) => decoded.push(c));
          decoder.on('end', () => resolve(Buffer.concat(decoded).toString()));
          decoder.on('error', reject);
        })
        .on('error', reject);
    });
    expect(JSON.parse(text)).toEqual(['x'.repeat(4096)]);
  });
});
