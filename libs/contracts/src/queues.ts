import { userEventQueues } from './events';
import { mailQueueName } from './mail';
import { medicineEventQueue } from './medicine-events';
import { pushQueueName } from './push';

/** Catalog's daily expiry scan (a BullMQ job scheduler). */
export const expiryScanQueueName = 'catalog.expiry-scan';
/** Requests asks catalog to release reserved stock through this queue. */
export const releaseQueueName = 'requests.reservation-releases';

/** A need created, changed, closed or deleted: svc-requests re-evaluates its matches. */
export const needMatchQueueName = 'requests.need-matches';
/** The hourly match e-mail digest (a BullMQ job scheduler in svc-requests). */
export const matchDigestQueueName = 'requests.match-digest';

/**
 * A password reset or unlock link asked for by e-mail address: svc-identity's request only writes
 * this job, the same for any address, and its worker looks the account up and sends the link.
 */
export const linkRequestQueueName = 'identity.link-requests';

/**
 * What a registration does after its answer (the account's event and e-mails, or the owner of an
 * address that had an account told): the request writes this job whatever the case.
 */
export const registrationQueueName = 'identity.registrations';

/** Every BullMQ queue of the platform: the admin queue dashboard shows these. */
export const allQueueNames = [
  mailQueueName,
  ...userEventQueues,
  medicineEventQueue,
  expiryScanQueueName,
  releaseQueueName,
  needMatchQueueName,
  matchDigestQueueName,
  pushQueueName,
  linkRequestQueueName,
  registrationQueueName,
] as const;
