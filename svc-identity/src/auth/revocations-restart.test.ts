import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authKeys } from '@medrelay/contracts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/stores/ports';
import { startRedis, type RunningRedis } from '../../../scripts/stores/redis';
import { recordStores } from '../../../scripts/test/orphans';
import { startTestIdentity, type TestIdentity } from '../testing';

// identity on a Redis of its own, which the test restarts: empty (no persistence, a new
// instance), and from older data that still holds the `restored` marker but not the last logout
// (a snapshot, an AOF that lost its last second, a replica promoted). Both are healed by identity
// while it runs.
const dir = mkdtempSync(path.join(tmpdir(), 'medrelay-test-revocations-'));
let port: number;
let redis: RunningRedis;
let identity: TestIdentity;
let starts = 0;

async function restartRedis(): Promise<void> {
  await redis.stop();
  // A new data folder each time: nothing of the last run's data comes back.
  redis = await startRedis(path.join(dir, `redis-${++starts}`), port);
  recordStores(dir, [{ pid: redis.pid, command: 'redis-server', signal: 'SIGTERM' }]);
}

beforeAll(async () => {
  port = await freePort();
  redis = await startRedis(path.join(dir, 'redis-0'), port);
  recordStores(dir, [{ pid: redis.pid, command: 'redis-server', signal: 'SIGTERM' }]);
  identity = await startTestIdentity({ REDIS_URL: redis.url });
});
afterAll(async () => {
  await identity?.stop();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const me = async (token: string) => (await identity.api.get('/api/auth/me', { token })).status;
const logout = (token: string) => identity.api.post('/api/auth/logout', undefined, { token });

describe('identity notices a Redis that restarted and puts the revocations back', () => {
  it('after a restart without persistence: 503 until they are back, then the logout holds', async () => {
    const user = await identity.signedIn('ngo');
    const other = await identity.signedIn('donor');
    expect((await logout(user.token)).status).toBe(204);
    expect(await me(user.token)).toBe(401);

    await restartRedis();
    expect([401, 503]).toContain(await me(user.token));
    await expect.poll(() => me(user.token), { timeout: 15_000 }).toBe(401);
    await expect.poll(() => me(other.token), { timeout: 15_000 }).toBe(200);
  });

  it('after a restart from older data that has the marker but lacks the last logout', async () => {
    const user = await identity.signedIn('pharmacy');
    expect((await logout(user.token)).status).toBe(204);
    expect(await me(user.token)).toBe(401);

    await restartRedis();
    // What the older data holds: the marker (written long before), not the logout.
    const stale = new Redis(redis.url);
    try {
      await stale.set(authKeys.restored(identity.prefix), '1');
    } finally {
      stale.disconnect();
    }
    await expect.poll(() => me(user.token), { timeout: 15_000 }).toBe(401);
  });
});
