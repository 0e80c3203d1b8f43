import type { MedicineSnapshot } from '@medrelay/contracts';
import type { MedicineCategory } from '@medrelay/domain/categories';
import type { ListingAsHeld } from './repo';

/**
 * What an owner's edit after an approval changed in what the requester is to collect, as the
 * notice names it (the `listingChange` words of libs/contracts message-tables/param-labels.ts).
 */
export type ListingChange =
  'renamed' | 'type' | `${MedicineCategory}Added` | `${MedicineCategory}Removed` | 'pack';

/** The categories in the order a notice names them: the one that needs a cool box first. */
const categoriesNamed: readonly MedicineCategory[] = ['coldChain', 'prescription', 'controlled'];

/**
 * The changes between the listing as the read model held it and its new snapshot, in the order
 * the notice names them. Categories are compared only when both sides know them (a snapshot or
 * a row from before they were copied claims nothing).
 */
export function listingChanges(was: ListingAsHeld, now: MedicineSnapshot): ListingChange[] {
  const changes: ListingChange[] = [];
  if (was.name !== now.name) changes.push('renamed');
  if (was.type !== now.type) changes.push('type');
  if (was.categories && now.categories) {
    for (const category of categoriesNamed) {
      const before = was.categories.includes(category);
      const after = now.categories.includes(category);
      if (after && !before) changes.push(`${category}Added`);
      if (before && !after) changes.push(`${category}Removed`);
    }
  }
  const pack =
    was.gtin !== (now.gtin ?? null) ||
    was.batch !== (now.batch ?? null) ||
    was.serial !== (now.serial ?? null) ||
    was.expiryDate.getTime() !== new Date(now.expiryDate).getTime();
  if (pack) changes.push('pack');
  return changes;
}
