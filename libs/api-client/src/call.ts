import type { DeclarationOf, Endpoint } from '@medrelay/contracts/endpoints';
import type { z } from 'zod';
import { apiPage, apiRequest, withQuery, type Page } from './http';

/*
 * Calls built from the contract's entries (libs/contracts/src/api-routes): the method, path and
 * paging come from the entry's runtime part (`@medrelay/contracts/endpoints`), the types of what
 * is sent and answered from its full declaration, which only the type checker reads.
 */

type Declared<E extends Endpoint> = DeclarationOf<E>;
type Schema<D, K extends string> = D extends { [key in K]: infer S extends z.ZodType } ? S : never;

/** A query as a screen sets it: what the schema takes, or its parsed form (sent through String()). */
type QueryValues<S extends z.ZodType> = {
  [K in keyof z.input<S>]?: z.input<S>[K] | (K extends keyof z.output<S> ? z.output<S>[K] : never);
};

/** The `:name` parts of the path. */
export type RouteParams<E extends Endpoint> = [Schema<Declared<E>, 'params'>] extends [never]
  ? undefined
  : z.input<Schema<Declared<E>, 'params'>>;
/** The query string's values. */
export type RouteQuery<E extends Endpoint> = [Schema<Declared<E>, 'query'>] extends [never]
  ? undefined
  : QueryValues<Schema<Declared<E>, 'query'>>;
/** The body: JSON as the schema takes it, or a file for routes with a raw body (a photo). */
export type RouteBody<E extends Endpoint> =
  Declared<E> extends { rawBody: readonly string[] }
    ? Blob
    : [Schema<Declared<E>, 'body'>] extends [never]
      ? undefined
      : z.input<Schema<Declared<E>, 'body'>>;

/** What the call resolves to: the parsed answer's type, a Page for paged lists, nothing for 204. */
export type RouteAnswer<E extends Endpoint> =
  Schema<Declared<E>, 'response'> extends z.ZodArray<infer Item>
    ? E['paged'] extends true
      ? Page<z.output<Item>>
      : z.output<Schema<Declared<E>, 'response'>>
    : [Schema<Declared<E>, 'response'>] extends [never]
      ? void
      : z.output<Schema<Declared<E>, 'response'>>;

type Part<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: undefined }
  : undefined extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

/** The parts of a call the route declares, each required when the route has it. */
export type CallArgs<E extends Endpoint> = Part<'params', RouteParams<E>> &
  Partial<Part<'query', RouteQuery<E>>> &
  Part<'body', RouteBody<E>> & {
    /** Lets a logout or a left screen cancel the call. */
    signal?: AbortSignal;
  };

/** No argument needed when the route has neither params nor a body. */
type ArgsOf<E extends Endpoint> = object extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

/** What the functions below read of a call's arguments, whatever the route. */
interface AnyArgs {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The route's path with its `:name` parts filled (`/api/requests/:id` → `/api/requests/41`).
 * A missing part throws: a call to `/api/requests/:id` would reach a different route.
 */
export function routePath(route: Endpoint, params?: unknown): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Whether a filled path is one of this route's. An `:id` is a number, so `/api/requests/my` is
 * not a `/api/requests/:id`.
 */
export function isRoutePath(route: Endpoint, path: unknown): boolean {
  if (typeof path !== 'string') return false;
  const want = route.path.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((part, i) =>
      part === ':id' ? /^\d+$/.test(got[i]!) : part.startsWith(':') ? got[i] !== '' : part === got[i],
    )
  );
}

/** The URL of a call: the filled path and its query string. */
export function routeUrl<E extends Endpoint>(route: E, ...args: ArgsOf<E>): string;
export function routeUrl(route: Endpoint, args?: AnyArgs): string {
  return withQuery(routePath(route, args?.params), args?.query);
}

/**
 * The React Query key of a GET route: the filled API path first (spec §7), so invalidating by
 * the path alone matches every query of it, then the query when one is given.
 */
export function routeKey<E extends Endpoint>(
  route: E,
  ...args: ArgsOf<E>
): readonly [string] | readonly [string, RouteQuery<E>];
export function routeKey(route: Endpoint, args?: AnyArgs): readonly unknown[] {
  const path = routePath(route, args?.params);
  return args?.query === undefined ? [path] : [path, args.query];
}

/**
 * Calls a route as its contract entry declares it: method and path from the entry, the query as
 * the query string, the body as JSON (or raw for a file); a paged list answers items and total.
 */
export function callApi<E extends Endpoint>(route: E, ...args: ArgsOf<E>): Promise<RouteAnswer<E>>;
export function callApi(route: Endpoint, args?: AnyArgs): Promise<unknown> {
  const url = withQuery(routePath(route, args?.params), args?.query);
  // Paged routes are GETs (libs/contracts' endpoints test).
  if (route.paged) return apiPage(url, args?.signal);
  return apiRequest(route.method.toUpperCase(), url, args?.body, args?.signal);
}
