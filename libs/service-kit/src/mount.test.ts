import { idParam } from '@medrelay/contracts';
import { route } from '@medrelay/contracts/api-routes';
import { testStores, uniqueName, type ApiClient } from '@medrelay/testing';
import express, { Router, type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTokenVerifier } from './auth';
import { markRevocationsRestored, serveApp, signTestToken } from './auth.fixture';
import { httpError } from './errors';
import { contractOf, mount } from './mount';
import { createRedis, type Redis } from './redis';

// Routes declared like the contract's (libs/contracts/src/api-routes), kept here so the test
// does not move when a real endpoint does.
const rename = route({
  method: 'put',
  path: '/t/items/:id',
  tag: 'medicines',
  summary: 'Rename an item',
  access: 'approved',
  permission: 'medicine.create',
  params: idParam,
  body: z.object({ name: z.string().min(1, 'required').max(5) }).strict(),
  response: z.object({ id: z.number(), name: z.string() }),
  status: 201,
});
const forget = route({
  method: 'delete',
  path: '/t/items/:id',
  tag: 'medicines',
  summary: 'Forget an item',
  access: 'signed-in',
  params: idParam,
  response: null,
  status: 204,
});
const list = route({
  method: 'get',
  path: '/t/items',
  tag: 'medicines',
  summary: 'Items, a page at a time',
  access: 'public',
  query: z.object({ page: z.coerce.number().int().positive().default(1) }),
  response: z.array(z.object({ id: z.number() })),
  paged: true,
});
const report = route({
  method: 'get',
  path: '/t/report',
  tag: 'admin',
  summary: 'An admin report',
  access: 'admin',
  permission: 'reports.view',
  response: z.object({ ok: z.boolean() }),
});

let redis: Redis;
let close: () => void;
let api: ApiClient;
const prefix = uniqueName('mount');
const seen: string[] = [];
let forgotten: number | null = null;

const token = (role: string, status: string) =>
  signTestToken({ sub: String(Math.floor(Math.random() * 1e6) + 1), role, status });

/** A stand-in for a rate limit: refuses when asked to, after the access checks. */
const limit: RequestHandler = (req, _res, next) => {
  seen.push('before');
  next(req.headers['x-limit'] ? httpError.tooManyRequests(7) : undefined);
};

beforeAll(async () => {
  redis = createRedis(testStores().redisUrl, 'mount-test');
  await markRevocationsRestored(redis, prefix);
  const verifier = await createTokenVerifier(testStores().jwtPublicKey, redis, prefix);
  const service = { router: Router(), verifier };
  mount(
    service,
    rename,
    ({ params, body, caller }) => ({ id: params.id, name: `${body.name}:${caller.role}` }),
    {
      before: [limit],
    },
  );
  mount(service, forget, ({ params }) => {
    forgotten = params.id;
  });
  mount(service, list, ({ query }) => ({ items: [{ id: query.page }], total: 41, estimated: false }));
  // Answers more than its contract declares (the suite sets MEDRELAY_CHECK_ANSWERS, vitest.config.ts).
  mount({ router: service.router, verifier: null }, { ...list, path: '/t/leaky' }, () => ({
    items: [{ id: 1, secret: 'x' } as { id: number }],
    total: 1,
  }));
  // Behind a guard that verified the caller already (the gateway): no verifier of its own.
  const guarded = { router: Router(), verifier: null };
  mount(guarded, report, () => ({ ok: true }));

  const app = express();
  app.use(express.json());
  app.use(service.router);
  app.use('/g', async (req, res, next) => {
    if (req.headers.authorization)
      res.locals.caller = await verifier.verify(req.headers.authorization.slice(7));
    next();
  });
  app.use('/g', guarded.router);
  ({ api, close } = await serveApp(app));
});
afterAll(async () => {
  close();
  await redis.quit();
});

