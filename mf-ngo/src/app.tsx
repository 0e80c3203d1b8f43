import { Home24Regular } from '@fluentui/react-icons';
import { createRoleApp } from '@medrelay/ui';
import { RoleRoutes } from './routes';
import { texts } from './texts';

/** The ngo area: what the shell mounts under `/ngo/` (exposed as `./app`). */
export default createRoleApp({
  role: 'ngo',
  texts,
  sidebar: [{ path: '/ngo/dashboard', labelKey: 'nav.dashboard', icon: Home24Regular }],
  Routes: RoleRoutes,
});
