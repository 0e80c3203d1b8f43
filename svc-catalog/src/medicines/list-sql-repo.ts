import { greatCircleMetresSql, type LatLng } from '@medrelay/domain/pickup-points';
import { selectMedicines } from './repo';

// The SQL pieces browse and the admin listing share: sorts, search patterns, the page of rows.

const sortColumns = {
  expiry: { column: 'm.expiry_date', order: 'asc', type: 'timestamptz' },
  name: { column: 'lower(m.name)', order: 'asc', type: 'text' },
  // Free (no discount price) sorts as the cheapest.
  price: { column: 'COALESCE(m.discount_price, 0)', order: 'asc', type: 'numeric' },
  quantity: { column: 'm.quantity', order: 'desc', type: 'int' },
} as const;
type ListSort = keyof typeof sortColumns;
/** A list's own sort, or nearest first from a point (`distance:<lat>,<lng>`, made by `distanceSort`). */
export type SortName = ListSort | `distance:${number},${number}`;
/** The sorts one search gathering orders at once (nearest first is per point: gathered apart). */
export const sortNames = Object.keys(sortColumns) as ListSort[];
export type Direction = 'ASC' | 'DESC';

interface SortSpec {
  column: string;
  order: 'asc' | 'desc';
  type: string;
}

/**
 * A point as SQL: `ll_to_earth` of two numeric literals. Literals, not parameters, so a sort's
 * column is one self-contained expression (kept orders, keyset walks and membership probes reuse
 * it with their own parameters); the numbers are checked finite, so nothing else can get in.
 */
export function earthPointSql(point: LatLng): string {
  const { lat, lng } = finite(point);
  return `ll_to_earth(${lat}, ${lng})`;
}

/** A point written into SQL as literals: its numbers checked finite, so nothing else can get in. */
function finite(point: LatLng): LatLng {
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng)) throw new Error('a point must be finite');
  return point;
}

/**
 * The listing's straight-line distance through the earth from a point, in metres: PostgreSQL's
 * cube `<->`, which the GiST index `medicines_browse_near` walks nearest first (migration 017).
 * It orders exactly as the great-circle distance does (`distanceMetresSql`, used for radii and
 * shown distances).
 */
export const distanceOrderSql = (point: LatLng) => `(ll_to_earth(m.lat, m.lng) <-> ${earthPointSql(point)})`;

/** The great-circle distance of a listing from a point, in metres (libs/domain greatCircleMetresSql). */
export const distanceMetresSql = (point: LatLng) => {
  const { lat, lng } = finite(point);
  return greatCircleMetresSql([`${lat}`, `${lng}`], ['m.lat', 'm.lng']);
};

/** Nearest first from `point`. */
export function distanceSort(point: LatLng): SortName {
  return `distance:${point.lat},${point.lng}`;
}

export function sortSpec(sort: SortName): SortSpec {
  if (!sort.startsWith('distance:')) return sortColumns[sort as ListSort];
  const [lat, lng] = sort.slice('distance:'.length).split(',').map(Number);
  return { column: distanceOrderSql({ lat: lat!, lng: lng! }), order: 'asc', type: 'float8' };
}

/**
 * A sort's key in `direction`, ties by id in the sort's direction: the reversed order is exactly
 * the default one read backwards (one index serves both).
 */
export function orderByOf(sort: SortName, direction: Direction): string {
  const { column, order } = sortSpec(sort);
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

/** `selectPage` with each row's distance from `point` (`distance_m`), when there is a point. */
export const selectPageNear = (point: LatLng | null) =>
  point
    ? selectPage.replace('SELECT m.*,', () => `SELECT m.*, ${distanceMetresSql(point)} AS distance_m,`)
    : selectPage;

/**
 * Owners suspended (or otherwise not approved) hide their stock; unknown owners do not. Such
 * owners are read once per statement (through the partial index `users_not_approved`) into a
 * hash that each row probes (`NOT (hashed SubPlan)`), a filter like any other, so a walk keeps its
 * plan: an anti-join probe per row walked read 736 buffers where this reads 422 (docs/browse.md,
 * "Choices measured and not taken"), and an array (`<> ALL`) was compared whole with every row,
 * 1.1 µs per row with 253 such owners.
 */
export const ownerNotSuspended = `m.owner_id NOT IN (SELECT id FROM catalog.users WHERE status <> 'approved')`;
