import { Navigate, Route, Routes } from 'react-router-dom';
import { RoleNotFound } from '@medrelay/ui';
import { Dashboard } from './dashboard/dashboard';
import { SystemSettings } from './settings/system-settings';

/** The admin area's routes, relative to `/admin`. */
export function RoleRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<Dashboard />} />
      <Route path="settings" element={<SystemSettings />} />
      <Route path="*" element={<RoleNotFound />} />
    </Routes>
  );
}
