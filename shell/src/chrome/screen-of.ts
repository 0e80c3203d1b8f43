import type { UserType } from '@medrelay/contracts';
import type { SidebarItem } from '@medrelay/ui';
import { settingsItem } from './sidebar';

/**
 * The screen a path shows, as the sidebar names it: the entry whose path is the longest prefix of
 * the path (settings included), or null for a screen the sidebar does not list.
 */
export function screenOf(
  pathname: string,
  role: UserType,
  items: readonly SidebarItem[],
): SidebarItem | null {
  const path = pathname.replace(/\/+$/, '');
  const entries = [...items, settingsItem(role)];
  const matching = entries.filter((item) => path === item.path || path.startsWith(`${item.path}/`));
  return matching.sort((a, b) => b.path.length - a.path.length)[0] ?? null;
}
