import { keptFormDays } from '@medrelay/contracts';
import { route } from '@medrelay/contracts/api-routes';
import { testStores, uniqueName, waitUntil, type ApiClient } from '@medrelay/testing';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTokenVerifier } from './auth';
import { markRevocationsRestored, serveApp, signTestToken } from './auth.fixture';
import { idempotentClaimSeconds, idempotentCommand } from './idempotency';
import { mount } from './mount';
import { createRedis, type Redis } from './redis';

// A command like the forms the browser keeps offline (a request, a listing): it makes a row.
const create = route({
  method: 'post',
  path: '/t/things',
  tag: 'requests',
  summary: 'Make a thing',
  access: 'approved',
  body: z.object({ name: z.string().min(1) }).strict(),
  response: z.object({ id: z.number(), name: z.string() }),
  status: 201,
});

let redis: Redis;
let close: () => void;
let api: ApiClient;
const prefix = uniqueName('idem');
/** What the handler made, in order: the stored state a repeat must not add to. */
const made: Array<{ id: number; name: string }> = [];
/** Set by a test to hold the handler until released (a repeat arriving mid-way). */
let hold: Promise<void> | null = null;
let failNext = false;

const token = () =>
  signTestToken({ sub: String(Math.floor(Math.random() * 1e6) + 1), role: 'ngo', status: 'approved' });
const keyed = (key: string, tokenValue: string) => ({
  token: tokenValue,
  headers: { 'Idempotency-Key': key },
});

beforeAll(async () => {
  redis = createRedis(testStores().redisUrl, 'idem-test');
  await markRevocationsRestored(redis, prefix);
  const verifier = await createTokenVerifier(testStores().jwtPublicKey, redis, prefix);
  const service = { router: Router(), verifier };
  mount(
    service,
    create,
    async ({ body }) => {
      if (hold) await hold;
      if (failNext) {
        failNext = false;
        throw new Error('the database went away');
      }
      const thing = { id: made.length + 1, name: body.name };
      made.push(thing);
      return thing;
    },
    { before: [idempotentCommand(redis, prefix)] },
  );
  const app = express();
  app.use(express.json());
  app.use(service.router);
  ({ api, close } = await serveApp(app));
});
afterAll(async () => {
  close();
  await redis.quit();
});

describe('idempotentCommand: a command sent again with its Idempotency-Key happens once', () => {
  it('answers a repeat with the first answer, marked replayed, and makes nothing more', async () => {
    const caller = await token();
    const key = uniqueName('form-key');
    const before = made.length;
    const first = await api.post('/t/things', { name: 'Panadol' }, keyed(key, caller));
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await api.post('/t/things', { name: 'Panadol' }, keyed(key, caller));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.headers.get('content-type')).toContain('application/json');
    expect(made.length).toBe(before + 1);
  });

  it('keeps keys apart per caller, and runs every command sent without one', async () => {
    const key = uniqueName('form-key');
    const before = made.length;
    await api.post('/t/things', { name: 'A' }, keyed(key, await token()));
    await api.post('/t/things', { name: 'A' }, keyed(key, await token()));
    const caller = await token();
    await api.post('/t/things', { name: 'B' }, { token: caller });
    await api.post('/t/things', { name: 'B' }, { token: caller });
    expect(made.length).toBe(before + 4);
  });

  it('refuses a key reused for a different form, and a malformed key', async () => {
    const caller = await token();
    const key = uniqueName('form-key');
    await api.post('/t/things', { name: 'Concor' }, keyed(key, caller));
    const other = await api.post('/t/things', { name: 'Ventolin' }, keyed(key, caller));
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const bad = await api.post('/t/things', { name: 'Concor' }, keyed('short', caller));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('IDEMPOTENCY_KEY_INVALID');
  });

  it('answers 409 to a repeat while the first is still running, then the first answer', async () => {
    const caller = await token();
    const key = uniqueName('form-key');
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    const before = made.length;
    const first = api.post('/t/things', { name: 'Augmentin' }, keyed(key, caller));
    // The first holds its key before it waits in the handler.
    await waitUntil(async () => (await redis.keys(`${prefix}:idem:*:${key}`)).length === 1, {
      what: 'the first holding its key',
    });
    const during = await api.post('/t/things', { name: 'Augmentin' }, keyed(key, caller));
    expect(during.status).toBe(409);
    expect(during.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(during.headers.get('retry-after')).toBe('1');
    hold = null;
    release();
    expect((await first).status).toBe(201);
    const after = await api.post('/t/things', { name: 'Augmentin' }, keyed(key, caller));
    expect(after.status).toBe(201);
    expect(after.body).toEqual((await first).body);
    expect(made.length).toBe(before + 1);
  });

  it('forgets a key whose command failed on the server (500), so sending it again runs it', async () => {
    const caller = await token();
    const key = uniqueName('form-key');
    failNext = true;
    const before = made.length;
    expect((await api.post('/t/things', { name: 'Insulin' }, keyed(key, caller))).status).toBe(500);
    const retried = await api.post('/t/things', { name: 'Insulin' }, keyed(key, caller));
    expect(retried.status).toBe(201);
    expect(retried.headers.get('Idempotent-Replayed')).toBeNull();
    expect(made.length).toBe(before + 1);
  });

  it('keeps an answer past the days the browser keeps a form, and a running claim only minutes', async () => {
    const caller = await token();
    const key = uniqueName('form-key');
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    const first = api.post('/t/things', { name: 'Lasix' }, keyed(key, caller));
    await waitUntil(async () => (await redis.keys(`${prefix}:idem:*:${key}`)).length === 1, {
      what: 'the first holding its key',
    });
    const [stored] = await redis.keys(`${prefix}:idem:*:${key}`);
    // A process that dies mid-command frees the key soon, not after days of 409s to a kept form.
    expect(await redis.ttl(stored!)).toBeLessThanOrEqual(idempotentClaimSeconds);
    hold = null;
    release();
    expect((await first).status).toBe(201);
    // A form the worker resends on its last day is still answered, not made again.
    await waitUntil(async () => (await redis.ttl(stored!)) > keptFormDays * 24 * 3600, {
      what: 'the answer kept',
    });
  });
});
