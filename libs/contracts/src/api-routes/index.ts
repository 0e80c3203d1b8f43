import { catalogRoutes } from './catalog';
import { gatewayRoutes } from './gateway';
import { identityRoutes } from './identity';
import { requestRoutes } from './requests';
import type { ApiRoute } from './route';

export type { ApiRoute, RouteAccess } from './route';
export { route } from './route';
export { catalogApi } from './catalog';
export { identityApi } from './identity';
export { requestApi } from './requests';
export { gatewayApi } from './gateway';
export { gatewayRoutes };

/** The contract entries each deployable answers: it mounts exactly these, each once (a test checks). */
export const routesByDeployable = {
  identity: identityRoutes,
  catalog: catalogRoutes,
  requests: requestRoutes,
  gateway: gatewayRoutes,
} as const;

/** Every public route, by the deployable that answers it (the OpenAPI document's source). */
export const apiRoutes: readonly ApiRoute[] = [
  ...identityRoutes,
  ...catalogRoutes,
  ...requestRoutes,
  ...gatewayRoutes,
];
