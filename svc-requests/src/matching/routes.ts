import { requestApi } from '@medrelay/contracts/api-routes';
import { mount } from '@medrelay/service-kit';
import { Router } from 'express';
import type { RequestsContext } from '../context';
import { listMatches } from './repo';

/** The caller's matches: read only; matching itself runs in the queue consumers. */
export function matchRoutes(ctx: RequestsContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  mount(api, requestApi.needMatches, ({ caller, query }) => listMatches(ctx.pool, caller.id, query));
  return api.router;
}
