import { Home24Regular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@medrelay/contracts';
import { createRoleApp } from '@medrelay/ui';
import { RoleRoutes } from './routes';
import { texts } from './texts';

/** Accounts waiting for review: the badge beside the screen that lists them. */
function usePendingApprovalsCount() {
  return useQuery<User[]>({ queryKey: ['/api/admin/pending-users'] }).data?.length;
}

/** The admin area: what the shell mounts under `/admin/` (exposed as `./app`). */
export default createRoleApp({
  role: 'admin',
  texts,
  sidebar: [
    {
      path: '/admin/dashboard',
      labelKey: 'nav.dashboard',
      icon: Home24Regular,
      useBadge: usePendingApprovalsCount,
    },
  ],
  Routes: RoleRoutes,
});
