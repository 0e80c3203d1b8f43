import { authKeys, type Settings } from '@medrelay/contracts';
import {
  bearerToken,
  httpError,
  limitKeyOfAddress,
  RateLimiter,
  type Redis,
  type TokenVerifier,
} from '@medrelay/service-kit';
import type { Request, RequestHandler } from 'express';
import type { GatewayConfig } from './config';
import { isOpenDuringMaintenance, isPublicCall, isSignInCall } from './routes';

/**
 * The path as the client sent it, also inside middleware mounted under a prefix, without a
 * trailing slash (Express routes /api/auth/login/ like /api/auth/login, so the checks must too).
 */
function fullPath(req: Request): string {
  const path = req.baseUrl + req.path;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Rejects bad, expired or revoked tokens before they reach a service, and keeps the verified
 * caller for the maintenance check. Public calls pass with whatever token they carry.
 */
export function earlyTokenCheck(verifier: TokenVerifier): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token || isPublicCall(req.method, fullPath(req))) return next();
    res.locals.caller = await verifier.verify(token);
    next();
  };
}

/** Reads the maintenance switch identity publishes to Redis, cached for a second. */
export function maintenanceSwitch(redis: Redis, prefix: string) {
  let cached = { at: 0, on: false };
  const isOn = async (): Promise<boolean> => {
    if (Date.now() - cached.at < 1000) return cached.on;
    const raw = await redis.get(authKeys.settings(prefix));
    const on = raw ? Boolean((JSON.parse(raw) as Partial<Settings>).maintenanceMode) : false;
    cached = { at: Date.now(), on };
    return on;
  };
  return Object.assign(isOn, { clear: () => (cached = { at: 0, on: false }) });
}

/**
 * In maintenance mode everyone but administrators gets 503. Signing in and the public settings
 * stay open so an administrator can get in and the browser can say why.
 */
export function maintenanceGuard(isOn: () => Promise<boolean>): RequestHandler {
  return async (req, res, next) => {
    if (!(await isOn())) return next();
    if (isOpenDuringMaintenance(req.method, fullPath(req)) || res.locals.caller?.role === 'admin')
      return next();
    next(httpError.unavailable('MAINTENANCE', 'maintenance'));
  };
}

/** Limits sign-in attempts per address and writes per caller, across gateway instances (Redis). */
export function rateLimits(redis: Redis, prefix: string, config: GatewayConfig): RequestHandler {
  const logins = new RateLimiter(redis, `${prefix}:gw:login`, config.LOGIN_RATE_PER_MINUTE, 60);
  const writes = new RateLimiter(redis, `${prefix}:gw:write`, config.WRITE_RATE_PER_MINUTE, 60);
  return async (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const address = limitKeyOfAddress(req.ip);
    const result = isSignInCall(req.method, fullPath(req))
      ? await logins.hit(address)
      : await writes.hit(res.locals.caller ? `user:${res.locals.caller.id}` : `ip:${address}`);
    if (!result.allowed) return next(httpError.tooManyRequests(result.retryAfterSeconds));
    next();
  };
}
