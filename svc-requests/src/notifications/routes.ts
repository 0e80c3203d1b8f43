import { requestApi } from '@medrelay/contracts/api-routes';
import { httpError, mount, requestLanguage } from '@medrelay/service-kit';
import { Router } from 'express';
import type { RequestsContext } from '../context';
import { listNotifications, markAllRead, markRead, toNotification } from './repo';

/** The caller's own notifications, a page at a time, newest first; the unread count in X-Unread-Count. */
export function notificationRoutes(ctx: RequestsContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };

  mount(api, requestApi.notifications, async ({ caller, query, req, res }) => {
    const { rows, unread, total } = await listNotifications(ctx.pool, caller.id, query);
    res.set('X-Unread-Count', String(unread));
    res.set('Access-Control-Expose-Headers', 'X-Unread-Count');
    return { items: rows.map((row) => toNotification(row, requestLanguage(req))), total };
  });

  mount(api, requestApi.readAllNotifications, async ({ caller }) => ({
    updated: await markAllRead(ctx.pool, caller.id),
  }));

  mount(api, requestApi.readNotification, async ({ caller, params, req }) => {
    // Someone else's notification is answered like a missing one: ids reveal nothing.
    const row = await markRead(ctx.pool, caller.id, params.id);
    if (!row) throw httpError.notFound('notificationNotFound');
    return toNotification(row, requestLanguage(req));
  });

  return api.router;
}
