import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { translate, type ErrorCode, type MessageKey } from '@medrelay/contracts';
import express, { type Express, type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { compressAnswers } from './compression';
import { notFoundHandler } from './errors';
import { httpMetrics, metricsRoutes } from './metrics';
import { runWithRequestId } from './request-context';

/**
 * The Express app every service starts from: request ids, access logs (JSON), latency metrics
 * and GET /metrics, answers of 1 KB or more compressed for clients that accept it, JSON bodies.
 * `json: false` leaves bodies unread (the gateway streams them to services untouched).
 * `compress: false` leaves answers as they are (the gateway passes services' compressed bytes
 * through and compresses only its own answers; static files are compressed at build time).
 * /metrics is never served here: only on the internal server (`listenInternal`).
 */
export function createServiceApp(
  logger: Logger,
  options: {
    jsonLimit?: string;
    json?: boolean;
    compress?: boolean;
    trustProxy?: string;
  } = {},
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(options.trustProxy ?? 'loopback'));
  app.use(accessLog(logger));
  app.use(securityHeaders(), noStoreWhenAuthenticated);
  app.use(httpMetrics(String(logger.bindings().service ?? 'unknown')));
  if (options.compress !== false) app.use(compressAnswers());
  // Metrics live on the internal port: here /metrics is a plain 404 (not a page of the front-end fallback).
  app.use(express.Router().get('/metrics', notFoundHandler));
  if (options.json !== false) app.use(express.json({ limit: options.jsonLimit ?? '100kb' }));
  return app;
}

declare module 'http' {
  interface IncomingMessage {
    /** The call's request id (X-Request-Id, given or made up). */
    id: string;
    /** The service's logger; every line written while serving the call carries the request id. */
    log: Logger;
  }
}

const requestIdPattern = /^[\w-]{1,100}$/;

/**
 * Request ids and access logs. The id comes from `X-Request-Id` when usable, else is made up,
 * and is kept on the request so proxies and queue jobs pass the same id along; everything the
 * call does runs with it (`runWithRequestId`). One JSON line per answer, at info, when it has
 * finished: method, URL, status, time. No headers: they are where credentials travel.
 * Replaces pino-http, which built a child logger with the serialized, redacted request on every
 * call even when nothing was logged: 12–16% of the gateway's CPU per call (docs/performance.md,
 * "Gateway cost").
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('x-request-id', id);
    req.id = id;
    req.log = logger;
    if (logger.isLevelEnabled('info') && !req.url.startsWith('/health')) {
      const started = performance.now();
      const { method, url } = req;
      let logged = false;
      const done = () => {
        if (logged) return;
        logged = true;
        const msg = !res.writableFinished
          ? 'request aborted'
          : res.statusCode >= 500
            ? 'request errored'
            : 'request completed';
        const entry = {
          req: { method, url, remoteAddress: req.socket.remoteAddress },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        };
        runWithRequestId(id, () => logger.info(entry, msg));
      };
      res.once('finish', done);
      res.once('close', done);
    }
    runWithRequestId(id, next);
  };
}

/**
 * helmet's headers on every answer (nosniff, frame and opener isolation, HSTS, no referrer).
 * The policy here suits JSON and images: nothing may load or frame them. Pages and files
 * (static.ts, the API docs, the queue dashboard) replace the CSP and referrer policy with their own.
 */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
  });
}

/**
 * An answer to a call carrying a token is that user's data: no browser or proxy may keep it
 * (`no-store`). Set first, so a route that knows better (a public photo) may still override it.
 */
const noStoreWhenAuthenticated: RequestHandler = (req, res, next) => {
  if (req.headers.authorization) res.setHeader('Cache-Control', 'no-store');
  next();
};

export function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (err?: Error) => (err ? reject(err) : resolve(server)));
    server.on('clientError', answerClientError);
  });
}

const clientErrors: Record<string, [number, ErrorCode, MessageKey]> = {
  HPE_HEADER_OVERFLOW: [431, 'HEADERS_TOO_LARGE', 'headersTooLarge'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT', 'requestTimeout'],
};

/**
 * A request Node could not read (headers over its limit, a malformed request line) never reaches
 * Express; Node would answer a bare 431 or 400. Answered with the API's error body instead, in
 * Arabic when the part that was read asks for it.
 */
export function answerClientError(err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, key] = clientErrors[err.code ?? ''] ?? [400, 'BAD_REQUEST', 'invalidInput'];
  const language = /\r\naccept-language:[ \t]*ar/i.test(err.rawPacket?.toString('latin1') ?? '')
    ? 'ar'
    : 'en';
  const body = JSON.stringify({ message: translate(key, language), code });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * The internal port of a process: METRICS_PORT when set, else its public port + 1000 (a free
 * port when the public one is 0), so `npm start` never serves metrics on a public port.
 */
export function internalPortFor(metricsPort: number | undefined, publicPort: number): number {
  if (metricsPort !== undefined) return metricsPort;
  return publicPort === 0 ? 0 : publicPort + 1000;
}

/**
 * The internal port (METRICS_PORT): /metrics and any operator-only routes, no access log.
 * Kubernetes scrapes it inside the cluster; neither the Ingress nor compose publishes it.
 */
export function listenInternal(port: number, host: string, routers: Router[] = []): Promise<Server> {
  const app = express();
  app.disable('x-powered-by');
  app.use(metricsRoutes(), ...routers);
  app.use(notFoundHandler);
  return listen(app, port, host);
}

/** How long a stopping server lets the requests under way finish before it cuts their connections. */
const drainMs = 5000;

/**
 * Stops accepting connections and lets the requests under way finish. A keep-alive client would
 * go on sending on its open connection (a browser retrying every few seconds kept a gateway
 * stopping for 23 s), so every answer from now on says `Connection: close`, and a socket is
 * closed as soon as it is idle; whatever still hangs after `drainLimitMs` is cut.
 */
export function closeServer(server: Server, drainLimitMs = drainMs): Promise<void> {
  return new Promise((resolve) => {
    server.prependListener('request', (_req, res: ServerResponse) => res.setHeader('Connection', 'close'));
    // Node closes the sockets idle when close() is called, not those that become idle later.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => server.closeAllConnections(), drainLimitMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** Express "trust proxy" from text: true/false, a hop count, or addresses and subnets. */
export function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}
