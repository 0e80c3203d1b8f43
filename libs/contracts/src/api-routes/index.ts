import { catalogRoutes } from './catalog';
import { gatewayRoutes } from './gateway';
import { identityRoutes } from './identity';
import { requestRoutes } from './requests';
import type { ApiRoute } from './route';

export type { ApiRoute, RouteAccess } from './route';
export { gatewayRoutes };

/** Every public route, by the deployable that answers it (the OpenAPI document's source). */
export const apiRoutes: readonly ApiRoute[] = [
  ...identityRoutes,
  ...catalogRoutes,
  ...requestRoutes,
  ...gatewayRoutes,
];
