import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@medrelay/contracts';
import { waitUntil } from '@medrelay/testing';
import { errorHandler } from './errors';
import { createLogger } from './logger';
import { clientGone, RequestGate } from './request-gate';

/**
 * One slot: the first call holds it until released; a second call waits its turn, and its client
 * leaves before the turn comes. Real HTTP, real sockets.
 */
const gate = new RequestGate(1);
const ran: string[] = [];
const outcomes: Record<string, string> = {};
const closed: string[] = [];
let release!: () => void;
const held = new Promise<void>((resolve) => (release = resolve));
let base = '';
let close = () => {};

beforeAll(async () => {
  const app = express();
  app.get('/work/:name', async (req, res) => {
    const name = req.params.name;
    res.once('close', () => closed.push(name));
    const result = await gate.run(req, res, async () => {
      ran.push(name);
      if (name === 'first') await held;
      return name;
    });
    outcomes[name] = result === clientGone ? 'skipped' : 'ran';
    if (result !== clientGone) res.json({ done: result });
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('the request gate', () => {
  it('skips the work of a request whose client left while it waited, and runs the others in order', async () => {
    const first = fetch(`${base}/work/first`).then((r) => r.json());
    await waitUntil(() => ran.includes('first'), { what: 'the first call running' });
    const leaving = new AbortController();
    const abandoned = fetch(`${base}/work/abandoned`, { signal: leaving.signal }).catch(() => 'aborted');
    const third = fetch(`${base}/work/third`).then((r) => r.json());
    // Both wait behind the first; then the second's client gives up.
    await new Promise((resolve) => setImmediate(resolve));
    leaving.abort();
    expect(await abandoned).toBe('aborted');
    // The server has seen the client leave (in production long before a turn comes).
    await waitUntil(() => closed.includes('abandoned'), { what: 'the server seeing the client leave' });
    release();
    expect(await first).toEqual({ done: 'first' });
    expect(await third).toEqual({ done: 'third' });
    await waitUntil(() => outcomes.abandoned !== undefined, { what: 'the abandoned call settled' });
    expect(outcomes).toEqual({ first: 'ran', abandoned: 'skipped', third: 'ran' });
    expect(ran).toEqual(['first', 'third']);
  });
});

describe('the request gate past capacity', () => {
  it('refuses at once, 503 OVERLOADED with Retry-After in the caller language, work that waited too long for its turn', async () => {
    let clock = 0;
    const busy = new RequestGate(1, { maxWaitMs: 1000, now: () => clock });
    const app = express();
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const started: string[] = [];
    app.get('/busy/:name', async (req, res, next) => {
      try {
        const name = req.params.name;
        await busy.run(req, res, async () => {
          started.push(name);
          if (name === 'first') await firstHeld;
        });
        res.json({ done: name });
      } catch (err) {
        next(err);
      }
    });
    app.use(errorHandler(createLogger('gate-test', 'silent')));
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const url = (name: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/busy/${name}`;
    try {
      const first = fetch(url('first'));
      await waitUntil(() => started.includes('first'), { what: 'the first call running' });
      const late = fetch(url('late'), { headers: { 'accept-language': 'ar' } });
      await waitUntil(() => busy.queued === 1, { what: 'the second call waiting' });
      // Its turn comes 1.5 s (of the gate's clock) after it arrived: too late to be worth running.
      clock += 1500;
      const fresh = fetch(url('fresh'));
      await waitUntil(() => busy.queued === 2, { what: 'the third call waiting' });
      releaseFirst();
      expect((await first).status).toBe(200);
      const refused = await late;
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      const body = (await refused.json()) as { code: string; message: string };
      expect(body.code).toBe('OVERLOADED');
      expect(body.message).toBe(translate('serviceBusy', 'ar'));
      // The one that arrived after the clock moved waited no time at all on it: it runs.
      expect(await (await fresh).json()).toEqual({ done: 'fresh' });
      expect(started).toEqual(['first', 'fresh']);
    } finally {
      server.close();
    }
  });
});
