import type { UserType } from '@medrelay/contracts';
import { matchRequestLink } from './matching';

/** The fields of a notification its link is made from. */
export interface Linkable {
  type: string;
  requestId: number | null;
  medicineId: number | null;
  /** A match's suggested quantity, carried into its request. */
  quantity?: number | undefined;
}

/** Where each role follows its requests and transactions. */
const requestScreens: Record<UserType, string> = {
  pharmacy: '/pharmacy/requests',
  ngo: '/ngo/requests',
  donor: '/donor/requests',
  admin: '/admin/transactions',
};

/** Where each role finds a listing: its own stock for owners, the browse screen for the others. */
const medicineScreens: Record<UserType, string> = {
  pharmacy: '/pharmacy/medicines',
  donor: '/donor/donations',
  ngo: '/ngo/browse',
  admin: '/admin/listings',
};

/** Where a role keeps its wanted list; roles without one have none. */
const needScreens: Partial<Record<UserType, string>> = {
  ngo: '/ngo/needs',
  pharmacy: '/pharmacy/wanted',
};

/**
 * The in-app link of a notification for the reader's role (the bell's entries and the pushes a
 * device shows): a match opens the listing in browse with its request ready (as the digest
 * e-mail does; the wanted list shows only each need's best three), a
 * request the role's requests screen, a medicine its listing; the id rides as a query parameter
 * (`?request=41`, `?medicine=7`) for the screen to pick. A type this code does not know is linked
 * by what it names, so a type added later still leads somewhere (the role's home at worst).
 */
export function notificationLink(n: Linkable, role: UserType): string {
  const withId = (path: string, name: string, id: number | null) =>
    id === null ? path : `${path}?${name}=${id}`;
  const needs = needScreens[role];
  if (n.type === 'need-match' && needs)
    return n.medicineId === null ? needs : matchRequestLink(role, n.medicineId, n.quantity);
  // A need closed as met by its requests, or opened again: the wanted list shows it.
  if ((n.type === 'need-met' || n.type === 'need-reopened') && needs) return needs;
  if (n.requestId !== null) return withId(requestScreens[role], 'request', n.requestId);
  if (n.medicineId !== null) return withId(medicineScreens[role], 'medicine', n.medicineId);
  return `/${role}/dashboard`;
}
