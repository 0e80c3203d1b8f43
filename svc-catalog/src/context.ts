import type { Logger, OutboxRelay, Pool, Redis, SettingsReader, TokenVerifier } from '@medrelay/service-kit';
import type { CatalogConfig } from './config';
import type { ImageStorage } from './images/storage';
import type { BrowseCache } from './medicines/browse-cache';
import type { BrowseMemo } from './medicines/browse-memo';
import type { BrowsingCallerOf } from './medicines/kept-browsing-callers';

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
  /** Browse pages kept in memory while current; null when turned off. */
  browseCache: BrowseCache | null;
  /** Orders and totals of browse lists, kept while nothing changed (noBrowseMemo without a feed). */
  browseMemo: BrowseMemo;
  /** Connections for browse's walks of an index: bitmap and sequential scans off (browse-walks-repo.ts). */
  indexOnlyPool: Pool;
  /** What browse reads of its caller (point, donations), kept while their row cannot have changed. */
  browsingCallerOf: BrowsingCallerOf;
}

export const schema = 'catalog';
