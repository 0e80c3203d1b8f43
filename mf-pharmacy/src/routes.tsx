import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CenteredSpinner, RoleNotFound } from '@medrelay/ui';
import { Dashboard } from './dashboard/dashboard';

// Screens other than the dashboard load when first opened, so the remote's first download stays small.
const MyMedicines = lazy(() => import('./medicines/my-medicines'));
const AddMedicine = lazy(() => import('./medicines/add-medicine'));
const BrowseStock = lazy(() => import('./browse/browse-stock'));
const Requests = lazy(() => import('./requests/requests'));
const TransactionHistory = lazy(() => import('./history/transaction-history'));

/** The pharmacy area's routes, relative to `/pharmacy`. */
export function RoleRoutes() {
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<Dashboard />} />
        <Route path="medicines" element={<MyMedicines />} />
        <Route path="add-medicine" element={<AddMedicine />} />
        <Route path="requests" element={<Requests />} />
        <Route path="browse" element={<BrowseStock />} />
        <Route path="history" element={<TransactionHistory />} />
        <Route path="*" element={<RoleNotFound />} />
      </Routes>
    </Suspense>
  );
}
