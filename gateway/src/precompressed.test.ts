import http from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { closeServer, createLogger, createServiceApp, listen } from '@medrelay/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings } from './precompressed';
import { staticRoutes } from './static';

/** A raw request: the bytes as sent (no client-side decoding) and the headers. */
function get(
  baseUrl: string,
  urlPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(`${baseUrl}${urlPath}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

/** A file with its build-time copies, as libs/webpack-config writes them. */
function writeBuilt(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

const chunk = `window.chunk=${JSON.stringify('medicine '.repeat(400))};\n`;
const html = `<!doctype html><title>shell</title><p>${'landing '.repeat(300)}</p>`;
let baseUrl: string;
let server: http.Server;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'precompressed-'));
  writeBuilt(path.join(root, 'shell', 'dist', '470.0123456789ab.js'), chunk);
  writeBuilt(path.join(root, 'shell', 'dist', 'main.js'), chunk);
  writeBuilt(path.join(root, 'shell', 'dist', 'index.html'), html);
  writeFileSync(path.join(root, 'shell', 'dist', 'boot-language.js'), 'document.documentElement.lang="en";');
  writeBuilt(
    path.join(root, 'mf-ngo', 'dist', 'mf-manifest.json'),
    JSON.stringify({ name: 'mf_ngo', pad: 'x'.repeat(2000) }),
  );
  const app = createServiceApp(createLogger('web', 'silent'), { json: false, compress: false });
  app.use(staticRoutes(root, path.join(root, 'deploys')));
  server = await listen(app, 0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closeServer(server);
});

describe('precompressed front-end files', () => {
  it('sends Brotli to a browser that accepts it, gzip to gzip-only, the file itself to none', async () => {
    const file = '/470.0123456789ab.js';
    const br = await get(baseUrl, file, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(chunk);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);

    const gzip = await get(baseUrl, file, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(chunk);

    const plain = await get(baseUrl, file);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(chunk);

    for (const answer of [br, gzip, plain]) {
      expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(answer.headers['vary']).toMatch(/Accept-Encoding/i);
      // Hashed: cached for a year, whichever copy was sent.
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    }
    // Each representation has its own validator, so a cache never mixes them up.
    expect(new Set([br, gzip, plain].map((a) => a.headers.etag)).size).toBe(3);
  });

  it('honours q-values: refused Brotli gets gzip, refused everything gets the file', async () => {
    const file = '/main.js';
    const noBr = await get(baseUrl, file, { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
    expect(noBr.headers['cache-control']).toBe('no-cache');
    const none = await get(baseUrl, file, { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(acceptedEncodings('gzip;q=1, br;q=0.5')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });

  it('answers HEAD and Range requests over the compressed bytes', async () => {
    const full = await get(baseUrl, '/main.js', { 'accept-encoding': 'br' });
    const head = await get(baseUrl, '/main.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(full.body.length));

    const part = await get(baseUrl, '/main.js', { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBe('br');
    expect(part.headers['content-range']).toBe(`bytes 0-9/${full.body.length}`);
    expect(part.body).toEqual(full.body.subarray(0, 10));
  });

  it('compresses index.html for screens (SPA fallback) and remote files, leaves small files alone', async () => {
    const screen = await get(baseUrl, '/ngo/dashboard', { 'accept-encoding': 'gzip, br' });
    expect(screen.status).toBe(200);
    expect(screen.headers['content-encoding']).toBe('br');
    expect(screen.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(screen.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(screen.body).toString()).toBe(html);

    const manifest = await get(baseUrl, '/mf/ngo/mf-manifest.json', { 'accept-encoding': 'gzip' });
    expect(manifest.headers['content-encoding']).toBe('gzip');
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(gunzipSync(manifest.body).toString()).name).toBe('mf_ngo');

    const small = await get(baseUrl, '/boot-language.js', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['vary']).toBeUndefined();
    expect(small.body.toString()).toContain('documentElement');
  });

  it('serves a remote version deployed while running compressed, and no hidden staging files', async () => {
    writeBuilt(path.join(root, 'deploys', 'ngo', '20261123190000-0123abcd', 'remoteEntry.js'), chunk);
    const entry = await get(baseUrl, '/mf/ngo/20261123190000-0123abcd/remoteEntry.js', {
      'accept-encoding': 'br',
    });
    expect(entry.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(entry.body).toString()).toBe(chunk);

    writeBuilt(path.join(root, 'deploys', 'ngo', '.staging-1', 'remoteEntry.js'), chunk);
    const hidden = await get(baseUrl, '/mf/ngo/.staging-1/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(hidden.status).toBe(404);
    expect(hidden.headers['content-encoding']).toBeUndefined();
  });
});
