import { callApi } from '@medrelay/api-client';
import { requestEndpoints } from '@medrelay/contracts/endpoints';
import { pushEndpointDigest } from '@medrelay/domain';

/**
 * This device's push subscription as svc-requests last took it for the signed-in user (its
 * endpoint's digest). A `medrelay:` key, so it goes with the user's other data at sign-out or
 * when another person signs in (api-client `forgetUserData`).
 */
const registeredKey = 'medrelay:push-endpoint';

/** Remembers (or, null, forgets) the subscription this user turned on here. */
export function rememberRegisteredPush(digest: string | null): void {
  if (digest) localStorage.setItem(registeredKey, digest);
  else localStorage.removeItem(registeredKey);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

/**
 * A push service may rotate a subscription; the worker then subscribes again by itself
 * (`pushsubscriptionchange`) but holds no session to tell svc-requests, which would go on pushing
 * to the old endpoint until the settings card was opened. An open tab, or the next one opened,
 * hands the new subscription over, only for a user who turned push on here. Returns whether it did.
 */
export async function handOverRenewedPush(): Promise<boolean> {
  const remembered = localStorage.getItem(registeredKey);
  if (!remembered) return false;
  const subscription = await currentSubscription();
  if (!subscription) return false;
  const digest = await pushEndpointDigest(subscription.endpoint);
  if (digest === remembered) return false;
  await callApi(requestEndpoints.subscribePush, { body: subscription.toJSON() as never });
  rememberRegisteredPush(digest);
  return true;
}
