import { lazy } from 'react';
import { Dashboard } from './dashboard/dashboard';

// Screens other than the dashboard load on first visit.
const MyDonations = lazy(() => import('./donations/my-donations'));
const AddDonation = lazy(() => import('./donations/add-donation'));
const Requests = lazy(() => import('./requests/requests'));
const History = lazy(() => import('./history/history'));

/** The donor area's screens by path, relative to `/donor`. */
export const screens = {
  dashboard: Dashboard,
  donations: MyDonations,
  'add-donation': AddDonation,
  requests: Requests,
  history: History,
};
