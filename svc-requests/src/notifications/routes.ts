import { idParam, notificationListQuerySchema, type NotificationListQuery } from '@medrelay/contracts';
import {
  authenticate,
  callerOf,
  httpError,
  requestLanguage,
  requireApproved,
  sendPage,
  validate,
} from '@medrelay/service-kit';
import { Router, type Response } from 'express';
import type { RequestsContext } from '../context';
import { listNotifications, markAllRead, markRead, toNotification } from './repo';

const idOf = (res: Response) => (res.locals.params as { id: number }).id;

/** The caller's own notifications, a page at a time, newest first; the unread count in X-Unread-Count. */
export function notificationRoutes(ctx: RequestsContext): Router {
  const router = Router();
  const signedIn = [authenticate(ctx.verifier), requireApproved];

  router.get(
    '/api/notifications',
    ...signedIn,
    validate({ query: notificationListQuerySchema }),
    async (req, res) => {
      const query = res.locals.query as NotificationListQuery;
      const { rows, unread, total } = await listNotifications(ctx.pool, callerOf(res).id, query);
      res.set('X-Unread-Count', String(unread));
      res.set('Access-Control-Expose-Headers', 'X-Unread-Count');
      sendPage(res, { items: rows.map((row) => toNotification(row, requestLanguage(req))), total });
    },
  );

  router.put('/api/notifications/read-all', ...signedIn, async (_req, res) => {
    res.json({ updated: await markAllRead(ctx.pool, callerOf(res).id) });
  });

  router.put('/api/notifications/:id/read', ...signedIn, validate({ params: idParam }), async (req, res) => {
    // Someone else's notification is answered like a missing one: ids reveal nothing.
    const row = await markRead(ctx.pool, callerOf(res).id, idOf(res));
    if (!row) throw httpError.notFound('notificationNotFound');
    res.json(toNotification(row, requestLanguage(req)));
  });

  return router;
}
