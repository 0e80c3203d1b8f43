import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CenteredSpinner, RoleNotFound } from '@medrelay/ui';
import { Dashboard } from './dashboard/dashboard';

// Screens other than the dashboard load when first opened (the analytics chart among them).
const BrowseDonations = lazy(() => import('./browse/browse-donations'));
const PharmacyStock = lazy(() => import('./pharmacy-stock/pharmacy-stock'));
const MyRequests = lazy(() => import('./requests/my-requests'));
const Inventory = lazy(() => import('./inventory/inventory'));
const ImpactAnalytics = lazy(() => import('./analytics/impact-analytics'));

/** The ngo area's routes, relative to `/ngo`. */
export function RoleRoutes() {
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<Dashboard />} />
        <Route path="browse" element={<BrowseDonations />} />
        <Route path="pharmacy-stock" element={<PharmacyStock />} />
        <Route path="requests" element={<MyRequests />} />
        <Route path="inventory" element={<Inventory />} />
        <Route path="analytics" element={<ImpactAnalytics />} />
        <Route path="*" element={<RoleNotFound />} />
      </Routes>
    </Suspense>
  );
}
