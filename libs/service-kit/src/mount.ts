import type { ApiRoute } from '@medrelay/contracts/api-routes';
import { isDeepStrictEqual } from 'node:util';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import {
  authenticate,
  callerOf,
  requireApproved,
  requirePermission,
  type Caller,
  type TokenVerifier,
} from './auth';
import { AppError } from './errors';
import { sendPage } from './paging';
import { validate } from './validate';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type ItemOf<S> = S extends z.ZodArray<infer Item> ? z.input<Item> : never;

/**
 * What a handler answers: the response body (a page of items for paged lists, with their total
 * unless it is a keyset page of Export Data; nothing for 204, raw or streamed answers).
 */
export type RouteAnswer<R extends ApiRoute> = R['rawResponse'] extends readonly string[]
  ? void
  : R['streamed'] extends true
    ? void
    : R['response'] extends z.ZodType
      ? R['paged'] extends true
        ? { items: ItemOf<R['response']>[]; total?: number; estimated?: boolean }
        : z.input<R['response']>
      : void;

/** A request as the route declares it: validated parts and, unless public, the verified caller. */
export interface RouteCall<R extends ApiRoute> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
  caller: R['access'] extends 'public' ? Caller | undefined : Caller;
  req: Request;
  res: Response;
}

/** Returned by a handler that wrote the answer itself (e.g. bytes kept from an earlier answer). */
export const answered = Symbol('answered');

export type RouteHandler<R extends ApiRoute> = (
  call: RouteCall<R>,
) => Promise<RouteAnswer<R> | typeof answered> | RouteAnswer<R> | typeof answered;

/** A service's router and the verifier its non-public routes check tokens with. */
export interface ApiRouter {
  router: Router;
  /**
   * Checks the bearer token of non-public routes. `null` where a guard in front of the router
   * already verified it and put the caller on `res.locals` (the gateway's early token check):
   * the route then only requires that caller (401 without one), without asking Redis again.
   */
  verifier: TokenVerifier | null;
}

/** The contract entry each mounted Express route answers, so tests can walk an app for them. */
const mountedRoutes = new WeakMap<object, ApiRoute>();

/** The contract entry an Express route (`layer.route`) was mounted from, if it was. */
export function contractOf(expressRoute: object): ApiRoute | undefined {
  return mountedRoutes.get(expressRoute);
}

/**
 * Set for the test suite (vitest.config.ts): each JSON answer must be exactly what its contract's
 * response schema describes, no field more or less, or the call fails with a 500 naming the route.
 * The compiler cannot see extra fields (a Transaction passes where a MedicineRequest is declared).
 */
const checkAnswers = process.env.MEDRELAY_CHECK_ANSWERS === '1';

function checkAnswer(route: ApiRoute, answer: unknown): void {
  if (!route.response) return;
  const sent: unknown = JSON.parse(JSON.stringify(answer) ?? 'null');
  const parsed = route.response.safeParse(sent);
  if (!parsed.success || !isDeepStrictEqual(parsed.data, sent)) {
    const why = parsed.success ? 'fields the schema does not declare' : parsed.error.message;
    throw new Error(`${route.method} ${route.path} answered what its contract does not describe: ${why}`);
  }
}

/**
 * A JSON route given a body of another type (text, a form, XML) would otherwise see no body at
 * all and answer as if nothing was asked: refused (415) instead. A call without a body passes.
 */
const requireJsonBody: RequestHandler = (req, _res, next) => {
  if (req.is('application/json') === false)
    return next(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'jsonBodyRequired'));
  next();
};

const requireCaller: RequestHandler = (_req, res, next) => {
  callerOf(res);
  next();
};

export interface MountOptions {
  /** Middleware after access checks and before validation (rate limits, raw body parsers). */
  before?: RequestHandler[];
}

/**
 * Registers the handler of a contract route (libs/contracts/src/api-routes): its method and path,
 * the access it declares (token, approval, permission) and validation of params, query and body all
 * come from the one declaration, so a router cannot drift from the OpenAPI document or the client.
 */
export function mount<R extends ApiRoute>(
  api: ApiRouter,
  route: R,
  handler: RouteHandler<R>,
  options: MountOptions = {},
): void {
  if (route.access === 'admin' && !route.permission) {
    throw new Error(`${route.method} ${route.path}: an admin route names the permission it needs`);
  }
  const access: RequestHandler[] = route.body && !route.rawBody ? [requireJsonBody] : [];
  if (route.access !== 'public') access.push(api.verifier ? authenticate(api.verifier) : requireCaller);
  if (route.access === 'approved') access.push(requireApproved);
  if (route.permission) access.push(requirePermission(route.permission));
  const schemas = { params: route.params, query: route.query, body: route.rawBody ? undefined : route.body };
  const run: RequestHandler = async (req, res) => {
    const answer = await handler({
      params: res.locals.params,
      query: res.locals.query,
      body: req.body,
      caller: (route.access === 'public' ? res.locals.caller : callerOf(res)) as RouteCall<R>['caller'],
      req,
      res,
    });
    if (answer === answered || res.headersSent || route.rawResponse || route.streamed) return;
    if (checkAnswers) checkAnswer(route, route.paged ? (answer as { items: unknown[] }).items : answer);
    if (route.response === null) {
      res.status(route.status ?? 204).end();
    } else if (route.paged) {
      sendPage(res, answer as { items: unknown[]; total?: number; estimated?: boolean });
    } else {
      res.status(route.status ?? 200).json(answer);
    }
  };
  const registered = api.router.route(route.path);
  registered[route.method](...access, ...(options.before ?? []), validate(schemas), run);
  mountedRoutes.set(registered, route);
}
