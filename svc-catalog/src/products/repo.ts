import type { Product, ProductListQuery, ProductUpdate } from '@medrelay/contracts';
import type { DosageForm } from '@medrelay/domain';
import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

interface ProductRow {
  gtin: string;
  name: string;
  type: DosageForm;
  source: 'listing' | 'admin';
  updated_at: Date;
}

const toProduct = (row: ProductRow): Product => ({
  gtin: row.gtin,
  name: row.name,
  type: row.type,
  source: row.source,
  updatedAt: row.updated_at.toISOString(),
});

/**
 * Records what a listing names its GTIN, unless the dictionary knows it already: the first
 * listing wins, and an admin's entry is never overwritten by a listing.
 */
export async function learnProduct(
  db: PoolClient,
  product: { gtin: string; name: string; type: DosageForm },
  listingId: number,
): Promise<void> {
  await db.query(
    `INSERT INTO catalog.products (gtin, name, type, source, learned_from)
     VALUES ($1, $2, $3, 'listing', $4) ON CONFLICT (gtin) DO NOTHING`,
    [product.gtin, product.name, product.type, listingId],
  );
}

export async function findProduct(db: Db, gtin: string): Promise<Product | null> {
  const { rows } = await db.query<ProductRow>('SELECT * FROM catalog.products WHERE gtin = $1', [gtin]);
  return rows[0] ? toProduct(rows[0]) : null;
}

/** An administrator's entry: created or replaced, and marked so listings leave it alone. */
export async function saveProductByAdmin(db: Db, gtin: string, product: ProductUpdate): Promise<Product> {
  const { rows } = await db.query<ProductRow>(
    `INSERT INTO catalog.products (gtin, name, type, source) VALUES ($1, $2, $3, 'admin')
     ON CONFLICT (gtin) DO UPDATE SET name = $2, type = $3, source = 'admin', updated_at = now()
     RETURNING *`,
    [gtin, product.name, product.type],
  );
  return toProduct(rows[0]!);
}

/** A page of the dictionary, by GTIN prefix or name, most recently changed first. */
export async function listProducts(
  db: Db,
  query: ProductListQuery,
): Promise<{ rows: Product[]; total: number }> {
  const q = query.q ?? '';
  const where = `($1 = '' OR gtin LIKE ltrim($1, '0') || '%' OR ltrim(gtin, '0') LIKE ltrim($1, '0') || '%'
                  OR name ILIKE '%' || $1 || '%')`;
  const [{ rows }, count] = await Promise.all([
    db.query<ProductRow>(
      `SELECT * FROM catalog.products WHERE ${where} ORDER BY updated_at DESC, gtin LIMIT $2 OFFSET $3`,
      [q, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM catalog.products WHERE ${where}`, [q]),
  ]);
  return { rows: rows.map(toProduct), total: count.rows[0]!.n };
}
