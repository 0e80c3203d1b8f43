import { Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CenteredSpinner } from './centered-spinner';
import { RoleNotFound } from './role-not-found';

/**
 * A role area's routes, relative to `/{role}`: the index goes to the dashboard, each screen sits
 * at its path (lazy screens show the spinner while they load), anything else is the area's 404.
 */
export function RoleRouteTable({ screens }: { screens: Record<string, ComponentType> }) {
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        {Object.entries(screens).map(([path, Screen]) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        <Route path="*" element={<RoleNotFound />} />
      </Routes>
    </Suspense>
  );
}
