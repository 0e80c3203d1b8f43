import {
  ArrowSwap24Regular,
  DataBarVertical24Regular,
  Home24Regular,
  PeopleCheckmark24Regular,
  Pill24Regular,
  ShieldError24Regular,
} from '@fluentui/react-icons';
import { createRoleApp } from '@medrelay/ui';
import { screens } from './routes';
import { texts } from './texts';
import { usePendingReviewCount } from './users/use-pending-users';

/** The admin area: what the shell mounts under `/admin/` (exposed as `./app`). */
export default createRoleApp({
  role: 'admin',
  texts,
  sidebar: [
    { path: '/admin/dashboard', labelKey: 'nav.dashboard', icon: Home24Regular },
    {
      path: '/admin/users',
      labelKey: 'nav.users',
      icon: PeopleCheckmark24Regular,
      useBadge: usePendingReviewCount,
    },
    { path: '/admin/listings', labelKey: 'nav.listings', icon: Pill24Regular },
    { path: '/admin/transactions', labelKey: 'nav.transactions', icon: ArrowSwap24Regular },
    { path: '/admin/reports', labelKey: 'nav.reports', icon: DataBarVertical24Regular },
    { path: '/admin/recalls', labelKey: 'nav.recalls', icon: ShieldError24Regular },
  ],
  screens,
});
