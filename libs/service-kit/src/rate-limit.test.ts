import { testStores, uniqueName } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';
import { createRedis, type Redis } from './redis';

let redis: Redis;
beforeAll(() => {
  redis = createRedis(testStores().redisUrl, 'rl-test');
});
afterAll(() => redis.quit());

describe('RateLimiter', () => {
  it('allows exactly the limit, also under parallel hits, and says how long to wait', async () => {
    const limiter = new RateLimiter(redis, uniqueName('rl'), 3, 60);
    const results = await Promise.all(Array.from({ length: 10 }, () => limiter.hit('a')));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.every((r) => r.retryAfterSeconds > 0 && r.retryAfterSeconds <= 60)).toBe(true);
  });

  it('never counts below zero when an undo comes after the window ended', async () => {
    const prefix = uniqueName('rl');
    const limiter = new RateLimiter(redis, prefix, 2, 60);
    await limiter.hit('b');
    // The window ends: Redis expires its key (done here at once rather than waited for).
    await redis.del(`${prefix}:rl:b`);
    await limiter.undo('b');
    await limiter.undo('b');
    expect(await redis.get(`${prefix}:rl:b`)).toBeNull();
    const after = [await limiter.hit('b'), await limiter.hit('b'), await limiter.hit('b')];
    expect(after.map((r) => r.allowed)).toEqual([true, true, false]);
  });
});
