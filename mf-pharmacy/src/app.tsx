import { Home24Regular } from '@fluentui/react-icons';
import { createRoleApp } from '@medrelay/ui';
import { RoleRoutes } from './routes';
import { texts } from './texts';

/** The pharmacy area: what the shell mounts under `/pharmacy/` (exposed as `./app`). */
export default createRoleApp({
  role: 'pharmacy',
  texts,
  sidebar: [{ path: '/pharmacy/dashboard', labelKey: 'nav.dashboard', icon: Home24Regular }],
  Routes: RoleRoutes,
});
