import { outageProxy, testStores, type OutageProxy } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogFor, startTestCatalog, type TestCatalog, type TestCatalogPlatform } from '../testing';
import { expiryScanQueueName } from './scheduler';

// A second svc-catalog reaches Redis through a relay (`outageProxy`) the test cuts as the admin's
// scan is being queued: the admin must get a clear 503, not wait for the whole outage.
let p: TestCatalogPlatform;
let admin: Awaited<ReturnType<TestCatalogPlatform['user']>>;
let redis: OutageProxy;
let cutOff: TestCatalog;
beforeAll(async () => {
  p = await startTestCatalog();
  admin = await p.user('admin');
  redis = await outageProxy(testStores().redisUrl);
  cutOff = await startCatalogFor(p.identity, { REDIS_URL: redis.url, WORKERS: 'off' });
});
afterAll(async () => {
  await redis.restore();
  await cutOff.stop();
  await p.stop();
});

describe("the admin's expiry scan button while Redis is away", () => {
  it('answers 503 STORE_UNAVAILABLE with Retry-After within seconds, and queues the scan once Redis is back', async () => {
    const queue = cutOff.service.queues.get(expiryScanQueueName)!;
    const add = queue.add.bind(queue);
    // Redis goes away just as the scan is queued (the sign-in checks before it have passed).
    queue.add = (async (...args: Parameters<typeof add>) => {
      await redis.cut();
      return add(...args);
    }) as typeof queue.add;

    const startedAt = Date.now();
    const res = await cutOff.api.post('/api/admin/expiry-scan', undefined, {
      token: admin.token,
      headers: { 'accept-language': 'ar' },
    });
    const ms = Date.now() - startedAt;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.body).toEqual({
      message: 'الجزء ده من المنصة مش متاح دلوقتي. من فضلك جرب تاني كمان شوية.',
      code: 'STORE_UNAVAILABLE',
      details: { retryAfterSeconds: 5 },
    });
    expect(ms).toBeLessThan(4_000);

    // Back: the admin's retry queues the scan (the same job id as an add that went through late).
    queue.add = add;
    await redis.restore();
    const again = await cutOff.api.post('/api/admin/expiry-scan', undefined, { token: admin.token });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ queued: true, jobId: 'expiry-scan-now' });
  });
});
