import type { LatLng } from '@medrelay/domain/pickup-points';
import { selectMedicines } from './repo';

// The SQL pieces of lists: browse's sorts, search patterns, the rows of a page (also the admin's).

const sortColumns = {
  expiry: { column: 'm.expiry_date', order: 'asc' },
  name: { column: 'lower(m.name)', order: 'asc' },
  // Free (no discount price) sorts as the cheapest.
  price: { column: 'COALESCE(m.discount_price, 0)', order: 'asc' },
  quantity: { column: 'm.quantity', order: 'desc' },
} as const;
type ListSort = keyof typeof sortColumns;
/** A list's own sort, or nearest first from a point (`distance:<lat>,<lng>`, made by `distanceSort`). */
export type SortName = ListSort | `distance:${number},${number}`;
export type Direction = 'ASC' | 'DESC';

interface SortSpec {
  column: string;
  order: 'asc' | 'desc';
}

/**
 * A point as SQL: `ll_to_earth` of two numeric literals. Literals, not parameters, so a sort's
 * column is one self-contained expression that every part of a list reads alike; the numbers are
 * checked finite, so nothing else can get in.
 */
export function earthPointSql(point: LatLng): string {
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng)) throw new Error('a point must be finite');
  return `ll_to_earth(${point.lat}, ${point.lng})`;
}

/**
 * The listing's straight-line distance through the earth from a point, in metres: PostgreSQL's
 * cube `<->`, which the GiST index `medicines_browse_near` walks nearest first (migration 017).
 * It orders exactly as the great-circle distance does (`earth_distance`, used for radii and
 * shown distances).
 */
const distanceOrderSql = (point: LatLng) => `(ll_to_earth(m.lat, m.lng) <-> ${earthPointSql(point)})`;

/** The great-circle distance of a listing from a point, in metres. */
export const earthDistanceSql = (point: LatLng) =>
  `earth_distance(${earthPointSql(point)}, ll_to_earth(m.lat, m.lng))`;

/** Nearest first from `point`. */
export function distanceSort(point: LatLng): SortName {
  return `distance:${point.lat},${point.lng}`;
}

export function sortSpec(sort: SortName): SortSpec {
  if (!sort.startsWith('distance:')) return sortColumns[sort as ListSort];
  const [lat, lng] = sort.slice('distance:'.length).split(',').map(Number);
  return { column: distanceOrderSql({ lat: lat!, lng: lng! }), order: 'asc' };
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

/** The rows of a page of ids (CTE `page`) with their owners. */
export const selectPage = selectMedicines.replace(
  'FROM catalog.medicines m',
  'FROM page JOIN catalog.medicines m ON m.id = page.id',
);

/** `selectPage` with each row's distance from `point` (`distance_m`), when there is a point. */
export const selectPageNear = (point: LatLng | null) =>
  point
    ? selectPage.replace('SELECT m.*,', () => `SELECT m.*, ${earthDistanceSql(point)} AS distance_m,`)
    : selectPage;
