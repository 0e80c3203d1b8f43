import type { Product, ProductListQuery, ProductUpdate } from '@medrelay/contracts';
import { httpError } from '@medrelay/service-kit';
import type { CatalogContext } from '../context';
import { findProduct, listProducts, saveProductByAdmin } from './repo';

/** The product dictionary: what a scanned GTIN names. Learning happens on listing create. */
export function createProductService(ctx: CatalogContext) {
  return {
    async get(gtin: string): Promise<Product> {
      const product = await findProduct(ctx.pool, gtin);
      if (!product) throw httpError.notFound('productNotFound');
      return product;
    },
    correct: (gtin: string, product: ProductUpdate) => saveProductByAdmin(ctx.pool, gtin, product),
    async list(query: ProductListQuery): Promise<{ items: Product[]; total: number }> {
      const { rows, total } = await listProducts(ctx.pool, query);
      return { items: rows, total };
    },
  };
}
