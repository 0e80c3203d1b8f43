import { requestApi } from '@medrelay/contracts/api-routes';
import { httpError, idempotentCommand, mount, requestLanguage } from '@medrelay/service-kit';
import { Router } from 'express';
import type { RequestsContext } from '../context';
import { createHandoverService } from '../handover/service';
import { listAll, listForUser, loadRequest, transactionsForUser } from './repo';
import { createRequestService, donationStatusesOf, requestSummary } from './service';

export function requestRoutes(ctx: RequestsContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const requests = createRequestService(ctx);
  const handover = createHandoverService(ctx);

  // A request made offline is sent by the browser's service worker when the connection returns,
  // perhaps twice (an answer lost on the way): its Idempotency-Key makes it once.
  mount(api, requestApi.createRequest, ({ caller, body }) => requests.create(caller, body), {
    before: [idempotentCommand(ctx.redis, ctx.prefix)],
  });
  mount(api, requestApi.myRequests, ({ caller, query: { page, pageSize, ...filter } }) =>
    listForUser(ctx.pool, caller.id, filter, { page, pageSize }),
  );
  mount(api, requestApi.myRequestSummary, ({ caller }) => requestSummary(ctx.pool, caller.id));
  // Before /api/requests/:id, which would take "my" for an id.
  mount(api, requestApi.myDonationStatus, ({ caller, query }) =>
    donationStatusesOf(ctx.pool, caller.id, query.ids),
  );
  mount(api, requestApi.request, async ({ caller, params }) => {
    const request = await loadRequest(ctx.pool, params.id, caller.id);
    if (!request) throw httpError.notFound('requestNotFound');
    if (caller.role !== 'admin' && request.requesterId !== caller.id && request.providerId !== caller.id) {
      throw httpError.forbidden('notYourRequest');
    }
    if (caller.role === 'admin' && request.requesterId !== caller.id) delete request.direction;
    // The handover code: the requester's alone, never the owner's, never in lists.
    const handoverCode = await handover.codeFor(request, caller);
    return handoverCode ? { ...request, handoverCode } : request;
  });
  mount(api, requestApi.changeRequestStatus, ({ caller, params, body, req }) =>
    requests.changeStatus(caller, params.id, body, requestLanguage(req)),
  );
  mount(api, requestApi.confirmCollection, ({ caller, params }) =>
    requests.confirmCollection(caller, params.id),
  );
  mount(api, requestApi.disputeCollection, ({ caller, params }) =>
    requests.disputeCollection(caller, params.id),
  );
  mount(api, requestApi.myTransactions, ({ caller, query: { page, pageSize, ...filter } }) =>
    transactionsForUser(ctx.pool, caller.id, filter, { page, pageSize }),
  );
  mount(api, requestApi.allRequests, ({ query }) => listAll(ctx.pool, query));

  return api.router;
}
