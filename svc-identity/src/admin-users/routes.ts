import {
  activityQuerySchema,
  idParam,
  listPageQuerySchema,
  type ListPageQuery,
  statsQuerySchema,
  type ActivityQuery,
  type StatsQuery,
  userListQuerySchema,
  userStatusChangeSchema,
  type UserListQuery,
} from '@medrelay/contracts';
import { authenticate, callerOf, requirePermission, sendPage, validate } from '@medrelay/service-kit';
import { Router, type Response } from 'express';
import type { IdentityContext } from '../context';
import { createAdminUserService } from './service';

const idOf = (res: Response) => (res.locals.params as { id: number }).id;

export function adminUserRoutes(ctx: IdentityContext): Router {
  const router = Router();
  const users = createAdminUserService(ctx);
  const adminOnly = [authenticate(ctx.verifier), requirePermission('user.manage')];

  // Identity's part of GET /api/admin/stats (the gateway adds the catalog's and requests').
  router.get(
    '/api/admin/users/stats',
    authenticate(ctx.verifier),
    requirePermission('reports.view'),
    validate({ query: statsQuerySchema }),
    async (_req, res) => {
      res.json(await users.stats((res.locals.query as StatsQuery).days));
    },
  );
  // Its part of the admin dashboard's recent activity (the gateway merges GET /api/admin/activity).
  router.get(
    '/api/admin/users/activity',
    authenticate(ctx.verifier),
    requirePermission('reports.view'),
    validate({ query: activityQuerySchema }),
    async (_req, res) => {
      res.json(await users.activity((res.locals.query as ActivityQuery).limit));
    },
  );
  router.get(
    '/api/admin/pending-users',
    ...adminOnly,
    validate({ query: listPageQuerySchema }),
    async (_req, res) => {
      sendPage(res, await users.pending(res.locals.query as ListPageQuery));
    },
  );
  router.get(
    '/api/admin/all-users',
    ...adminOnly,
    validate({ query: userListQuerySchema }),
    async (_req, res) => {
      sendPage(res, await users.list(res.locals.query as UserListQuery));
    },
  );
  router.put(
    '/api/admin/users/:id/approve',
    ...adminOnly,
    validate({ params: idParam }),
    async (_req, res) => {
      res.json(await users.changeStatus(callerOf(res).id, idOf(res), 'approved'));
    },
  );
  router.put(
    '/api/admin/users/:id/reject',
    ...adminOnly,
    validate({ params: idParam }),
    async (_req, res) => {
      res.json(await users.changeStatus(callerOf(res).id, idOf(res), 'rejected'));
    },
  );
  router.put(
    '/api/admin/users/:id/status',
    ...adminOnly,
    validate({ params: idParam, body: userStatusChangeSchema }),
    async (req, res) => {
      res.json(await users.changeStatus(callerOf(res).id, idOf(res), req.body.status));
    },
  );
  return router;
}
