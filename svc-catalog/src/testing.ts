import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MedicineCreateInput, UserStatus, UserType } from '@medrelay/contracts';
import { addDays, cairoToday } from '@medrelay/domain';
import { createLogger, findReadModelUser, type Pool, type ReadModelUser } from '@medrelay/service-kit';
import { startTestIdentity, type TestIdentity } from '@medrelay/svc-identity/testing';
import { listenForTest, testServiceEnv, waitUntil } from '@medrelay/testing';
import { z } from 'zod';
import { catalogConfigShape, type CatalogConfig } from './config';
import { createCatalogService } from './service';

export const testInternalSecret = 'test-internal-secret-0123456789';

/** Starts a real svc-catalog in this process on the identity's database and Redis prefix. */
export async function startCatalogFor(
  identity: TestIdentity,
  overrides: Partial<Record<keyof CatalogConfig, string>> = {},
) {
  const config = z.object(catalogConfigShape).parse({
    ...testServiceEnv(identity.databaseUrl, identity.prefix),
    INTERNAL_SECRET: testInternalSecret,
    UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'medrelay-uploads-')),
    ...overrides,
  });
  const service = await createCatalogService(config, createLogger('svc-catalog', config.LOG_LEVEL));
  return listenForTest(service, config);
}
export type TestCatalog = Awaited<ReturnType<typeof startCatalogFor>>;

/** Waits until a service's read model (`<schema>.users`) has this user at least at `version`. */
export async function waitForReadModel(
  pool: Pool,
  schema: string,
  userId: number,
  check: (row: ReadModelUser) => boolean = () => true,
) {
  await waitUntil(
    async () => {
      const user = await findReadModelUser(pool, schema, userId);
      return user ? check(user) : false;
    },
    { what: `user ${userId} in ${schema}.users` },
  );
}

/** Identity and catalog together, with helpers for signed-in users the catalog already knows. */
export async function startTestCatalog(overrides: Partial<Record<keyof CatalogConfig, string>> = {}) {
  const identity = await startTestIdentity();
  const platform = {
    identity,
    /** Replaceable: a test may stop the catalog and start another on the same stores. */
    catalog: await startCatalogFor(identity, overrides),
    get api() {
      return platform.catalog.api;
    },
    async user(userType: UserType, status: UserStatus = 'approved', address?: string) {
      const created = await identity.createUser(userType, status, userType, address);
      await waitForReadModel(platform.catalog.service.ctx.pool, 'catalog', created.id);
      return { ...created, token: await identity.login(created.email) };
    },
    async stop() {
      await platform.catalog.stop();
      await identity.stop();
    },
  };
  return platform;
}
export type TestCatalogPlatform = Awaited<ReturnType<typeof startTestCatalog>>;

/**
 * The expiry day (YYYY-MM-DD, good through its end in Cairo) that leaves `days` days left as
 * libs/domain counts them (today counted): 1 is today.
 */
export function expiryDayFor(days: number): string {
  return addDays(cairoToday(), days - 1);
}

/** A valid listing expiring with `days` days left (whole days, at least 1). */
export function medicineInput(overrides: Partial<MedicineCreateInput> = {}, days = 60): MedicineCreateInput {
  return {
    name: 'Panadol Extra 500mg',
    type: 'tablets',
    description: 'Sealed boxes',
    quantity: 10,
    originalPrice: 45.5,
    discountPrice: 20,
    expiryDate: expiryDayFor(days),
    recipientType: 'both',
    ...overrides,
  };
}
