import { lazy } from 'react';
import { Dashboard } from './dashboard/dashboard';

// Screens other than the dashboard load when first opened (the analytics chart among them).
const BrowseDonations = lazy(() => import('./browse/browse-donations'));
const PharmacyStock = lazy(() => import('./pharmacy-stock/pharmacy-stock'));
const MyRequests = lazy(() => import('./requests/my-requests'));
const Inventory = lazy(() => import('./inventory/inventory'));
const ImpactAnalytics = lazy(() => import('./analytics/impact-analytics'));
const Needs = lazy(() => import('./needs/needs'));

/** The ngo area's screens by path, relative to `/ngo`. */
export const screens = {
  dashboard: Dashboard,
  browse: BrowseDonations,
  'pharmacy-stock': PharmacyStock,
  requests: MyRequests,
  inventory: Inventory,
  analytics: ImpactAnalytics,
  needs: Needs,
};
