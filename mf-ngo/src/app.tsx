import {
  Box24Regular,
  BuildingShop24Regular,
  ClipboardTask24Regular,
  DataBarVertical24Regular,
  Home24Regular,
  Search24Regular,
  TaskListLtr24Regular,
} from '@fluentui/react-icons';
import { usePendingRequestCount } from '@medrelay/api-client';
import { createRoleApp } from '@medrelay/ui';
import { screens } from './routes';
import { texts } from './texts';

/** The ngo area: what the shell mounts under `/ngo/` (exposed as `./app`). */
export default createRoleApp({
  role: 'ngo',
  texts,
  sidebar: [
    { path: '/ngo/dashboard', labelKey: 'nav.dashboard', icon: Home24Regular },
    { path: '/ngo/browse', labelKey: 'nav.browse', icon: Search24Regular },
    { path: '/ngo/pharmacy-stock', labelKey: 'nav.pharmacyStock', icon: BuildingShop24Regular },
    {
      path: '/ngo/requests',
      labelKey: 'nav.requests',
      icon: ClipboardTask24Regular,
      // The NGO's own requests still waiting for the owner's answer.
      useBadge: () => usePendingRequestCount('outgoing'),
    },
    { path: '/ngo/needs', labelKey: 'nav.needs', icon: TaskListLtr24Regular },
    { path: '/ngo/inventory', labelKey: 'nav.inventory', icon: Box24Regular },
    { path: '/ngo/analytics', labelKey: 'nav.analytics', icon: DataBarVertical24Regular },
  ],
  screens,
});
