import {
  donationStatusQuerySchema,
  type DonationStatusQuery,
  idParam,
  requestCreateSchema,
  adminRequestQuerySchema,
  requestListQuerySchema,
  requestStatusUpdateSchema,
  type AdminRequestQuery,
  type RequestListQuery,
} from '@medrelay/contracts';
import {
  authenticate,
  callerOf,
  httpError,
  requestLanguage,
  requireApproved,
  requirePermission,
  sendPage,
  validate,
} from '@medrelay/service-kit';
import { Router, type Response } from 'express';
import type { RequestsContext } from '../context';
import { listAll, listForUser, loadRequest, transactionsForUser } from './repo';
import { createRequestService, donationStatusesOf, requestSummary } from './service';

const idOf = (res: Response) => (res.locals.params as { id: number }).id;

export function requestRoutes(ctx: RequestsContext): Router {
  const router = Router();
  const requests = createRequestService(ctx);
  const signedIn = [authenticate(ctx.verifier), requireApproved];
  const parties = [...signedIn, requirePermission('transaction.viewOwn')];

  router.post(
    '/api/requests',
    ...signedIn,
    requirePermission('request.create'),
    validate({ body: requestCreateSchema }),
    async (req, res) => {
      res.status(201).json(await requests.create(callerOf(res), req.body));
    },
  );

  router.get(
    '/api/requests/my',
    ...parties,
    validate({ query: requestListQuerySchema }),
    async (_req, res) => {
      const { page, pageSize, ...filter } = res.locals.query as RequestListQuery;
      sendPage(res, await listForUser(ctx.pool, callerOf(res).id, filter, { page, pageSize }));
    },
  );

  router.get('/api/requests/my/summary', ...parties, async (_req, res) => {
    res.json(await requestSummary(ctx.pool, callerOf(res).id));
  });

  router.get(
    '/api/requests/my/donation-status',
    ...parties,
    validate({ query: donationStatusQuerySchema }),
    async (_req, res) => {
      const { ids } = res.locals.query as DonationStatusQuery;
      res.json(await donationStatusesOf(ctx.pool, callerOf(res).id, ids));
    },
  );

  router.get('/api/requests/:id', ...signedIn, validate({ params: idParam }), async (_req, res) => {
    const caller = callerOf(res);
    const request = await loadRequest(ctx.pool, idOf(res), caller.id);
    if (!request) throw httpError.notFound('requestNotFound');
    if (caller.role !== 'admin' && request.requesterId !== caller.id && request.providerId !== caller.id) {
      throw httpError.forbidden('notYourRequest');
    }
    if (caller.role === 'admin' && request.requesterId !== caller.id) delete request.direction;
    res.json(request);
  });

  router.put(
    '/api/requests/:id/status',
    ...signedIn,
    validate({ params: idParam, body: requestStatusUpdateSchema }),
    async (req, res) => {
      res.json(await requests.changeStatus(callerOf(res), idOf(res), req.body, requestLanguage(req)));
    },
  );

  router.get(
    '/api/transactions/my',
    ...parties,
    validate({ query: requestListQuerySchema }),
    async (_req, res) => {
      const { page, pageSize, ...filter } = res.locals.query as RequestListQuery;
      sendPage(res, await transactionsForUser(ctx.pool, callerOf(res).id, filter, { page, pageSize }));
    },
  );

  router.get(
    '/api/admin/all-requests',
    authenticate(ctx.verifier),
    requirePermission('admin.viewAll'),
    validate({ query: adminRequestQuerySchema }),
    async (_req, res) => {
      sendPage(res, await listAll(ctx.pool, res.locals.query as AdminRequestQuery));
    },
  );

  return router;
}
