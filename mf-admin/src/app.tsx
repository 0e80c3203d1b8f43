import { Home24Regular } from '@fluentui/react-icons';
import { createRoleApp } from '@medrelay/ui';
import { RoleRoutes } from './routes';
import { texts } from './texts';

/** The admin area: what the shell mounts under `/admin/` (exposed as `./app`). */
export default createRoleApp({
  role: 'admin',
  texts,
  sidebar: [{ path: '/admin/dashboard', labelKey: 'nav.dashboard', icon: Home24Regular }],
  Routes: RoleRoutes,
});
