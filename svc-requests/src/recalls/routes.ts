import { requestApi } from '@medrelay/contracts/api-routes';
import { mount } from '@medrelay/service-kit';
import { Router } from 'express';
import type { RequestsContext } from '../context';
import { createRecallReachService } from './reach';

/** Who a recall reached, resends (admins), and each party's notices and acknowledgement. */
export function recallReachRoutes(ctx: RequestsContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const reach = createRecallReachService(ctx);
  mount(api, requestApi.recallReach, ({ params }) => reach.reach(params.id));
  mount(api, requestApi.resendRecallNotices, ({ params, body }) => reach.resend(params.id, body.round));
  mount(api, requestApi.myRecallNotices, ({ caller }) => reach.myNotices(caller));
  mount(api, requestApi.acknowledgeRecall, ({ caller, params }) => reach.acknowledge(caller, params.id));
  return api.router;
}
