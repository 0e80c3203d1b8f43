import {
  AddCircle24Regular,
  ClipboardTaskListLtr24Regular,
  Gift24Regular,
  History24Regular,
  Home24Regular,
} from '@fluentui/react-icons';
import { usePendingRequestCount } from '@medrelay/api-client';
import { createRoleApp } from '@medrelay/ui';
import { screens } from './routes';
import { texts } from './texts';

/** Requests on the donor's donations that wait for an answer: the badge beside Requests. */
const usePendingRequests = () => usePendingRequestCount('incoming');

/** The donor area: what the shell mounts under `/donor/` (exposed as `./app`). */
export default createRoleApp({
  role: 'donor',
  texts,
  sidebar: [
    { path: '/donor/dashboard', labelKey: 'nav.dashboard', icon: Home24Regular },
    { path: '/donor/donations', labelKey: 'nav.donations', icon: Gift24Regular },
    { path: '/donor/add-donation', labelKey: 'nav.addDonation', icon: AddCircle24Regular },
    {
      path: '/donor/requests',
      labelKey: 'nav.requests',
      icon: ClipboardTaskListLtr24Regular,
      useBadge: usePendingRequests,
    },
    { path: '/donor/history', labelKey: 'nav.history', icon: History24Regular },
  ],
  screens,
});
