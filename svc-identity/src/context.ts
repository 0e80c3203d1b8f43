import type { Logger, OutboxRelay, Pool, Redis, TokenVerifier } from '@medrelay/service-kit';
import type { IdentityConfig } from './config';
import type { SettingsStore } from './settings/store';
import type { TokenIssuer } from './auth/tokens';

/** What every feature of svc-identity is given; built once in service.ts. */
export interface IdentityContext {
  config: IdentityConfig;
  logger: Logger;
  pool: Pool;
  redis: Redis;
  prefix: string;
  settings: SettingsStore;
  tokens: TokenIssuer;
  verifier: TokenVerifier;
  outbox: OutboxRelay;
}

export const schema = 'identity';
