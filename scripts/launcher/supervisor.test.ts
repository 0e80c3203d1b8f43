import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../stores/ports';
import { startRedis } from '../stores/redis';
import { managedStore } from '../stores/resolve';
import { CrashPolicy, Supervised, SupervisedStore } from './supervisor';

const fixtures = path.join(import.meta.dirname, 'fixtures');

describe('CrashPolicy', () => {
  it('doubles the delay with each recent crash up to its cap, and never gives up', () => {
    const policy = new CrashPolicy();
    const t0 = 1_000_000;
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((k) => policy.crashed(t0 + k * 1000))).toEqual([
      250, 500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
    expect(policy.looping(t0 + 7000)).toBe(true);
  });

  it('forgets crashes older than the window, so a service that crashes now and then keeps restarting', () => {
    const policy = new CrashPolicy();
    for (let k = 0; k < 20; k++) expect(policy.crashed(k * 30_000)).toBeLessThanOrEqual(500);
    expect(policy.recent(20 * 30_000)).toBe(1);
    expect(policy.crashed(20 * 30_000 + 1)).toBe(500);
    expect(policy.looping(20 * 30_000 + 1)).toBe(false);
  });
});

describe('Supervised', () => {
  const started: Supervised[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
  });

  const supervise = (
    env: Record<string, string>,
    port: number,
    policy?: CrashPolicy,
    preload?: readonly string[],
  ) => {
    const lines: string[] = [];
    const s = new Supervised(
      {
        label: 'fake',
        index: 0,
        cwd: fixtures,
        entry: 'service.ts',
        env: { ...env, PORT: String(port) },
        readyUrl: `http://127.0.0.1:${port}/`,
        preload,
      },
      (line) => lines.push(line),
      policy,
    );
    started.push(s);
    return { s, lines };
  };

  it('restarts a process killed with SIGKILL, which then answers again', async () => {
    const port = await freePort();
    const { s, lines } = supervise({}, port);
    await s.waitUntilReady();
    s.watch();
    const first = s.current;
    first.child.kill('SIGKILL');
    await first.exited;
    await expect.poll(() => s.current !== first, { timeout: 5000 }).toBe(true);
    await s.waitUntilReady(10_000);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
    expect(lines.join('\n')).toMatch(/fake exited unexpectedly \(signal SIGKILL\); restarting in 250 ms/);
  });

  it('restarts from a warm spare (loaded ahead, held back until then) and then prepares the next one', async () => {
    const port = await freePort();
    const { s, lines } = supervise({}, port, undefined, ['heavy.ts']);
    await s.waitUntilReady();
    s.watch();
    await expect
      .poll(() => lines.find((l) => l.startsWith('fake has a warm spare')), { timeout: 10_000 })
      .toBeTruthy();
    // Held back: the spare is alive but does not serve (the port is still the first process's).
    const spare = s.children()[1]!;
    expect(spare.exitCode).toBeNull();
    const first = s.current;
    first.child.kill('SIGKILL');
    await first.exited;
    await expect.poll(() => s.current.child.pid, { timeout: 5000 }).toBe(spare.pid);
    await s.waitUntilReady(10_000);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
    expect(lines).toContain(`fake started (pid ${spare.pid}, its warm spare)`);
    await expect
      .poll(() => lines.filter((l) => l.startsWith('fake has a warm spare')).length, { timeout: 10_000 })
      .toBe(2);
    expect(s.children()).toHaveLength(2);
  });

  it('keeps restarting a crash loop at its capped delay, saying loudly that it is down, and serves once it stops crashing', async () => {
    const port = await freePort();
    const marker = path.join(mkdtempSync(path.join(tmpdir(), 'crash-loop-')), 'crash');
    writeFileSync(marker, '');
    // Two crashes before it is loud and a 10 ms cap keep the test short (the defaults are checked above).
    const { s, lines } = supervise({ CRASH_WHILE: marker }, port, new CrashPolicy(2, 60_000, 10, 10));
    s.watch();
    await expect
      .poll(() => lines.filter((l) => l.includes('IS DOWN')).length, { timeout: 20_000, interval: 50 })
      .toBeGreaterThanOrEqual(2);
    expect(lines.find((l) => l.includes('IS DOWN'))).toMatch(
      /^!!! fake IS DOWN: exited unexpectedly \(code 3\), 3 times within 60 s\. Trying again every 0\.01 s at most; everything else keeps running\./,
    );
    // What made it crash is gone (a store it needed is back): the next start serves.
    rmSync(marker);
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/`).then(
            (r) => r.text(),
            () => '',
          ),
        { timeout: 20_000 },
      )
      .toBe('ok');
  });

  it('does not restart what it was asked to stop', async () => {
    const port = await freePort();
    const { s, lines } = supervise({}, port, undefined, ['heavy.ts']);
    await s.waitUntilReady();
    s.watch();
    await expect.poll(() => s.children().length).toBe(2);
    const children = s.children();
    await s.stop();
    for (const child of children) expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
    expect(lines.filter((l) => l.startsWith('fake started'))).toHaveLength(1);
    expect(lines.join('\n')).not.toMatch(/restarting/);
  });
});

describe('SupervisedStore', () => {
  it('starts a store killed with kill -9 again on its data, retrying at a capped delay while it cannot', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'supervised-redis-'));
    const port = await freePort();
    const store = await managedStore('redis', async () => {
      const redis = await startRedis(dataDir, port);
      return { process: { pid: redis.pid, exited: redis.exited }, stop: redis.stop };
    });
    const lines: string[] = [];
    const watched = new SupervisedStore(
      store,
      (line) => lines.push(line),
      new CrashPolicy(2, 60_000, 50, 200),
    );
    const client = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: null });
    client.on('error', () => undefined);
    // Holds the port without being Redis: every connection is closed at once.
    const blocker = net.createServer((socket) => socket.destroy());
    try {
      watched.watch();
      await client.set('kept', 'yes');
      const first = store.current.pid;
      process.kill(first, 'SIGKILL');
      await store.current.exited;
      // Its port taken meanwhile (as by a process still exiting): restarts fail until it is free.
      await new Promise<void>((resolve, reject) => {
        blocker.once('error', reject);
        blocker.listen(port, '127.0.0.1', resolve);
      });
      await expect
        .poll(() => lines.filter((l) => l.includes('could not start again')).length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);
      expect(lines[0]).toBe('redis exited unexpectedly (signal SIGKILL); restarting in 50 ms');
      expect(lines.find((l) => l.includes('IS DOWN'))).toMatch(/^!!! redis IS DOWN: could not start again/);
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
      await expect
        .poll(() => lines.some((l) => l.startsWith('redis is back')), { timeout: 20_000 })
        .toBe(true);
      expect(store.current.pid).not.toBe(first);
      // The same data (AOF): what was written before the kill is there.
      expect(await client.get('kept')).toBe('yes');
    } finally {
      client.disconnect();
      if (blocker.listening) blocker.close();
      await watched.stop();
    }
  });
});
