import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leanGet } from './lean-get';
import { dueAt, dueBetween, runOpenLoop, summarizeOpenLoop } from './open-loop';
import { summarize } from './stats';

// A server that answers one request at a time, each after `serviceMs`: its queue grows when
// requests arrive faster than that, and only the time since each request was due shows it.
const serviceMs = 30;
let server: Server;
let base: string;
beforeAll(async () => {
  const queue: Array<() => void> = [];
  let busy = false;
  const work = () => {
    const next = queue.shift();
    if (!next) return void (busy = false);
    busy = true;
    // Timers may fire a little early against the real clock (libuv caches its loop time): wait
    // until `serviceMs` have really passed, so the lower bounds below hold on a busy machine.
    const until = performance.now() + serviceMs;
    const wait = () => {
      const left = until - performance.now();
      if (left > 0) return void setTimeout(wait, Math.ceil(left));
      next();
      work();
    };
    wait();
  };
  server = createServer((req, res) => {
    if (req.url === '/hang') return; // never answers
    queue.push(() => res.end(req.url === '/fail' ? undefined : 'ok'));
    if (req.url === '/fail') res.statusCode = 503;
    if (!busy) work();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function sender(maxInFlight: number, path: (i: number) => string = () => '/') {
  const agent = new Agent({ connections: maxInFlight });
  // The benchmark's own sender: status once the whole body is in, abandoned on the signal.
  return (i: number, signal: AbortSignal) => leanGet(agent, new URL(`${base}${path(i)}`), {}, signal);
}

describe('the open-loop load generator', () => {
  it('schedules arrivals evenly at the given rate', () => {
    expect([0, 1, 2, 10].map((i) => dueAt(i, 100))).toEqual([0, 10, 20, 100]);
    expect(dueAt(500, 500)).toBe(1000);
  });

  it('measures latency from when each request was due, so the server queue shows', async () => {
    // 10 arrivals 10 ms apart against a server needing 30 ms each, one at a time: the j-th answer
    // cannot come before (j + 1) × 30 ms, though every request was due by 90 ms. (Requests may
    // reach the server out of order on a busy machine, so the bound is on the answers' order.)
    const run = await runOpenLoop({
      rate: 100,
      seconds: 0.1,
      maxInFlight: 10,
      timeoutMs: 5000,
      send: sender(10),
    });
    expect(run.samples).toHaveLength(10);
    run.samples.forEach((s, k) => {
      expect(s.dueMs).toBe(k * 10);
      expect(s.outcome).toBe(200);
    });
    const answered = run.samples.map((s) => s.doneMs).sort((a, b) => a - b);
    answered.forEach((doneMs, j) => expect(doneMs).toBeGreaterThanOrEqual((j + 1) * serviceMs - 1));
    const result = summarizeOpenLoop(run, 100, 0.1);
    expect(result).toMatchObject({ requests: 10, errors: 0 });
    expect(result.maxMs).toBeGreaterThanOrEqual(20 * 9 + 30 - 1);
  });

  it('counts the wait behind its own in-flight cap as latency, not as a later send time', async () => {
    // One request in flight at most: request k is sent only after k answers (≥ 30 k ms), though
    // due at 10 k ms; the lag and the latency both include that wait.
    const run = await runOpenLoop({
      rate: 100,
      seconds: 0.1,
      maxInFlight: 1,
      timeoutMs: 5000,
      send: sender(1),
    });
    const last = run.samples[9]!;
    expect(last.sentMs - last.dueMs).toBeGreaterThanOrEqual(20 * 9 - 1);
    expect(last.doneMs - last.dueMs).toBeGreaterThanOrEqual(20 * 9 + 30 - 1);
    expect(run.peakInFlight).toBe(1);
    // Timed from the send, each answer would look like 30 ms; the summary reports the wait.
    expect(summarizeOpenLoop(run, 100, 0.1).maxMs).toBeGreaterThanOrEqual(20 * 9 + 30 - 1);
  });

  it('counts error answers and requests abandoned after the timeout as errors', async () => {
    const paths = ['/', '/fail', '/hang', '/'];
    const run = await runOpenLoop({
      rate: 100,
      seconds: 0.04,
      maxInFlight: 4,
      timeoutMs: 300,
      send: sender(4, (i) => paths[i]!),
    });
    expect(run.samples.map((s) => s.outcome)).toEqual([200, 503, 'timeout', 200]);
    const result = summarizeOpenLoop(run, 100, 0.04);
    expect(result).toMatchObject({ requests: 4, errors: 2, failures: '503×1, timeout×1' });
    // The abandoned request counts with its whole wait (about the timeout), not dropped.
    const abandoned = run.samples[2]!;
    expect(abandoned.doneMs - abandoned.dueMs).toBeGreaterThan(250);
    expect(result.maxMs).toBeGreaterThanOrEqual(Math.floor(abandoned.doneMs - abandoned.dueMs));
  });
});

describe('a run measured after its warm-up', () => {
  it('summarizes only the requests due in the measured seconds, their rate over those seconds', () => {
    // 4 s at 1 req/s: two warm-up requests answered late, two measured ones quickly.
    const samples = [
      { dueMs: 0, sentMs: 0, doneMs: 1500, outcome: 200 as const },
      { dueMs: 1000, sentMs: 1000, doneMs: 1900, outcome: 200 as const },
      { dueMs: 2000, sentMs: 2000, doneMs: 2010, outcome: 200 as const },
      { dueMs: 3000, sentMs: 3000, doneMs: 3020, outcome: 503 as const },
    ];
    const run = { samples, peakInFlight: 2 };
    expect(dueBetween(run, 0, 2000).samples).toEqual(samples.slice(0, 2));
    expect(summarizeOpenLoop(dueBetween(run, 0, 2000), 1, 2)).toMatchObject({
      requests: 2,
      p99ms: 1500,
      errors: 0,
    });
    expect(summarizeOpenLoop(dueBetween(run, 2000), 1, 2, 2000)).toMatchObject({
      requests: 2,
      p50ms: 10,
      p99ms: 20,
      errors: 1,
      failures: '503×1',
      // 1 good answer over the 1.02 s from the measured part's start to its last answer
      achievedPerSecond: 1,
    });
  });
});

describe('percentiles', () => {
  it('uses the nearest rank', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(summarize(hundred)).toEqual({ p50ms: 50, p99ms: 99, maxMs: 100 });
    expect(summarize([5])).toEqual({ p50ms: 5, p99ms: 5, maxMs: 5 });
    expect(summarize([])).toEqual({ p50ms: 0, p99ms: 0, maxMs: 0 });
  });
});
