import { once } from 'node:events';
import { testStores, uniqueName } from '@medrelay/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRedis, type Redis } from './redis';
import { TrackedReads } from './tracked-reads';

// Real Redis throughout: the notices under test are Redis's own (CLIENT TRACKING … BCAST).
let reader: Redis;
let writer: Redis;
let tracked: TrackedReads;
let prefix: string;
const key = (name: string) => `${prefix}:${name}`;

beforeAll(() => {
  writer = createRedis(testStores().redisUrl, 'tracked-writer');
});
afterAll(async () => {
  await writer.quit();
});
beforeEach(async () => {
  prefix = uniqueName('tracked');
  reader = createRedis(testStores().redisUrl, uniqueName('tracked-reader'));
  tracked = new TrackedReads(reader, { prefixes: [`${prefix}:`] });
  await once(tracked, 'tracking');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await tracked.close();
  await reader.quit();
});

/** Redis's notice that `name` changed, as this process receives it. */
const noticeOf = (name: string) =>
  new Promise<void>((resolve) => {
    const seen = (keys: string[] | null) => {
      if (keys === null || keys.includes(key(name))) {
        tracked.off('invalidated', seen);
        resolve();
      }
    };
    tracked.on('invalidated', seen);
  });

describe('keys read through Redis client-side caching', () => {
  it('reads a key from Redis once, then from memory until Redis says it changed', async () => {
    await writer.set(key('status'), 'pending');
    const mget = vi.spyOn(reader, 'mget');
    expect(await tracked.mget(key('status'), key('absent'))).toEqual(['pending', null]);
    expect(await tracked.mget(key('status'), key('absent'))).toEqual(['pending', null]);
    expect(mget).toHaveBeenCalledTimes(1);

    const changed = noticeOf('status');
    await writer.set(key('status'), 'approved');
    await changed;
    expect(await tracked.mget(key('status'), key('absent'))).toEqual(['approved', null]);
    expect(mget).toHaveBeenCalledTimes(2);
  });

  it('drops a key that is created, deleted or expires', async () => {
    expect(await tracked.mget(key('revoked'))).toEqual([null]);
    let changed = noticeOf('revoked');
    await writer.set(key('revoked'), '1', 'PX', 150);
    await changed;
    expect(await tracked.mget(key('revoked'))).toEqual(['1']);
    changed = noticeOf('revoked');
    await changed; // its expiry
    expect(await tracked.mget(key('revoked'))).toEqual([null]);
    await writer.set(key('revoked'), '2');
    expect(await tracked.mget(key('revoked'))).toEqual(['2']);
    changed = noticeOf('revoked');
    await writer.del(key('revoked'));
    await changed;
    expect(await tracked.mget(key('revoked'))).toEqual([null]);
  });

  it('does not keep a value read while a notice arrived (the read may be older than the change)', async () => {
    await writer.set(key('status'), 'approved');
    const realMget = reader.mget.bind(reader);
    let readDone!: () => void;
    const read = new Promise<void>((resolve) => (readDone = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The reply is read from Redis at once but handed over only after the change's notice.
    vi.spyOn(reader, 'mget').mockImplementationOnce(async (...keys: unknown[]) => {
      const values = await realMget(...(keys as string[]));
      readDone();
      await held;
      return values;
    });
    const first = tracked.mget(key('status'));
    await read;
    const changed = noticeOf('status');
    await writer.set(key('status'), 'rejected');
    await changed;
    release();
    expect(await first).toEqual(['approved']);
    expect(await tracked.mget(key('status'))).toEqual(['rejected']);
  });

  it('keeps nothing across a lost notice connection, and tracks again once it is back', async () => {
    await writer.set(key('status'), 'approved');
    expect(await tracked.mget(key('status'))).toEqual(['approved']);
    const clients = String(await writer.client('LIST'));
    const listenerId = clients
      .split('\n')
      .find((line) => line.includes(`name=${reader.options.connectionName}-invalidations `))
      ?.match(/\bid=(\d+)/)?.[1];
    expect(listenerId).toBeDefined();
    const lost = once(tracked, 'untracked');
    const back = once(tracked, 'tracking');
    await writer.client('KILL', 'ID', listenerId!);
    await lost;
    expect(tracked.isTracking).toBe(false);
    // Changed while nobody listened: no notice will ever say so.
    await writer.set(key('status'), 'rejected');
    expect(await tracked.mget(key('status'))).toEqual(['rejected']);
    await back;
    expect(await tracked.mget(key('status'))).toEqual(['rejected']);
    const mget = vi.spyOn(reader, 'mget');
    expect(await tracked.mget(key('status'))).toEqual(['rejected']);
    expect(mget).not.toHaveBeenCalled();
  });

  it('reads keys outside its prefixes from Redis every time', async () => {
    const other = `${uniqueName('untracked')}:x`;
    await writer.set(other, 'a');
    expect(await tracked.mget(other)).toEqual(['a']);
    await writer.set(other, 'b');
    expect(await tracked.mget(other)).toEqual(['b']);
    await writer.del(other);
  });
});
