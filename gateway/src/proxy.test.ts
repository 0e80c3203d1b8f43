import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { startTestIdentity, type TestIdentity } from '@medrelay/svc-identity/testing';
import { createLogger } from '@medrelay/service-kit';
import { waitUntil } from '@medrelay/testing';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyTo, upstreamAgent } from './proxy';
import { startTestGateway } from './testing';
import { UpstreamPool } from './upstream-pool';

/**
 * A stand-in service that shows how the gateway talks to it: connections opened, calls per
 * connection, and answers a real service gives (totals, compressed bodies, early refusals).
 */
function stubService() {
  const served = new WeakMap<Socket, number>();
  const seen = { connections: 0, calls: 0, dropped: 0, slowStarted: 0, slowCancelled: 0 };
  const compressed = gzipSync(JSON.stringify([{ id: 1, name: 'Panadol' }]));
  const server = http.createServer((req, res) => {
    const socket = req.socket;
    const before = served.get(socket) ?? 0;
    served.set(socket, before + 1);
    seen.calls++;
    if (req.url === '/api/medicines/flaky' && before > 0) {
      // As if the service closed this idle kept-alive connection just as the call went out.
      seen.dropped++;
      return void socket.destroy();
    }
    if (req.url === '/api/medicines/slow') {
      // Answers nothing: shows whether the gateway cancels the call when its client leaves.
      seen.slowStarted++;
      return void res.once('close', () => seen.slowCancelled++);
    }
    if (req.method === 'POST' && req.url === '/api/medicines/upload') {
      res.writeHead(413, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ message: 'too large', code: 'PAYLOAD_TOO_LARGE', details: {} }));
    }
    if (req.url === '/api/medicines/cut') {
      // Starts an answer without a length and closes its connection half way.
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('the first half');
      return void setImmediate(() => socket.end());
    }
    if (req.url === '/api/medicines/streamed') {
      // An answer sent in parts, without a length (Transfer-Encoding: chunked from the service).
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first part, ');
      return void setImmediate(() => res.end('second part'));
    }
    if (req.url === '/api/auth/me') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end('{"stub":true}');
    }
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      vary: 'Accept-Encoding',
      'x-total-count': '42',
    });
    res.end(compressed);
  });
  server.on('connection', () => seen.connections++);
  return { server, seen, compressed };
}

/** A call with node:http, bytes as they arrive (fetch would decompress them). */
function rawCall(
  url: string,
  agent: http.Agent,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request(
        url,
        { agent, method: options.method ?? 'GET', headers: options.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      // The service may answer before the whole upload is sent; a late write error is not the answer.
      req.on('error', (err) => (req.writableFinished ? undefined : reject(err)));
      req.end(options.body);
    },
  );
}

