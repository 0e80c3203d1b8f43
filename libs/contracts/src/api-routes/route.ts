import type { z } from 'zod';

export type RouteAccess = 'public' | 'signed-in' | 'approved' | 'admin';

/**
 * One public HTTP route as the gateway exposes it. The OpenAPI document is generated from this
 * list (gateway `/api/openapi.json`), and a test compares it with the routes the services and
 * the gateway really register, so the two cannot drift apart.
 */
export interface ApiRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express syntax (`/api/medicines/:id`). */
  path: string;
  tag: 'auth' | 'account' | 'settings' | 'medicines' | 'requests' | 'notifications' | 'admin' | 'public';
  summary: string;
  access: RouteAccess;
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
  /** Answer headers worth knowing (name → description). */
  headers?: Record<string, string>;
}
