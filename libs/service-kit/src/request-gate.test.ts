import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '@medrelay/testing';
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
