/**
 * A listing's prices are per unit: what it cost (original) and what the owner asks now (discount,
 * spec §9). Asking more than it cost is not a discount: refused, so a buyer is never shown 500 EGP
 * "down from" 50. Either price may be absent (none asked, or unknown): then nothing to compare.
 */
export function discountAboveOriginal(
  original: string | number | null | undefined,
  discount: string | number | null | undefined,
): boolean {
  if (original === null || original === undefined || discount === null || discount === undefined)
    return false;
  return Number(discount) > Number(original);
}

/** A listing's prices per unit as the API writes them (decimal strings; null: none). */
export interface UnitPrices {
  discountPrice: string | null;
  originalPrice: string | null;
}

/** What a unit costs its buyer: the discount price, or nothing (a listing without one is free, spec §9). */
const chargedPerUnit = (prices: UnitPrices) => Number(prices.discountPrice ?? 0);

/**
 * The prices an approval records: the listing's at that moment, unless the requester asked when
 * they were lower (an owner's rise after a request is not charged to it; the owner may reject).
 * `asked` is null for a request made before its prices were kept.
 */
export function pricesToCharge(asked: UnitPrices | null, now: UnitPrices): UnitPrices {
  return asked && chargedPerUnit(asked) < chargedPerUnit(now) ? asked : now;
}
