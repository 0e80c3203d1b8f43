import { catalogApi } from '@medrelay/contracts/api-routes';
import { answered, idempotentCommand, mount, RequestGate, requestLanguage } from '@medrelay/service-kit';
import { Router } from 'express';
import type { CatalogContext } from '../context';
import { createMedicineService } from './service';

export function medicineRoutes(ctx: CatalogContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const medicines = createMedicineService(ctx);
  // Browse queries run as many at a time as the pool has connections; one whose client has left
  // meanwhile is skipped, one that waited too long is refused (service-kit request-gate.ts).
  const browseGate = new RequestGate(ctx.pool.options.max ?? 10, {
    maxWaitMs: ctx.config.BROWSE_MAX_WAIT_MS || undefined,
  });

  // A listing made offline is sent by the browser's service worker when the connection returns,
  // perhaps twice (an answer lost on the way): its Idempotency-Key makes it once.
  mount(api, catalogApi.createMedicine, ({ caller, body }) => medicines.create(caller, body), {
    before: [idempotentCommand(ctx.redis, ctx.prefix)],
  });
  mount(api, catalogApi.myMedicines, ({ caller, query }) => medicines.mine(caller, query));
  mount(api, catalogApi.myMedicineSummary, ({ caller }) => medicines.mySummary(caller));
  // Every signed-in role has the header's expiry bell; roles without stock get an empty list.
  mount(api, catalogApi.expiringMedicines, ({ caller, query }) => medicines.expiring(caller, query.days));
  mount(api, catalogApi.browseMedicines, async ({ caller, query: asked, req, res }) => {
    const { query, hints, noneOffered } = await medicines.resolveBrowse(caller, asked, requestLanguage(req));
    // A caller is told why the list is not all it could be (no point, no donations: the screens say what to set).
    if (hints.length)
      res.set({ 'X-Browse-Hint': hints.join(', '), 'Access-Control-Expose-Headers': 'X-Browse-Hint' });
    if (noneOffered) return { items: [], total: 0, estimated: false };
    if (!ctx.browseCache) return medicines.browse(caller, query);
    await ctx.browseCache.answer(req, res, caller, query, () =>
      browseGate.run(req, res, () => medicines.browse(caller, query)),
    );
    return answered;
  });
  mount(api, catalogApi.medicine, ({ caller, params }) => medicines.get(caller, params.id));
  mount(api, catalogApi.updateMedicine, ({ caller, params, body, req }) =>
    medicines.update(caller, params.id, body, requestLanguage(req)),
  );
  mount(api, catalogApi.unlistMedicine, ({ caller, params }) => medicines.unlist(caller, params.id));
  mount(api, catalogApi.allMedicines, ({ query }) => medicines.all(query));
  mount(api, catalogApi.unlistMedicineByAdmin, ({ params }) => medicines.unlistByAdmin(params.id));

  return api.router;
}
