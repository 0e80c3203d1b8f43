import { Home24Regular } from '@fluentui/react-icons';
import { createRoleApp } from '@medrelay/ui';
import { RoleRoutes } from './routes';
import { texts } from './texts';

/** The donor area: what the shell mounts under `/donor/` (exposed as `./app`). */
export default createRoleApp({
  role: 'donor',
  texts,
  sidebar: [{ path: '/donor/dashboard', labelKey: 'nav.dashboard', icon: Home24Regular }],
  Routes: RoleRoutes,
});
