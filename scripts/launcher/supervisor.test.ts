import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../stores/ports';
import { CrashPolicy, Supervised } from './supervisor';

const fixtures = path.join(import.meta.dirname, 'fixtures');

describe('CrashPolicy', () => {
  it('doubles the delay with each recent crash and gives up past 5 crashes within 60 s', () => {
    const policy = new CrashPolicy();
    const t0 = 1_000_000;
    expect([0, 1, 2, 3, 4].map((k) => policy.crashed(t0 + k * 1000))).toEqual([250, 500, 1000, 2000, 4000]);
    expect(policy.crashed(t0 + 5000)).toBeNull();
  });

  it('forgets crashes older than the window, so a service that crashes now and then keeps restarting', () => {
    const policy = new CrashPolicy();
    for (let k = 0; k < 20; k++) expect(policy.crashed(k * 30_000)).not.toBeNull();
    expect(policy.recent(20 * 30_000)).toBe(1);
    expect(policy.crashed(20 * 30_000 + 1)).toBe(500);
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
    const gaveUp: string[] = [];
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
      (reason) => gaveUp.push(reason),
      policy,
    );
    started.push(s);
    return { s, lines, gaveUp };
  };

  it('restarts a process killed with SIGKILL, which then answers again', async () => {
    const port = await freePort();
    const { s, lines, gaveUp } = supervise({}, port);
    await s.waitUntilReady();
    s.watch();
    const first = s.current;
    first.child.kill('SIGKILL');
    await first.exited;
    await expect.poll(() => s.current !== first, { timeout: 5000 }).toBe(true);
    await s.waitUntilReady(10_000);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
    expect(lines.join('\n')).toMatch(/fake exited unexpectedly \(signal SIGKILL\); restarting in 250 ms/);
    expect(gaveUp).toEqual([]);
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

  it('gives up on a crash loop with a clear reason, and starts it no more', async () => {
    const port = await freePort();
    // Two crashes allowed (the default's five are checked above) keep the test short.
    const { s, lines, gaveUp } = supervise({ CRASH: '1' }, port, new CrashPolicy(2, 60_000, 10, 10));
    s.watch();
    await expect.poll(() => gaveUp.length, { timeout: 20_000, interval: 100 }).toBe(1);
    expect(gaveUp[0]).toMatch(
      /fake crashed more than 2 times within 60 s \(last: code 3\); stopping the platform/,
    );
    expect(lines.filter((l) => l.startsWith('fake started'))).toHaveLength(3);
    expect(lines.filter((l) => l.includes('restarting in'))).toHaveLength(2);
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
