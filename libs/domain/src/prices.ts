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
