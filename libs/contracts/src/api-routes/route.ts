import type { Action } from '@medrelay/domain';
import type { z } from 'zod';

export type RouteAccess = 'public' | 'signed-in' | 'approved' | 'admin';

/**
 * One public HTTP route as the gateway exposes it: the one declaration of an endpoint. The
 * services mount their handlers from it (validation and access applied), the OpenAPI document is
 * generated from it (gateway `/api/openapi.json`), and the api-client builds its calls from it.
 */
export interface ApiRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express syntax (`/api/medicines/:id`). */
  path: string;
  tag:
    | 'auth'
    | 'account'
    | 'settings'
    | 'medicines'
    | 'requests'
    | 'needs'
    | 'notifications'
    | 'admin'
    | 'public';
  summary: string;
  access: RouteAccess;
  /** The action of the permissions matrix (libs/domain, spec §6) the caller's role must hold. */
  permission?: Action;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A raw (non-JSON) request body, e.g. an image. */
  rawBody?: readonly string[];
  /** The success answer; `null` means no body (204). */
  response: z.ZodType | null;
  status?: number;
  /** A binary success answer instead of JSON. */
  rawResponse?: readonly string[];
  /** The handler writes the JSON answer itself as it is read (a download); `response` still describes it. */
  streamed?: boolean;
  /** A list answered a page at a time: the items, their total in `X-Total-Count`. */
  paged?: boolean;
  /** Answer headers worth knowing (name → description). */
  headers?: Record<string, string>;
}

/** Declares a route keeping its literal types, so handlers and calls are typed from it. */
export function route<const R extends ApiRoute>(declaration: R): R {
  return declaration;
}
