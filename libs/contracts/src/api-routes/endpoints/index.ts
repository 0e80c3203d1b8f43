import type { catalogApi } from '../catalog';
import type { gatewayApi } from '../gateway';
import type { identityApi } from '../identity';
import type { requestApi } from '../requests';
import type { ApiRoute } from '../route';

/**
 * What a browser needs to call a route: its method, path and whether it is paged, with no schema
 * or description (subpath `@medrelay/contracts/endpoints`). Each is a plain object of its own
 * export, so a bundle keeps only the routes it calls (docs/architecture.md "Calls from the contract");
 * the full declarations spread them, and the types of a call come from those (`DeclarationOf`).
 */
export * as catalogEndpoints from './catalog';
export * as identityEndpoints from './identity';
export * as requestEndpoints from './requests';
export * as gatewayEndpoints from './gateway';

export interface Endpoint {
  readonly method: ApiRoute['method'];
  /** Express syntax (`/api/medicines/:id`). */
  readonly path: string;
  readonly paged?: boolean;
}

type Entries<T> = T[keyof T];
/** Every full declaration, with its literal method and path. */
export type DeclaredRoute =
  | Entries<typeof catalogApi>
  | Entries<typeof identityApi>
  | Entries<typeof requestApi>
  | Entries<typeof gatewayApi>;

/** The full declaration (schemas included) of an endpoint: the one with its method and path. */
export type DeclarationOf<E extends Endpoint> = Extract<
  DeclaredRoute,
  { method: E['method']; path: E['path'] }
>;
