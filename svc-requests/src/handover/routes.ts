import { requestApi } from '@medrelay/contracts/api-routes';
import { mount } from '@medrelay/service-kit';
import { Router } from 'express';
import type { RequestsContext } from '../context';
import { createHandoverService } from './service';

export function handoverRoutes(ctx: RequestsContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const handover = createHandoverService(ctx);
  mount(api, requestApi.confirmHandover, ({ caller, params, body }) =>
    handover.handOver(caller, params.id, body.code),
  );
  return api.router;
}
