import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CenteredSpinner, RoleNotFound } from '@medrelay/ui';
import { Dashboard } from './dashboard/dashboard';

// Screens other than the dashboard load on first visit; the reports bring the charts.
const UserApprovals = lazy(() => import('./users/user-approvals'));
const Listings = lazy(() => import('./listings/listings'));
const Transactions = lazy(() => import('./transactions/transactions'));
const Reports = lazy(() => import('./reports/reports'));
const SystemSettings = lazy(() => import('./settings/system-settings'));

/** The admin area's routes, relative to `/admin`. */
export function RoleRoutes() {
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<Dashboard />} />
        <Route path="users" element={<UserApprovals />} />
        <Route path="listings" element={<Listings />} />
        <Route path="transactions" element={<Transactions />} />
        <Route path="reports" element={<Reports />} />
        <Route path="settings" element={<SystemSettings />} />
        <Route path="*" element={<RoleNotFound />} />
      </Routes>
    </Suspense>
  );
}
