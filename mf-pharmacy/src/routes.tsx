import { lazy } from 'react';
import { Dashboard } from './dashboard/dashboard';

// Screens other than the dashboard load when first opened, so the remote's first download stays small.
const MyMedicines = lazy(() => import('./medicines/my-medicines'));
const AddMedicine = lazy(() => import('./medicines/add-medicine'));
const BrowseStock = lazy(() => import('./browse/browse-stock'));
const Requests = lazy(() => import('./requests/requests'));
const TransactionHistory = lazy(() => import('./history/transaction-history'));
const Wanted = lazy(() => import('./wanted/wanted'));

/** The pharmacy area's screens by path, relative to `/pharmacy`. */
export const screens = {
  dashboard: Dashboard,
  medicines: MyMedicines,
  'add-medicine': AddMedicine,
  requests: Requests,
  browse: BrowseStock,
  history: TransactionHistory,
  wanted: Wanted,
};