describe('mount(router, route, handler)', () => {
  it('checks token, approval, permission, then `before`, then the input, in that order', async () => {
    const bad = { name: '' };
    seen.length = 0;
    expect((await api.put('/t/items/x', bad)).body.code).toBe('UNAUTHENTICATED');
    const pending = await token('pharmacy', 'pending');
    expect((await api.put('/t/items/x', bad, { token: pending })).body.code).toBe('ACCOUNT_NOT_APPROVED');
    const ngo = await token('ngo', 'approved');
    expect((await api.put('/t/items/x', bad, { token: ngo })).body.code).toBe('FORBIDDEN');
    expect(seen).toEqual([]);
    const pharmacy = await token('pharmacy', 'approved');
    const limited = await api.put('/t/items/x', bad, { token: pharmacy, headers: { 'x-limit': '1' } });
    expect([limited.status, limited.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(seen).toEqual(['before']);
    const invalid = await api.put('/t/items/x', bad, { token: pharmacy });
    expect([invalid.status, invalid.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('answers invalid params and body together, in the caller’s language', async () => {
    const pharmacy = await token('pharmacy', 'approved');
    const res = await api.put(
      '/t/items/x',
      { name: 'too long', extra: 1 },
      { token: pharmacy, headers: { 'accept-language': 'ar' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.message).toContain('قيمة مش صحيحة');
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { path: 'id', rule: 'invalidValue', message: 'قيمة مش صحيحة' },
        expect.objectContaining({ path: 'name', rule: 'tooLong' }),
        expect.objectContaining({ path: 'extra', rule: 'unknownField' }),
      ]),
    );
  });

  it('hands the handler parsed input and the caller, and answers with the declared status', async () => {
    const donor = await token('donor', 'approved');
    const res = await api.put('/t/items/12', { name: 'Ab' }, { token: donor });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 12, name: 'Ab:donor' });
  });

  // A body that is not JSON used to be read as no body (200, nothing saved).
  it('refuses a body that is not JSON with 415, and takes a call without a body', async () => {
    const donor = await token('donor', 'approved');
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await api.put('/t/items/12', undefined, {
        token: donor,
        raw: contentType === 'application/xml' ? '<name>Ab</name>' : 'name=Ab',
        headers: { 'content-type': contentType, 'accept-language': 'ar' },
      });
      expect([res.status, res.body.code], contentType).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      expect(res.body.message).toContain('JSON');
    }
    const json = await api.put('/t/items/12', undefined, {
      token: donor,
      raw: '{"name":"Ab"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(json.status).toBe(201);
    expect((await api.delete('/t/items/5', { token: donor })).status).toBe(204);
  });

  it('takes bidi controls out of strings before the rules see them', async () => {
    const donor = await token('donor', 'approved');
    const res = await api.put('/t/items/12', { name: 'A\u202eb\u2066' }, { token: donor });
    expect(res.body).toEqual({ id: 12, name: 'Ab:donor' });
    // Two override characters are not a name of two letters.
    expect((await api.put('/t/items/12', { name: '\u202e\u202d' }, { token: donor })).status).toBe(400);
  });

  it('answers 204 without a body when the route has no response', async () => {
    const pending = await token('ngo', 'pending');
    const res = await api.delete('/t/items/5', { token: pending });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect(forgotten).toBe(5);
    expect((await api.delete('/t/items/6')).status).toBe(401);
  });

  it('answers a paged list as the items, with its total in the headers', async () => {
    const res = await api.get('/t/items?page=3');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: 3 }]);
    expect(res.headers.get('x-total-count')).toBe('41');
    expect(res.headers.get('x-total-is-estimate')).toBe('false');
    expect(res.headers.get('access-control-expose-headers')).toBe('X-Total-Count, X-Total-Is-Estimate');
  });

  it('behind a guard that verified the token, requires its caller and the permission', async () => {
    expect((await api.get('/g/t/report')).body.code).toBe('UNAUTHENTICATED');
    const ngo = await token('ngo', 'approved');
    expect((await api.get('/g/t/report', { token: ngo })).body.code).toBe('FORBIDDEN');
    const admin = await token('admin', 'approved');
    expect((await api.get('/g/t/report', { token: admin })).body).toEqual({ ok: true });
  });

  it('in the test suite, fails a call whose answer holds more than the contract describes', async () => {
    expect(process.env.MEDRELAY_CHECK_ANSWERS).toBe('1');
    const res = await api.get('/t/leaky');
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('refuses to mount an admin route that names no permission', () => {
    const open = route({ ...report, permission: undefined });
    expect(() => mount({ router: Router(), verifier: null }, open, () => ({ ok: true }))).toThrow(
      /names the permission/,
    );
  });

  it('records which contract entry each registered Express route answers', () => {
    const router = Router();
    mount({ router, verifier: null }, list, () => ({ items: [], total: 0 }));
    router.get('/t/other', (_req, res) => void res.end());
    const layers = (router as unknown as { stack: { route: object }[] }).stack;
    expect(layers.map((layer) => contractOf(layer.route))).toEqual([list, undefined]);
  });
});