let identity: TestIdentity;
const stub = stubService();
let toStubCatalog: Awaited<ReturnType<typeof startTestGateway>>;
let toStubIdentity: Awaited<ReturnType<typeof startTestGateway>>;
let toIdentity: Awaited<ReturnType<typeof startTestGateway>>;
const client = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  identity = await startTestIdentity();
  await new Promise<void>((resolve) => stub.server.listen(0, '127.0.0.1', () => resolve()));
  const stubUrl = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`;
  toIdentity = await startTestGateway(identity.prefix, { IDENTITY_URL: identity.baseUrl });
  toStubCatalog = await startTestGateway(identity.prefix, {
    IDENTITY_URL: identity.baseUrl,
    CATALOG_URL: stubUrl,
  });
  // Same Redis keys as the real identity, but a service that accepts every call: what this
  // gateway refuses, it refused on its own.
  toStubIdentity = await startTestGateway(identity.prefix, { IDENTITY_URL: stubUrl });
});
afterAll(async () => {
  client.destroy();
  await toStubIdentity?.stop();
  await toStubCatalog?.stop();
  await toIdentity?.stop();
  stub.server.closeAllConnections();
  stub.server.close();
  await identity?.stop();
});

describe('the gateway remembers verified tokens, yet revocation acts on the very next call', () => {
  it('refuses a token it already let through once the user logs out', async () => {
    const user = await identity.signedIn('ngo');
    expect((await toStubIdentity.api.get('/api/auth/me', { token: user.token })).body).toEqual({
      stub: true,
    });
    expect((await toIdentity.api.post('/api/auth/logout', undefined, { token: user.token })).status).toBe(
      204,
    );
    const after = await toStubIdentity.api.get('/api/auth/me', { token: user.token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('TOKEN_REVOKED');
  });

  it('refuses a token it already let through once the account is suspended', async () => {
    const admin = await identity.signedIn('admin');
    const user = await identity.signedIn('pharmacy');
    expect((await toStubIdentity.api.get('/api/auth/me', { token: user.token })).status).toBe(200);
    const suspended = await toIdentity.api.put(
      `/api/admin/users/${user.id}/status`,
      { status: 'rejected' },
      { token: admin.token },
    );
    expect(suspended.status).toBe(200);
    const after = await toStubIdentity.api.get('/api/auth/me', { token: user.token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('TOKEN_REVOKED');
  });
});

describe('proxying to a service', () => {
  const url = () => `${toStubCatalog.baseUrl}/api/medicines?page=2`;

  it("cancels the service's call when the client leaves before the answer", async () => {
    const leaving = new AbortController();
    const call = fetch(`${toStubCatalog.baseUrl}/api/medicines/slow`, { signal: leaving.signal }).catch(
      () => 'left',
    );
    await waitUntil(() => stub.seen.slowStarted === 1, { what: 'the call reaching the service' });
    leaving.abort();
    expect(await call).toBe('left');
    await waitUntil(() => stub.seen.slowCancelled === 1, { what: 'the service seeing the call cancelled' });
  });

  it('keeps the connection to the service and to the client alive across calls', async () => {
    const before = { ...stub.seen };
    for (let i = 0; i < 5; i++) {
      const res = await rawCall(url(), client);
      expect(res.status).toBe(200);
      expect(res.headers.connection).not.toBe('close');
    }
    expect(stub.seen.calls - before.calls).toBe(5);
    expect(stub.seen.connections - before.connections).toBeLessThanOrEqual(1);
  });

  it('passes the total and an already compressed body through untouched', async () => {
    const res = await rawCall(url(), client, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['x-total-count']).toBe('42');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.equals(stub.compressed)).toBe(true);
  });

  it('retries a read once on a new connection when the service closed the kept-alive one', async () => {
    const before = { ...stub.seen };
    for (let i = 0; i < 3; i++) {
      const res = await rawCall(`${toStubCatalog.baseUrl}/api/medicines/flaky`, client);
      expect(res.status).toBe(200);
    }
    // Each call after the first went out on a used connection the stub then dropped.
    expect(stub.seen.dropped - before.dropped).toBeGreaterThanOrEqual(2);
  });

  it('passes an answer without a length whole, framed for the client: chunked for HTTP/1.1, to the close for HTTP/1.0', async () => {
    const kept = await rawCall(`${toStubCatalog.baseUrl}/api/medicines/streamed`, client);
    expect(kept.status).toBe(200);
    expect(kept.headers['transfer-encoding']).toBe('chunked');
    expect(kept.body.toString()).toBe('first part, second part');
    // An HTTP/1.0 client cannot read chunks: the gateway sends the body as is and closes.
    const { port } = new URL(toStubCatalog.baseUrl);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /api/medicines/streamed HTTP/1.0\r\nHost: localhost\r\n\r\n'),
      );
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString()));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head!.toLowerCase()).not.toContain('transfer-encoding');
    expect(body).toBe('first part, second part');
  });

  it('cuts an answer off for the client when the service cuts it off half way, instead of leaving it open', async () => {
    const answer = await fetch(`${toStubCatalog.baseUrl}/api/medicines/cut`);
    expect(answer.status).toBe(200);
    await expect(answer.text()).rejects.toThrow();
  });

  it("streams an upload and passes the service's early refusal (413) through", async () => {
    // A client without keep-alive (Connection: close): the gateway still keeps its own connection
    // to the service, which therefore reads and drops the rest of the upload instead of closing
    // on it, so its answer arrives (it was a 503 when the client's header went through).
    const res = await rawCall(`${toStubCatalog.baseUrl}/api/medicines/upload`, new http.Agent(), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(2 * 1024 * 1024, 1),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body.toString()).code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('proxying while every connection to the service is busy', () => {
  it('queues calls for a connection and still sends the address it determined, not the client’s', async () => {
    const forwardedFor: string[] = [];
    const slow = http.createServer((req, res) => {
      forwardedFor.push(String(req.headers['x-forwarded-for']));
      setImmediate(() => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', () => resolve()));
    const pool = new UpstreamPool('catalog', [`http://127.0.0.1:${(slow.address() as AddressInfo).port}`]);
    // One connection for 20 calls: most wait for the socket after their headers were written,
    // which is when setting a header on the outgoing call threw ERR_HTTP_HEADERS_SENT.
    const oneSocket = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const app = express();
    app.use(proxyTo(pool, ['/api/medicines'], 5_000, createLogger('proxy-test', 'silent'), oneSocket));
    const server = await new Promise<http.Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const callers = new http.Agent({ keepAlive: true, maxSockets: 20 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          rawCall(`${base}/api/medicines`, callers, { headers: { 'x-forwarded-for': '6.6.6.6' } }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(forwardedFor).toHaveLength(20);
      expect(new Set(forwardedFor)).toEqual(new Set(['127.0.0.1']));
    } finally {
      callers.destroy();
      oneSocket.destroy();
      server.close();
      slow.close();
    }
  });
});

describe('idle connections to a service', () => {
  it('are given up before the service closes them (its Keep-Alive hint, a second early)', async () => {
    const service = http.createServer((_req, res) => res.writeHead(200).end('ok'));
    service.keepAliveTimeout = 3_000; // announces `Keep-Alive: timeout=3`
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', () => resolve()));
    const agent = upstreamAgent();
    try {
      const { port } = service.address() as AddressInfo;
      await new Promise<void>((resolve, reject) =>
        http
          .get({ host: '127.0.0.1', port, agent }, (res) => res.resume().on('end', resolve))
          .on('error', reject),
      );
      // The answer is read: its socket goes back to the agent's free list, with a timer shorter
      // than the service's own (without one, a call could go out on a socket being closed).
      await expect.poll(() => Object.values(agent.freeSockets).flat().length).toBe(1);
      const idle = Object.values(agent.freeSockets).flat()[0]!;
      expect(idle.timeout).toBe(2_000);
    } finally {
      agent.destroy();
      service.close();
    }
  });
});
