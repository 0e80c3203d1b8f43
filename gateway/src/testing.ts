import type { AddressInfo } from 'node:net';
import { createLogger } from '@medrelay/service-kit';
import { apiClient, testStores } from '@medrelay/testing';
import { z } from 'zod';
import { gatewayConfigShape, type GatewayConfig } from './config';
import { createGateway } from './gateway';

/** Starts a real gateway in this process on a free port, in front of the given services. */
export async function startTestGateway(
  prefix: string,
  overrides: Partial<Record<keyof GatewayConfig, string>> = {},
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
  const gateway = await createGateway(config, createLogger('gateway', 'silent'));
  const server = await gateway.listen(0);
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { gateway, baseUrl, api: apiClient(baseUrl), stop: () => gateway.stop() };
}
