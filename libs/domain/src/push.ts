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

/**
 * A push subscription's endpoint as its SHA-256 in base64url: what the server lists devices by
 * and what a browser computes from its own subscription to find itself among them (the same
 * Web Crypto in both).
 */
export async function pushEndpointDigest(endpoint: string): Promise<string> {
  const digest = new Uint8Array(
    await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)),
  );
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The push services of the browsers people use (Chrome and Edge on Android, Firefox, Safari, Windows). */
export const knownPushServiceHosts = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/**
 * Whether a subscription's endpoint names one of these push services over HTTPS (a host, or one
 * of its subdomains); null hosts means any endpoint (tests and local runs).
 */
export function isAllowedPushEndpoint(endpoint: string, hosts: readonly string[] | null): boolean {
  if (!hosts) return true;
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
  if (url?.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
