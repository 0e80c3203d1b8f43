import {
  AddCircle24Regular,
  ArrowSwap24Regular,
  History24Regular,
  Home24Regular,
  Pill24Regular,
  Search24Regular,
  TaskListLtr24Regular,
} from '@fluentui/react-icons';
import { usePendingRequestCount } from '@medrelay/api-client';
import { createRoleApp } from '@medrelay/ui';
import { screens } from './routes';
import { texts } from './texts';

/** The pharmacy area: what the shell mounts under `/pharmacy/` (exposed as `./app`). */
export default createRoleApp({
  role: 'pharmacy',
  texts,
  sidebar: [
    { path: '/pharmacy/dashboard', labelKey: 'nav.dashboard', icon: Home24Regular },
    { path: '/pharmacy/medicines', labelKey: 'nav.medicines', icon: Pill24Regular },
    { path: '/pharmacy/add-medicine', labelKey: 'nav.addMedicine', icon: AddCircle24Regular },
    {
      path: '/pharmacy/requests',
      labelKey: 'nav.requests',
      icon: ArrowSwap24Regular,
      // Requests on the pharmacy's own medicines still waiting for its answer.
      useBadge: () => usePendingRequestCount('incoming'),
    },
    { path: '/pharmacy/browse', labelKey: 'nav.browse', icon: Search24Regular },
    { path: '/pharmacy/wanted', labelKey: 'nav.wanted', icon: TaskListLtr24Regular },
    { path: '/pharmacy/history', labelKey: 'nav.history', icon: History24Regular },
  ],
  screens,
});
