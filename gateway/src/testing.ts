import type { AddressInfo } from 'node:net';
import { createLogger } from '@medrelay/service-kit';
import { startTestIdentity, type TestIdentity } from '@medrelay/svc-identity/testing';
import { medicineInput, startTestPlatform, type TestPlatform } from '@medrelay/svc-requests/testing';
import { apiClient, testStores } from '@medrelay/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { gatewayConfigShape, type GatewayConfig } from './config';
import { createGateway } from './gateway';

/**
 * Starts a real gateway in this process on a free port (or `PORT`, to come back on the port a
 * stopped one had), in front of the given services.
 */
export async function startTestGateway(
  prefix: string,
  overrides: Partial<Record<keyof GatewayConfig, string>> = {},
  logger = createLogger('gateway', 'silent'),
) {
  const stores = testStores();
  const config = z.object(gatewayConfigShape).parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REDIS_URL: stores.redisUrl,
    REDIS_PREFIX: prefix,
    JWT_PUBLIC_KEY: stores.jwtPublicKey,
    // Nothing listens on port 9 (discard): an absent service.
    CATALOG_URL: 'http://127.0.0.1:9',
    REQUESTS_URL: 'http://127.0.0.1:9',
    ...overrides,
  });
  const gateway = await createGateway(config, logger);
  const server = await gateway.listen(Number(overrides.PORT ?? 0));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The internal port (/metrics, the detailed /health): a free port of its own here.
  const internalUrl = `http://127.0.0.1:${(gateway.internalServer!.address() as AddressInfo).port}`;
  return { gateway, baseUrl, internalUrl, api: apiClient(baseUrl), stop: () => gateway.stop() };
}

/** A gateway started by `startTestGateway`. */
export type TestGateway = Awaited<ReturnType<typeof startTestGateway>>;

/**
 * For a test file: the three real services and a gateway in front of them, started before its
 * tests (before the file's own `beforeAll`, which may then read `p` and `gw`) and stopped after them.
 */
export function platformBehindGateway(overrides: Partial<Record<keyof GatewayConfig, string>> = {}) {
  const started = {} as { p: TestPlatform; gw: TestGateway };
  beforeAll(async () => {
    started.p = await startTestPlatform();
    started.gw = await startTestGateway(started.p.identity.prefix, {
      IDENTITY_URL: started.p.identity.baseUrl,
      CATALOG_URL: started.p.catalog.baseUrl,
      REQUESTS_URL: started.p.requests.baseUrl,
      ...overrides,
    });
  });
  afterAll(async () => {
    await started.gw?.stop();
    await started.p?.stop();
  });
  return started;
}

/**
 * For a test file: a real svc-identity and a gateway in front of it, started before its tests
 * and stopped after them. `overrides` may use the identity (its URL, say).
 */
export function identityBehindGateway(
  overrides: (identity: TestIdentity) => Partial<Record<keyof GatewayConfig, string>> = () => ({}),
) {
  const started = {} as { identity: TestIdentity; gw: Awaited<ReturnType<typeof startTestGateway>> };
  beforeAll(async () => {
    started.identity = await startTestIdentity();
    started.gw = await startTestGateway(started.identity.prefix, {
      IDENTITY_URL: started.identity.baseUrl,
      ...overrides(started.identity),
    });
  });
  afterAll(async () => {
    await started.gw?.stop();
    await started.identity?.stop();
  });
  return started;
}

/**
 * One completed transfer through the gateway: the pharmacy lists `quantity` units for NGOs, the
 * NGO requests them all, the pharmacy approves, the NGO collects. Returns the request's id.
 */
export async function completedTransfer(
  gw: TestGateway,
  pharmacy: { token: string },
  ngo: { token: string },
  quantity: number,
): Promise<number> {
  const listed = await gw.api.post('/api/medicines', medicineInput({ recipientType: 'ngos', quantity }), {
    token: pharmacy.token,
  });
  expect(listed.status).toBe(201);
  const requested = await gw.api.post(
    '/api/requests',
    { medicineId: listed.body.id, quantity },
    { token: ngo.token },
  );
  expect(requested.status).toBe(201);
  for (const [status, by] of [
    ['approved', pharmacy],
    ['completed', ngo],
  ] as const) {
    const moved = await gw.api.put(
      `/api/requests/${requested.body.id}/status`,
      { status },
      { token: by.token },
    );
    expect(moved.status).toBe(200);
  }
  return requested.body.id;
}
