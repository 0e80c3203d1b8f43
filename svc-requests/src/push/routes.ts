import { requestApi } from '@medrelay/contracts/api-routes';
import type { PushSubscriptionInfo } from '@medrelay/contracts';
import { httpError, mount } from '@medrelay/service-kit';
import Bowser from 'bowser';
import { Router } from 'express';
import type { RequestsContext } from '../context';
import { listSubscriptions, removeSubscription, saveSubscription, type SubscriptionRow } from './repo';
import type { VapidKeys } from './service';

const info = (row: SubscriptionRow): PushSubscriptionInfo => ({
  id: row.id,
  device: row.device,
  createdAt: row.created_at.toISOString(),
  lastPushedAt: row.last_pushed_at?.toISOString() ?? null,
});

/** "Chrome 131 on Android": what the settings list names a device by. */
function deviceOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  return [name, os.name].filter(Boolean).join(' · ').slice(0, 100) || null;
}

/** The caller's devices that receive push: the key to subscribe with, subscribe, list, remove. */
export function pushRoutes(ctx: RequestsContext, vapid: VapidKeys | null): Router {
  const api = { router: Router(), verifier: ctx.verifier };

  mount(api, requestApi.pushKey, async () => ({ publicKey: vapid?.publicKey ?? null }));

  mount(api, requestApi.myPushSubscriptions, async ({ caller }) =>
    (await listSubscriptions(ctx.pool, caller.id)).map(info),
  );

  mount(api, requestApi.subscribePush, async ({ caller, body, req }) => {
    if (!vapid) throw httpError.unavailable('PUSH_UNAVAILABLE', 'pushUnavailable');
    return info(await saveSubscription(ctx.pool, caller.id, body, deviceOf(req.get('user-agent'))));
  });

  mount(api, requestApi.unsubscribePush, async ({ caller, query }) => {
    await removeSubscription(ctx.pool, caller.id, query.endpoint);
  });

  return api.router;
}
