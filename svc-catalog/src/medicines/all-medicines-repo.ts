import type { AdminMedicineQuery } from '@medrelay/contracts';
import { dosageFormsMatching, expiryClassSql } from '@medrelay/domain';
import { likePattern, selectPage } from './list-sql-repo';
import { defaultExactTotalUpTo, pageWithTotal, type ListTotal } from './list-totals-repo';
import { availableSql, daysLeftSql, type Db, type MedicineRow } from './repo';

/**
 * One page of every listing matching the admin filters, with the total over all pages (capped
 * like browse). `q` searches name and type through their trigram indexes and the owner's name
 * through the users' one, as one list of ids. Export Data's pages come `after` an id: the next
 * listings in id order through the primary key, with no total and no OFFSET.
 */
export async function listAllMedicines(
  db: Db,
  query: AdminMedicineQuery,
  /** The expiry warning window (the setting): where "expiring soon" ends. */
  warningDays: number,
  exactTotalUpTo = defaultExactTotalUpTo,
): Promise<{ rows: MedicineRow[] } & Partial<ListTotal>> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.q) {
    const n = params.push(likePattern(query.q));
    const k = params.push(dosageFormsMatching(query.q));
    where.push(`m.id IN (SELECT id FROM catalog.medicines WHERE name ILIKE $${n}
                         UNION SELECT id FROM catalog.medicines WHERE type = ANY($${k}::text[])
                         UNION SELECT mo.id FROM catalog.medicines mo JOIN catalog.users ou ON ou.id = mo.owner_id
                                WHERE ou.name ILIKE $${n})`);
  }
  if (query.source) where.push(`m.source = $${params.push(query.source)}`);
  if (query.available !== undefined) {
    where.push(query.available ? availableSql : `NOT ${availableSql}`);
  }
  // The window bound is a whole number from the settings: written in, since "expired" does not
  // use it and PostgreSQL refuses a parameter no statement part types.
  if (query.expiry) where.push(expiryClassSql(query.expiry, daysLeftSql, String(Math.trunc(warningDays))));
  if (query.after !== undefined) {
    where.push(`m.id > $${params.push(query.after)}`);
    const limit = params.push(query.pageSize);
    const { rows } = await db.query<MedicineRow>(
      `WITH page AS (SELECT m.id FROM catalog.medicines m WHERE ${where.join(' AND ')} ORDER BY m.id LIMIT $${limit})
       ${selectPage} ORDER BY m.id`,
      params,
    );
    return { rows };
  }
  const fromWhere = `FROM catalog.medicines m${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  const limit = params.length + 1;
  return pageWithTotal(
    db,
    `WITH page AS (SELECT m.id ${fromWhere} ORDER BY m.created_at DESC, m.id DESC LIMIT $${limit} OFFSET $${limit + 1})
     ${selectPage} ORDER BY m.created_at DESC, m.id DESC`,
    fromWhere,
    params,
    query,
    exactTotalUpTo,
  );
}
