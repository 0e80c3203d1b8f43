import { userEventQueues } from './events';
import { mailQueueName } from './mail';
import { medicineEventQueue } from './medicine-events';

/** Catalog's daily expiry scan (a BullMQ job scheduler). */
export const expiryScanQueueName = 'catalog.expiry-scan';
/** Requests asks catalog to release reserved stock through this queue. */
export const releaseQueueName = 'requests.reservation-releases';

/** Every BullMQ queue of the platform: the admin queue dashboard shows these. */
export const allQueueNames = [
  mailQueueName,
  ...userEventQueues,
  medicineEventQueue,
  expiryScanQueueName,
  releaseQueueName,
] as const;
