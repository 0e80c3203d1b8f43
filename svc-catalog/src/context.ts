import type { Logger, OutboxRelay, Pool, Redis, SettingsReader, TokenVerifier } from '@medrelay/service-kit';
import type { CatalogConfig } from './config';
import type { ImageStorage } from './images/storage';

/** What every feature of svc-catalog is given; built once in service.ts. */
export interface CatalogContext {
  config: CatalogConfig;
  logger: Logger;
  pool: Pool;
  redis: Redis;
  prefix: string;
  verifier: TokenVerifier;
  outbox: OutboxRelay;
  storage: ImageStorage;
  settings: SettingsReader;
}

export const schema = 'catalog';
