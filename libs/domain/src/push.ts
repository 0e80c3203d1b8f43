import type { NotificationType } from '@medrelay/contracts';

/**
 * What cannot wait for the next look at the app, and so is also pushed to the reader's devices:
 * an answer to their request, a pickup time set or changed, a pickup reminder, a recall of what
 * they hold, and a match for a need they marked urgent. Everything else waits in the bell.
 */
export const pushedNotificationTypes = [
  'request-approved',
  'request-rejected',
  'pickup-update',
  'pickup-reminder',
  'recall-quarantined',
  'need-match',
] as const satisfies readonly NotificationType[];

/** Of those, pushed only when the need they are about is urgent. */
export const pushedOnlyForUrgentNeeds = ['need-match'] as const satisfies readonly NotificationType[];

export function isPushed(type: NotificationType, needUrgent: boolean): boolean {
  if (!(pushedNotificationTypes as readonly string[]).includes(type)) return false;
  return needUrgent || !(pushedOnlyForUrgentNeeds as readonly string[]).includes(type);
}
