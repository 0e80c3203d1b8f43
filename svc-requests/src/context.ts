import type { PickupOffer } from '@medrelay/contracts';
import type {
  Logger,
  MailSecrets,
  OutboxRelay,
  Pool,
  PoolClient,
  Redis,
  SettingsReader,
  TokenVerifier,
} from '@medrelay/service-kit';
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
  /** Seals what an e-mail must carry but a queue must not show (the requester's handover code). */
  mailSecrets: MailSecrets;
  /** The pickup module's hooks into the request life cycle (set once it is built). */
  pickup?: PickupHooks;
}

/** What requests/service.ts calls on the pickup module (windows with an approval; reminders off after a move). */
export interface PickupHooks {
  /** Refuses an offer with a window already over or after the pack expires (400), before anything is written. */
  checkOffer(
    client: PoolClient,
    medicineId: number,
    offer: PickupOffer,
    pathOf?: (index: number) => string,
  ): Promise<void>;
  /** Writes the windows offered with an approval (the approval notice covers them); their instants. */
  offerOnApproval(
    client: PoolClient,
    requestId: number,
    offer: PickupOffer,
  ): Promise<{ startsAt: Date; endsAt: Date }[]>;
  onRequestMoved(requestId: number, to: string): Promise<void>;
}

export const schema = 'requests';

/** Releases of reservations, queued with the change that needs them and retried until done. */
export { releaseQueueName } from '@medrelay/contracts';
