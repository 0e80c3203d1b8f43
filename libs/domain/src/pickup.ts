import { isBeforeCairoToday } from './calendar';

/**
 * A pickup cannot be set on a day already gone (spec §5). Days are Cairo calendar days, as the
 * date picker offers them: any time today is still accepted (the owner may say "today, 10:00"
 * at 10:20), yesterday is refused, whatever the browser's or the server's clock zone. A leaf
 * module: `@medrelay/contracts` validates with it (`@medrelay/domain/pickup`), so the browser's
 * dialog and the API refuse the same dates.
 */
export function isPastPickup(pickup: Date, now: Date = new Date()): boolean {
  return isBeforeCairoToday(pickup, now);
}
