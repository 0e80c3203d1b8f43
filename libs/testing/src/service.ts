import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiClient } from './http';
import { testStores } from './stores';

/**
 * The environment every service under test starts with: silent logs, a free port, the run's
 * Redis and token key, on the given database and Redis prefix. Each service adds its own keys.
 */
export function testServiceEnv(databaseUrl: string, prefix: string): Record<string, string> {
  const stores = testStores();
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    REDIS_URL: stores.redisUrl,
    REDIS_PREFIX: prefix,
    JWT_PUBLIC_KEY: stores.jwtPublicKey,
    SEALING_KEYS: stores.sealingKeys,
  };
}

/** Puts a built service on a free port: its base URL, a test HTTP client and how to stop it. */
export async function listenForTest<
  S extends { listen(port: number): Promise<Server>; stop(): Promise<void> },
  C,
>(service: S, config: C) {
  const server = await service.listen(0);
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { service, config, baseUrl, api: apiClient(baseUrl), stop: () => service.stop() };
}
