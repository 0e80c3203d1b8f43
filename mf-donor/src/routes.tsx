import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CenteredSpinner, RoleNotFound } from '@medrelay/ui';
import { Dashboard } from './dashboard/dashboard';

// Screens other than the dashboard load on first visit.
const MyDonations = lazy(() => import('./donations/my-donations'));
const AddDonation = lazy(() => import('./donations/add-donation'));
const Requests = lazy(() => import('./requests/requests'));
const History = lazy(() => import('./history/history'));

/** The donor area's routes, relative to `/donor`. */
export function RoleRoutes() {
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<Dashboard />} />
        <Route path="donations" element={<MyDonations />} />
        <Route path="add-donation" element={<AddDonation />} />
        <Route path="requests" element={<Requests />} />
        <Route path="history" element={<History />} />
        <Route path="*" element={<RoleNotFound />} />
      </Routes>
    </Suspense>
  );
}
