import type { Logger, OutboxRelay, Pool, Redis, SettingsReader, TokenVerifier } from '@medrelay/service-kit';
import type { CatalogClient } from './catalog-client';
import type { RequestsConfig } from './config';

/** What every feature of svc-requests is given; built once in service.ts. */
export interface RequestsContext {
  config: RequestsConfig;
  logger: Logger;
  pool: Pool;
  redis: Redis;
  prefix: string;
  verifier: TokenVerifier;
  outbox: OutboxRelay;
  catalog: CatalogClient;
  settings: SettingsReader;
}

export const schema = 'requests';

/** Releases of reservations, queued with the change that needs them and retried until done. */
export { releaseQueueName } from '@medrelay/contracts';
