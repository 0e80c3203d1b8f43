import type { UserStatus, UserType } from '@medrelay/contracts';
import { createLogger } from '@medrelay/service-kit';
import {
  startCatalogFor,
  testInternalSecret,
  waitForReadModel,
  type TestCatalog,
} from '@medrelay/svc-catalog/testing';
import { startTestIdentity, type TestIdentity } from '@medrelay/svc-identity/testing';
import { listenForTest, testServiceEnv } from '@medrelay/testing';
import { z } from 'zod';
import { requestsConfigShape, type RequestsConfig } from './config';
import { createRequestsService } from './service';
import webpush from 'web-push';

export { medicineInput } from '@medrelay/svc-catalog/testing';
export { pushBrowser, startPushService, type TestPushService } from './push/testing';

/** This run's VAPID key pair: every svc-requests under test can push (to a test's own endpoint). */
export const testVapidKeys = webpush.generateVAPIDKeys();

/** Starts a real svc-requests in this process, next to the given identity and catalog. */
export async function startRequestsFor(
  identity: TestIdentity,
  catalog: TestCatalog,
  overrides: Partial<Record<keyof RequestsConfig, string>> = {},
) {
  const config = z.object(requestsConfigShape).parse({
    ...testServiceEnv(identity.databaseUrl, identity.prefix),
    INTERNAL_SECRET: testInternalSecret,
    CATALOG_URL: catalog.baseUrl,
    // The e2e moves the pickup clock through the test hook.
    TEST_CLOCK: 'on',
    VAPID_PUBLIC_KEY: testVapidKeys.publicKey,
    VAPID_PRIVATE_KEY: testVapidKeys.privateKey,
    ...overrides,
  });
  const service = await createRequestsService(config, createLogger('svc-requests', config.LOG_LEVEL));
  return listenForTest(service, config);
}
export type TestRequests = Awaited<ReturnType<typeof startRequestsFor>>;

/**
 * Identity, catalog and requests together, on one database and Redis prefix, as the launcher runs
 * them. `instances: 2` starts two of each (as `npm start -- --scale` does); `identity`, `catalog`
 * and `requests` are the first ones, `replicas` lists all. Requests instance i calls catalog i.
 */
export async function startTestPlatform(options: { instances?: number } = {}) {
  const count = options.instances ?? 1;
  const more = <T>(start: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: count - 1 }, (_, i) => start(i + 1)));
  const identity = await startTestIdentity();
  const identities = [
    identity,
    ...(await more(() =>
      startTestIdentity({ DATABASE_URL: identity.databaseUrl, REDIS_PREFIX: identity.prefix }),
    )),
  ];
  const catalog = await startCatalogFor(identity);
  // Catalog instances share the photo folder, as they would share a volume.
  const catalogs = [
    catalog,
    ...(await more(() => startCatalogFor(identity, { UPLOAD_DIR: catalog.config.UPLOAD_DIR }))),
  ];
  const requestsList = [
    await startRequestsFor(identity, catalog),
    ...(await more((i) => startRequestsFor(identity, catalogs[i]!))),
  ];
  const platform = {
    identity,
    catalog,
    requests: requestsList[0]!,
    replicas: { identity: identities, catalog: catalogs, requests: requestsList },
    /** A signed-in user both read models already know. */
    async user(userType: UserType, status: UserStatus = 'approved', address?: string) {
      const created = await identity.createUser(userType, status, userType, address);
      await waitForReadModel(platform.catalog.service.ctx.pool, 'catalog', created.id);
      await waitForReadModel(platform.requests.service.ctx.pool, 'requests', created.id);
      return { ...created, token: await identity.login(created.email) };
    },
    async stop() {
      // A test may have replaced the first requests or catalog instance: stop the current ones.
      const stopAll = (list: Array<{ stop(): Promise<void> }>) => Promise.all(list.map((s) => s.stop()));
      await stopAll([platform.requests, ...requestsList.slice(1)]);
      await stopAll([platform.catalog, ...catalogs.slice(1)]);
      await stopAll(identities);
    },
  };
  return platform;
}
export type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;
export type TestUser = Awaited<ReturnType<TestPlatform['user']>>;
export { sendMatchDigests } from './matching/digest';
