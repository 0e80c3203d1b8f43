import {
  productListQuerySchema,
  productParams,
  productUpdateSchema,
  type ProductListQuery,
} from '@medrelay/contracts';
import { authenticate, requireApproved, requirePermission, sendPage, validate } from '@medrelay/service-kit';
import { Router, type Response } from 'express';
import type { CatalogContext } from '../context';
import { createProductService } from './service';

const gtinOf = (res: Response) => (res.locals.params as { gtin: string }).gtin;

export function productRoutes(ctx: CatalogContext): Router {
  const router = Router();
  const products = createProductService(ctx);

  router.get(
    '/api/products/:gtin',
    authenticate(ctx.verifier),
    requireApproved,
    validate({ params: productParams }),
    async (_req, res) => {
      res.json(await products.get(gtinOf(res)));
    },
  );

  router.get(
    '/api/admin/products',
    authenticate(ctx.verifier),
    requirePermission('product.manage'),
    validate({ query: productListQuerySchema }),
    async (_req, res) => {
      sendPage(res, await products.list(res.locals.query as ProductListQuery));
    },
  );

  router.put(
    '/api/admin/products/:gtin',
    authenticate(ctx.verifier),
    requirePermission('product.manage'),
    validate({ params: productParams, body: productUpdateSchema }),
    async (req, res) => {
      res.json(await products.correct(gtinOf(res), req.body));
    },
  );

  return router;
}
