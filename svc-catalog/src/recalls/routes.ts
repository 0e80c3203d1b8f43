import { catalogApi } from '@medrelay/contracts/api-routes';
import { mount } from '@medrelay/service-kit';
import { Router } from 'express';
import type { CatalogContext } from '../context';
import { createRecallService } from './service';

/** Batch recalls and quarantine (issue 17), for administrators. */
export function recallRoutes(ctx: CatalogContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const recalls = createRecallService(ctx);
  mount(api, catalogApi.issueRecall, ({ caller, body }) => recalls.issue(caller, body));
  mount(api, catalogApi.recalls, ({ query }) => recalls.list(query));
  mount(api, catalogApi.liftRecall, ({ caller, params }) => recalls.lift(caller, params.id));
  return api.router;
}
