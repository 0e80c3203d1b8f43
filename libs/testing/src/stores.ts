import { inject } from 'vitest';

/** What the global test set-up started: real PostgreSQL, Redis and an SMTP sink on free ports. */
export interface TestStores {
  postgresBaseUrl: string;
  redisUrl: string;
  smtpUrl: string;
  mailDir: string;
  /** An SMTP sink that refuses (451) the first two messages of the run: for retry tests only. */
  flakySmtpUrl: string;
  flakyMailDir: string;
  jwtPrivateKey: string;
  jwtPublicKey: string;
  /** The run's keyring for sealed secrets (handover codes), one key. */
  sealingKeys: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stores: TestStores;
  }
}

export function testStores(): TestStores {
  return inject('stores');
}
