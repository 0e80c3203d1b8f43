// Runs in Node against a real HTTP server, so it is typechecked with Node and DOM types
// (tsconfig.e2e.json), not with the browser code (tsconfig.web.json).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { catalogEndpoints, identityEndpoints, requestEndpoints } from '@medrelay/contracts/endpoints';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, isRoutePath, routeKey, routePath, routeUrl } from './call';
import { ApiError } from './http';
import { isKeptForLater, keptHeader } from './offline';

/** What the server received. */
interface Received {
  method: string;
  url: string;
  contentType: string | null;
  authorization: string | null;
  idempotencyKey: string | null;
  body: string;
}

let server: Server;
let base = '';
const received: Received[] = [];
/** The next answer: status, headers, body. */
let answer: { status: number; headers?: Record<string, string>; body?: string } = { status: 200 };

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    received.push({
      method: req.method!,
      url: req.url!,
      contentType: req.headers['content-type'] ?? null,
      authorization: req.headers.authorization ?? null,
      idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
      body: await read(req),
    });
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const realFetch = globalThis.fetch;
const storage = new Map<string, string>([['token', 'a-token']]);
beforeEach(() => {
  received.length = 0;
  // The page's origin: the client calls relative URLs, as in the browser.
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => realFetch(new URL(url, base), init));
  vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null });
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  status: 200,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('callApi: a call from its contract entry', () => {
  it('GET of a paged list: the query as the query string, the items and X-Total-Count as a page', async () => {
    answer = json([{ id: 1 }, { id: 2 }], { 'X-Total-Count': '41' });
    const page = await callApi(catalogEndpoints.browseMedicines, {
      query: { q: 'concor 5', urgent: true, page: 2, source: undefined },
    });
    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 41, estimated: false });
    expect(received).toEqual([
      {
        method: 'GET',
        url: '/api/medicines?q=concor+5&urgent=true&page=2',
        contentType: null,
        authorization: 'Bearer a-token',
        idempotencyKey: null,
        body: '',
      },
    ]);
  });

  it('PUT with a path parameter and a JSON body', async () => {
    answer = json({ id: 41, status: 'cancelled' });
    const updated = await callApi(requestEndpoints.changeRequestStatus, {
      params: { id: 41 },
      body: { status: 'cancelled' },
    });
    expect(updated).toEqual({ id: 41, status: 'cancelled' });
    expect(received).toMatchObject([
      {
        method: 'PUT',
        url: '/api/requests/41/status',
        contentType: 'application/json',
        body: '{"status":"cancelled"}',
      },
    ]);
  });

  it('POST without a body sends none and a 204 resolves to nothing', async () => {
    answer = { status: 204 };
    await expect(callApi(identityEndpoints.logout)).resolves.toBeUndefined();
    expect(received).toMatchObject([
      { method: 'POST', url: '/api/auth/logout', contentType: null, body: '' },
    ]);
  });

  it('a raw body (a photo) goes as it is, with its own type', async () => {
    answer = json({ id: 7 });
    const photo = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    await callApi(catalogEndpoints.uploadMedicinePhoto, { params: { id: 7 }, body: photo });
    expect(received).toMatchObject([
      { method: 'PUT', url: '/api/medicines/7/image', contentType: 'image/png', body: '\x89PNG' },
    ]);
  });

  it('DELETE of a listing, and a refusal as ApiError with the server’s words', async () => {
    answer = {
      status: 404,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Medicine not found', code: 'NOT_FOUND' }),
    };
    const error = await callApi(catalogEndpoints.unlistMedicine, { params: { id: 9 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).serverMessage).toBe('Medicine not found');
    expect(received).toMatchObject([{ method: 'DELETE', url: '/api/medicines/9' }]);
  });
});

describe('forms a weak connection may send twice, or the service worker keep', () => {
  it('gives every POST its own Idempotency-Key, and no other method one', async () => {
    answer = json({ id: 1 });
    await callApi(requestEndpoints.createRequest, { body: { medicineId: 3, quantity: 1 } });
    await callApi(requestEndpoints.createRequest, { body: { medicineId: 3, quantity: 1 } });
    await callApi(requestEndpoints.changeRequestStatus, { params: { id: 1 }, body: { status: 'cancelled' } });
    const [first, second, put] = received.map((r) => r.idempotencyKey);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    expect(put).toBeNull();
  });

  it("a form the worker kept for later is not a success: KeptForLaterError with the form's key", async () => {
    answer = {
      status: 202,
      headers: { 'Content-Type': 'application/json', [keptHeader]: 'k-1' },
      body: '{"queued":true}',
    };
    const error = await callApi(requestEndpoints.createRequest, {
      body: { medicineId: 3, quantity: 1 },
    }).catch((e: unknown) => e);
    expect(isKeptForLater(error)).toBe(true);
    expect(error).toMatchObject({ idempotencyKey: 'k-1' });
  });
});

describe('keys and paths from the entry', () => {
  it('query keys start with the filled API path, as the keys invalidated by prefix', () => {
    const params = { q: 'concor', page: 1 };
    expect(routeKey(catalogEndpoints.browseMedicines, { query: params })).toEqual(['/api/medicines', params]);
    expect(routeKey(catalogEndpoints.myMedicines)).toEqual(['/api/medicines/my']);
    expect(routeKey(requestEndpoints.request, { params: { id: 55 } })).toEqual(['/api/requests/55']);
  });

  it('fills and encodes path parameters, and refuses a call with one missing', () => {
    expect(routePath(catalogEndpoints.medicinePhoto, { key: 'a b', size: 'thumb' })).toBe(
      '/api/medicines/photos/a%20b/thumb',
    );
    expect(() => routePath(requestEndpoints.request, {})).toThrow('/api/requests/:id: no value for :id');
    expect(routeUrl(identityEndpoints.pendingUsers, { query: { page: 2, pageSize: 5 } })).toBe(
      '/api/admin/pending-users?page=2&pageSize=5',
    );
  });

  it('tells the paths of a route with an id from the others', () => {
    expect(isRoutePath(requestEndpoints.request, '/api/requests/41')).toBe(true);
    expect(isRoutePath(requestEndpoints.request, '/api/requests/my')).toBe(false);
    expect(isRoutePath(requestEndpoints.request, '/api/requests/41/status')).toBe(false);
  });
});
