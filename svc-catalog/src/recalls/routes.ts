import { catalogApi } from '@medrelay/contracts/api-routes';
import { mount } from '@medrelay/service-kit';
import { Router } from 'express';
import type { CatalogContext } from '../context';
import { createRecallService } from './service';

/** Batch recalls and quarantine, for administrators; whether a pack's batch is recalled, for the listing form. */
export function recallRoutes(ctx: CatalogContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const recalls = createRecallService(ctx);
  mount(api, catalogApi.previewRecall, ({ body }) => recalls.preview(body));
  mount(api, catalogApi.issueRecall, ({ caller, body }) => recalls.issue(caller, body));
  mount(api, catalogApi.recalls, ({ query }) => recalls.list(query));
  mount(api, catalogApi.liftRecall, ({ caller, params }) => recalls.lift(caller, params.id));
  mount(api, catalogApi.batchRecall, ({ params, query }) => recalls.batchRecall(params.gtin, query.batch));
  return api.router;
}
