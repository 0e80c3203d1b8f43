import type { Logger, MailSecrets, OutboxRelay, Pool, Redis, TokenVerifier } from '@medrelay/service-kit';
import type { Clock } from '@medrelay/service-kit/clock';
import type { DeviceCookies } from './devices/cookie';
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
  /** The time e-mailed links lapse by (tests move it instead of sleeping). */
  clock: Clock;
  /** Seals link tokens into mail jobs, for the mail worker alone to open. */
  secrets: MailSecrets;
  devices: DeviceCookies;
}

export const schema = 'identity';
