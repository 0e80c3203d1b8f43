import type { UserStatus, UserType } from '@medrelay/contracts';

/**
 * Who may do what (spec §6). Services enforce this on every call; the browser uses the
 * same table only to decide what to show.
 */
export const permissions = {
  'medicine.create': ['pharmacy', 'donor'],
  'medicine.viewOwn': ['pharmacy', 'donor'],
  'medicine.browse': ['pharmacy', 'ngo'],
  'request.create': ['pharmacy', 'ngo'],
  'request.decide': ['pharmacy', 'donor'],
  'request.cancel': ['pharmacy', 'ngo'],
  'request.complete': ['pharmacy', 'ngo'],
  /** Keep a wanted list. */
  'need.manage': ['ngo', 'pharmacy'],
  'transaction.viewOwn': ['pharmacy', 'ngo', 'donor'],
  'account.viewOwn': ['pharmacy', 'ngo', 'donor', 'admin'],
  'user.manage': ['admin'],
  'admin.viewAll': ['admin'],
  'listing.moderate': ['admin'],
  /** Correct the product dictionary. */
  'product.manage': ['admin'],
  /** Issue and lift batch recalls, which quarantine listings. */
  'recall.manage': ['admin'],
  /** Say that recalled packs in hand are set aside: whoever a recall reached. */
  'recall.acknowledge': ['pharmacy', 'ngo', 'donor'],
  'data.export': ['admin'],
  'cache.clear': ['admin'],
  'settings.manage': ['admin'],
  'reports.view': ['admin'],
} as const satisfies Record<string, readonly UserType[]>;

export type Action = keyof typeof permissions;

export function can(role: UserType, action: Action): boolean {
  return (permissions[action] as readonly UserType[]).includes(role);
}

/** Only approved accounts use the product; admins bypass the approval check (spec §2). */
export function mayUseProduct(role: UserType, status: UserStatus): boolean {
  return role === 'admin' || status === 'approved';
}

/** The recipient types whose listings a role may see and request (spec §2, §6). */
export function visibleRecipientTypes(role: UserType): readonly ('ngos' | 'pharmacies' | 'both')[] {
  if (role === 'pharmacy') return ['pharmacies', 'both'];
  if (role === 'ngo') return ['ngos', 'both'];
  if (role === 'admin') return ['ngos', 'pharmacies', 'both'];
  return [];
}
