import { daysLeft, urgentThresholdDays } from './expiry';

interface StockLike {
  isAvailable: boolean;
  quantity: number;
  expiryDate: string | Date;
  /**
   * Held back by an active recall: never offered, whatever else holds. Every listing
   * the services read carries it; absent only in figures over data that cannot be recalled.
   */
  quarantined?: boolean | undefined;
}

/** Available means listed, with quantity left (spec §4) and not quarantined by a recall. */
export function isMedicineAvailable(
  medicine: Pick<StockLike, 'isAvailable' | 'quantity' | 'quarantined'>,
): boolean {
  return medicine.isAvailable && medicine.quantity > 0 && !medicine.quarantined;
}

/**
 * Available as the server offers it (spec §4): listed, units left, not quarantined by an active
 * recall, and not yet expired. What
 * browsing shows, a request may take and a reservation may hold. SQL twin: `availableSql`.
 */
export function isAvailableListing(medicine: StockLike, now: Date = new Date()): boolean {
  return isMedicineAvailable(medicine) && daysLeft(medicine.expiryDate, now) > 0;
}

/**
 * `isAvailableListing` in PostgreSQL over a medicines table (its alias; columns `is_available`,
 * `quantity`, `expiry_date`, `quarantine_reason`: set while an active recall covers the listing,
 * catalog migration 013) and a "now" expression. Not expired = the expiry instant is ahead,
 * which is exactly `daysLeft > 0`. Both are SQL fragments chosen by the caller, never user input.
 */
export function availableSql(table = 'm', now = 'now()'): string {
  return `(${table}.is_available AND ${table}.quantity > 0 AND ${table}.quarantine_reason IS NULL AND ${table}.expiry_date > ${now})`;
}

/**
 * Units listed now (pharmacy Total Listed): the quantity left on listings offered
 * now. Unlisted and expired stock are not listed; units approved requests took (reserved, then
 * transferred) have left the listing's quantity already. SQL twin: `ownTotals` in svc-catalog.
 */
export function listedUnits(medicines: StockLike[], now: Date = new Date()): number {
  return medicines.reduce((sum, m) => sum + (isAvailableListing(m, now) ? m.quantity : 0), 0);
}

/** Own stock still offered that expires within 7 days (the pharmacy dashboard's urgent banner). */
export function urgentStockCount(medicines: StockLike[], now: Date = new Date()): number {
  return medicines.filter((m) => {
    const days = daysLeft(m.expiryDate, now);
    return isMedicineAvailable(m) && days > 0 && days <= urgentThresholdDays;
  }).length;
}
