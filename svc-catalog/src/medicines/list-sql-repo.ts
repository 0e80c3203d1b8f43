import { selectMedicines } from './repo';

// The SQL pieces browse and the admin listing share: sorts, search patterns, the page of rows.

export const sortColumns = {
  expiry: { column: 'm.expiry_date', order: 'asc', type: 'timestamptz' },
  name: { column: 'lower(m.name)', order: 'asc', type: 'text' },
  // Free (no discount price) sorts as the cheapest.
  price: { column: 'COALESCE(m.discount_price, 0)', order: 'asc', type: 'numeric' },
  quantity: { column: 'm.quantity', order: 'desc', type: 'int' },
} as const;
export type SortName = keyof typeof sortColumns;
export const sortNames = Object.keys(sortColumns) as SortName[];
export type Direction = 'ASC' | 'DESC';

/**
 * A sort's key in `direction`, ties by id in the sort's direction: the reversed order is exactly
 * the default one read backwards (one index serves both).
 */
export function orderByOf(sort: SortName, direction: Direction): string {
  const { column, order } = sortColumns[sort];
  return `${column} ${direction}, m.id ${direction === order.toUpperCase() ? 'ASC' : 'DESC'}`;
}

export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The soonest of a set of expiry instants, in ms (Infinity when there are none): `column` is aggregated. */
export const soonestSql = (column: string) =>
  `COALESCE(extract(epoch FROM min(${column})) * 1000, 'Infinity')::float8`;

/** The rows of a page of ids (CTE `page`) with their owners. */
export const selectPage = selectMedicines.replace(
  'FROM catalog.medicines m',
  'FROM page JOIN catalog.medicines m ON m.id = page.id',
);

/**
 * Owners suspended (or otherwise not approved) hide their stock; unknown owners do not. The few
 * such owners are read once per statement (an InitPlan through the partial index
 * `users_not_approved`) instead of one anti-join probe per row walked: a walk of 300 rows read
 * 422 buffers instead of 736 (docs/design.md, "Browse, sixth pass").
 */
export const ownerNotSuspended = `m.owner_id <> ALL(ARRAY(SELECT id FROM catalog.users WHERE status <> 'approved'))`;
