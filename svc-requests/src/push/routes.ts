import { requestApi } from '@medrelay/contracts/api-routes';
import { translate, type PushSubscriptionInfo } from '@medrelay/contracts';
import { isAllowedPushEndpoint, pushEndpointDigest } from '@medrelay/domain';
import { httpError, mount, requestLanguage } from '@medrelay/service-kit';
import Bowser from 'bowser';
import { Router } from 'express';
import type { RequestsContext } from '../context';
import {
  listSubscriptions,
  removeOwnSubscription,
  removeSubscription,
  saveSubscription,
  type SubscriptionRow,
} from './repo';
import type { VapidKeys } from './service';

const info = async (row: SubscriptionRow): Promise<PushSubscriptionInfo> => ({
  id: row.id,
  device: row.device,
  createdAt: row.created_at.toISOString(),
  lastPushedAt: row.last_pushed_at?.toISOString() ?? null,
  endpointDigest: await pushEndpointDigest(row.endpoint),
});

/** "Chrome 131 on Android": what the settings list names a device by. */
function deviceOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  return [name, os.name].filter(Boolean).join(' · ').slice(0, 100) || null;
}

/**
 * The caller's devices that receive push: the key to subscribe with, subscribe, list, and remove
 * (this device by its endpoint, any of one's devices by its id).
 */
export function pushRoutes(
  ctx: RequestsContext,
  vapid: VapidKeys | null,
  pushHosts: readonly string[] | null,
): Router {
  const api = { router: Router(), verifier: ctx.verifier };

  mount(api, requestApi.pushKey, async () => ({ publicKey: vapid?.publicKey ?? null }));

  mount(api, requestApi.myPushSubscriptions, async ({ caller }) =>
    Promise.all((await listSubscriptions(ctx.pool, caller.id)).map(info)),
  );

  mount(api, requestApi.subscribePush, async ({ caller, body, req }) => {
    if (!vapid) throw httpError.unavailable('PUSH_UNAVAILABLE', 'pushUnavailable');
    // Only a browser's push service is ever POSTed to, never an address a caller chose.
    if (!isAllowedPushEndpoint(body.endpoint, pushHosts)) {
      const message = translate('pushEndpointInvalid', requestLanguage(req));
      throw httpError.validation(message, [{ path: 'endpoint', rule: 'pushEndpointInvalid', message }]);
    }
    return info(await saveSubscription(ctx.pool, caller.id, body, deviceOf(req.get('user-agent'))));
  });

  mount(api, requestApi.unsubscribePush, async ({ caller, query }) => {
    await removeSubscription(ctx.pool, caller.id, query.endpoint);
  });

  // Any of one's devices, from another one (a lost phone, a sold laptop): by its id in the list.
  mount(api, requestApi.removePushSubscription, async ({ caller, params }) => {
    if (!(await removeOwnSubscription(ctx.pool, caller.id, params.id)))
      throw httpError.notFound('pushSubscriptionNotFound');
  });

  return api.router;
}
