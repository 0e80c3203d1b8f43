import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { LifeCycles } from 'single-spa';
import type { Language, User, UserType } from '@medrelay/contracts';

export type ToastIntent = 'default' | 'destructive';
export interface ToastMessage {
  title: string;
  description?: string;
  intent?: ToastIntent;
}
/** Shows one toast (spec §8: one at a time, 5 s). */
export type ShowToast = (toast: ToastMessage) => void;

/** What the shell gives every remote when it mounts it (single-spa custom props). */
export interface RemoteProps {
  queryClient: QueryClient;
  i18n: I18n;
  user: User;
  toast: ShowToast;
  /** The element the remote renders into: the content area of the shell's chrome. */
  domElement: HTMLElement;
}

/** One sidebar entry a remote supplies; `useBadge` runs inside the shell's React tree. */
export interface SidebarItem {
  /** Path under the role, e.g. `/pharmacy/medicines`. */
  path: string;
  /** Key in the remote's namespace (or `common:` for shared ones). */
  labelKey: string;
  icon: ComponentType;
  useBadge?: () => number | undefined;
}

/**
 * The module every `mf-<role>` exposes as `./app`. The shell adds `texts` as the role's i18n
 * namespace, shows `sidebar` in its chrome and mounts the lifecycles in its content area.
 */
export interface RoleRemoteModule {
  role: UserType;
  texts: Record<Language, Record<string, unknown>>;
  sidebar: SidebarItem[];
  lifecycles: LifeCycles<RemoteProps>;
}
