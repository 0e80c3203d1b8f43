import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
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

// Node answered these itself, with a bare status line and no body.
describe('requests Node cannot read', () => {
  const rawRequest = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });

  it('a 20 kB Authorization header gets 431 with the documented error body, in Arabic when asked', async () => {
    const res = await fetch(`${baseUrl}/things`, {
      headers: { authorization: `Bearer ${'x'.repeat(20_000)}` },
    });
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({
      message: 'The request headers are too large',
      code: 'HEADERS_TOO_LARGE',
    });
    const ar = await rawRequest(
      `GET /things HTTP/1.1\r\nHost: x\r\nAccept-Language: ar\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`,
    );
    expect(ar).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(ar.slice(ar.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'عناوين الطلب (headers) أكبر من المسموح',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('a malformed request gets 400 with the error body', async () => {
    const answer = await rawRequest('NOT A REQUEST\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).code).toBe('BAD_REQUEST');
  });
});

describe('a server stopping', () => {
  /** A server whose /slow answers when `release` is called, and a raw connection to it. */
  async function stoppingServer() {
    const app = createServiceApp(createLogger('drain-test', 'silent'));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    app.get('/slow', (_req, res) => {
      arrive();
      void held.then(() => res.json({ slow: true }));
    });
    app.get('/things', (_req, res) => void res.json({ ok: true }));
    const stopping = await listen(app, 0, '127.0.0.1');
    // Longer than any wait below: a socket left open would hold close() for a minute.
    stopping.keepAliveTimeout = 60_000;
    const socket = connect((stopping.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    const answers = () => received.split(/(?=HTTP\/1\.1 )/).filter(Boolean);
    const get = (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
    return { stopping, release, arrived, get, answers, ended };
  }

  it('answers what arrives on an open connection with Connection: close, and closes it once idle', async () => {
    const { stopping, release, arrived, get, answers, ended } = await stoppingServer();
    get('/slow');
    await arrived;
    const closing = closeServer(stopping, 60_000);
    get('/things'); // a keep-alive client sending again on its connection
    release();
    await ended;
    await closing;
    const [slow, things] = answers();
    expect(slow).toMatch(/^HTTP\/1\.1 200 /);
    expect(things).toMatch(/^HTTP\/1\.1 200 /);
    expect(things).toMatch(/\r\nConnection: close\r\n/i);
  });

  it('cuts a request still hanging when the drain time is over', async () => {
    const { stopping, arrived, get, answers, ended } = await stoppingServer();
    get('/slow');
    await arrived;
    await closeServer(stopping, 200);
    await ended;
    expect(answers()).toEqual([]);
  });
});
