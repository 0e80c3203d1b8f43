import type { UserType } from '@medrelay/contracts';
import { visibleRecipientTypes } from './permissions';
import { isAvailableListing } from './stock';

export interface ListingForViewer {
  ownerId: number;
  recipientType: string;
  isAvailable: boolean;
  quantity: number;
  expiryDate: string;
  quarantined?: boolean;
  /** False once the owner is suspended or rejected (their listings leave browsing). */
  ownerActive: boolean;
}

/**
 * Who may see one listing and its photo: its owner and administrators always; anyone else only
 * while browsing would show it to them: offered to their role, listed with units left, not
 * expired, and from an active owner.
 */
export function mayViewListing(
  viewer: { id: number; role: UserType },
  listing: ListingForViewer,
  now: Date = new Date(),
): boolean {
  if (listing.ownerId === viewer.id || viewer.role === 'admin') return true;
  const offered = (visibleRecipientTypes(viewer.role) as readonly string[]).includes(listing.recipientType);
  return offered && listing.ownerActive && isAvailableListing(listing, now);
}

/**
 * The owner's name shown to another party before an approval: a pharmacy's (its shop sign is
 * public), never a private donor's (only "Donor" and the area until an approval gives the
 * requester the donor's contact, as the pickup point is kept till then).
 */
export function ownerNameBeforeApproval(source: 'pharmacy' | 'donor', name: string | null): string | null {
  return source === 'pharmacy' ? name : null;
}

/**
 * The name an account goes by for other people, the same in notices (the bell and push), e-mails,
 * request and transaction lists and matches: its organisation's where it has one (an NGO is "Al
 * Amal Health Association" to a pharmacist, not the person who signed up for it), else the
 * account's own (a pharmacy's account is named after the pharmacy; a donor is a person). Still
 * subject to `ownerNameBeforeApproval` for a private donor; a deleted account's name is the
 * placeholder (`deletedAccountName`), shown in the reader's language.
 */
export function partyName(name: string, organizationName: string | null | undefined): string {
  return organizationName || name;
}

/**
 * `partyName` in SQL, for a row of a users read model (`name`, `organization_name`) under `alias`,
 * or, where the organisation is kept in another table (identity's `ngos`), under `organizationOf`.
 */
export const partyNameSql = (alias: string, organizationOf = alias) =>
  `coalesce(nullif(${organizationOf}.organization_name, ''), ${alias}.name)`;
