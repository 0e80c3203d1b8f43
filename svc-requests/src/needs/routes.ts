import { requestApi } from '@medrelay/contracts/api-routes';
import { mount } from '@medrelay/service-kit';
import { Router } from 'express';
import type { RequestsContext } from '../context';
import { listNeeds } from './repo';
import { createNeedService } from './service';

/** The caller's wanted list: NGOs and pharmacies (permission `need.manage`). */
export function needRoutes(ctx: RequestsContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const needs = createNeedService(ctx);

  mount(api, requestApi.myNeeds, ({ caller, query }) => listNeeds(ctx.pool, caller.id, query));
  mount(api, requestApi.createNeed, ({ caller, body }) => needs.create(caller, body));
  mount(api, requestApi.updateNeed, ({ caller, params, body }) => needs.update(caller, params.id, body));
  mount(api, requestApi.deleteNeed, ({ caller, params }) => needs.remove(caller, params.id));

  return api.router;
}
