import { Navigate, Route, Routes } from 'react-router-dom';
import { RoleNotFound } from '@medrelay/ui';
import { Dashboard } from './dashboard/dashboard';

/** The ngo area's routes, relative to `/ngo`. */
export function RoleRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<Dashboard />} />
      <Route path="*" element={<RoleNotFound />} />
    </Routes>
  );
}
