import { catalogApi } from '@medrelay/contracts/api-routes';
import { mount } from '@medrelay/service-kit';
import { Router } from 'express';
import type { CatalogContext } from '../context';
import { createProductService } from './service';

/** The product dictionary: a scanned GTIN's name and dosage form, and the admin's corrections. */
export function productRoutes(ctx: CatalogContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const products = createProductService(ctx);
  mount(api, catalogApi.product, ({ params }) => products.get(params.gtin));
  mount(api, catalogApi.products, ({ query }) => products.list(query));
  mount(api, catalogApi.correctProduct, ({ params, body }) => products.correct(params.gtin, body));
  return api.router;
}
