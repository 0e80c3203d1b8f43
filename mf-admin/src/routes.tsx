import { lazy } from 'react';
import { Dashboard } from './dashboard/dashboard';

// Screens other than the dashboard load on first visit; the reports bring the charts.
const UserApprovals = lazy(() => import('./users/user-approvals'));
const Listings = lazy(() => import('./listings/listings'));
const Transactions = lazy(() => import('./transactions/transactions'));
const Reports = lazy(() => import('./reports/reports'));
const SystemSettings = lazy(() => import('./settings/system-settings'));
const Recalls = lazy(() => import('./recalls/recalls'));

/** The admin area's screens by path, relative to `/admin`. */
export const screens = {
  dashboard: Dashboard,
  users: UserApprovals,
  listings: Listings,
  transactions: Transactions,
  reports: Reports,
  recalls: Recalls,
  settings: SystemSettings,
};
