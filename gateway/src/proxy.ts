import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { translate } from '@medrelay/contracts';
import { requestLanguage, type Logger } from '@medrelay/service-kit';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { matchesPrefix } from './routes';
import { notConnected } from './upstream-fetch';
import { countUpstreamAnswer } from './upstream-metrics';
import type { UpstreamPool } from './upstream-pool';

type ProxiedRequest = IncomingMessage & {
  upstreamTarget?: string;
  upstreamRetried?: boolean;
  /** The upstream call went out on a kept-alive connection (it may have been closed under it). */
  upstreamReusedSocket?: boolean;
  upstreamTimedOut?: boolean;
  /** The service's answer has started coming back (possibly before the whole body went up). */
  upstreamAnswered?: boolean;
  /** The client left before the answer was complete; the upstream call was cancelled. */
  clientLeft?: boolean;
  /** The call to the service, while it is being sent. */
  upstreamRequest?: ClientRequest;
  /** The service answered in full before the upload ended; the rest is read and dropped here. */
  uploadDropped?: boolean;
};

/**
 * Kept-alive connections to the services. Without an agent http-proxy sends `Connection: close`
 * and opens a TCP connection per call, which cost the gateway and the service more than the
 * call itself (see docs/performance.md, "Gateway cost"). LIFO reuses the warmest sockets.
 *
 * An idle socket must be closed here before the service closes it (Node's keep-alive timeout,
 * 5 s): a call sent on a socket the service is closing fails with ECONNRESET, and a call with a
 * body cannot be retried (a PUT answered 504 in CI). Node's agent follows the service's
 * `Keep-Alive: timeout=N` hint (closing a second early) only when the agent has a timeout of its
 * own, larger than the hint; without one, idle sockets were kept forever.
 */
export function upstreamAgent(idleTimeoutMs = 60_000): Agent {
  // maxSockets and maxFreeSockets count per service instance (host:port).
  return new Agent({
    keepAlive: true,
    maxSockets: 256,
    maxFreeSockets: 64,
    scheduling: 'lifo',
    timeout: idleTimeoutMs,
  });
}

/**
 * Streams matching calls to one of a service's instances untouched (no body parsing here),
 * round robin. The client address the gateway worked out replaces any X-Forwarded-For the client
 * sent, so services can trust it. An instance that refuses the connection is left out for a
 * while; a call without a body (GET/HEAD) is then retried once on another instance. When no
 * instance answers the caller gets a JSON 503 at once, when one is too slow a 504, never a hang.
 */
export function proxyTo(
  pool: UpstreamPool,
  prefixes: readonly string[],
  timeoutMs: number,
  logger: Logger,
  agent: Agent = upstreamAgent(),
): RequestHandler {
  const name = pool.name;
  const proxy: RequestHandler = createProxyMiddleware({
    target: pool.urls[0],
    agent,
    router: (req) => {
      const target = pool.next();
      (req as ProxiedRequest).upstreamTarget = target;
      const request = req as Request;
      if (request.res) request.res.locals.metricsRoute = `proxied to ${name}`;
      forwardedHeaders(request);
      return target;
    },
    xfwd: false,
    proxyTimeout: timeoutMs,
    pathFilter: (path) => prefixes.some((p) => matchesPrefix(path.split('?')[0]!, p)),
    on: {
      // http-proxy emits this when the call gets its socket, which under load can be after its
      // headers went out: only read here, never set headers (see forwardedHeaders).
      proxyReq: (proxyReq, req, res) => {
        const proxied = req as ProxiedRequest;
        proxied.upstreamRequest = proxyReq as ClientRequest;
        proxied.upstreamReusedSocket = (proxyReq as ClientRequest).reusedSocket;
        proxyReq.once('timeout', () => (proxied.upstreamTimedOut = true));
        // A client that leaves before the answer (a phone losing signal, a load generator giving
        // up) cancels the service's call too, so the service can skip work nobody waits for
        // (http-proxy only does so while a request body is still arriving).
        res.once('close', () => {
          if (!res.writableFinished) {
            proxied.clientLeft = true;
            proxyReq.destroy();
          }
        });
      },
      proxyRes: (proxyRes, req) => {
        const proxied = req as ProxiedRequest;
        proxied.upstreamAnswered = true;
        const target = proxied.upstreamTarget;
        if (target) countUpstreamAnswer(pool, target);
        // An answer complete before the upload is (the service's early 413): Node's client stops
        // sending once its answer is complete, so the caller's upload backed up behind it until
        // the connection reset 6 s later, and the caller could lose the answer. The call to the
        // service is dropped, and the rest of the caller's body read and dropped here.
        proxyRes.once('end', () => {
          if (req.complete) return;
          proxied.uploadDropped = true;
          req.unpipe();
          req.resume();
          proxied.upstreamRequest?.destroy();
        });
      },
      error: (err, req, res) => {
        const request = req as ProxiedRequest;
        // The call was cancelled because the client left, or because its answer was complete before
        // its upload (above): nobody to answer, nothing to retry.
        if (request.clientLeft || request.uploadDropped) return;
        const code = (err as NodeJS.ErrnoException).code ?? '';
        logger.warn(
          { upstream: name, instance: request.upstreamTarget, url: req.url, err: err.message },
          'upstream unavailable',
        );
        if (!('writeHead' in res)) return void res.destroy();
        const response = res as ServerResponse;
        // The service answered early (a 413 before reading the whole upload) and then dropped the
        // connection: its answer is already on its way to the client, so it is not replaced by a
        // 503, and what the client still sends is read and dropped so it can read that answer.
        if (request.upstreamAnswered) {
          req.resume();
          // Cut off an answer the service dropped half way, visibly, rather than leave it hanging.
          const cutOff = setTimeout(() => response.writableEnded || response.destroy(), 1000);
          return void cutOff.unref();
        }
        if (response.headersSent) return void response.end();
        const bodyless = req.method === 'GET' || req.method === 'HEAD';
        // A kept-alive connection the service closed just as the call went out: the service never
        // saw it, like a refused connection, but the instance is fine (not marked down).
        const staleSocket =
          code === 'ECONNRESET' && request.upstreamReusedSocket && !request.upstreamTimedOut;
        if ((notConnected.has(code) || staleSocket) && request.upstreamTarget) {
          if (!staleSocket) pool.markDown(request.upstreamTarget);
          if (bodyless && !request.upstreamRetried && pool.available > 0) {
            request.upstreamRetried = true;
            return void proxy(req as Request, response as never, () =>
              answerUnavailable(req, response, name, false),
            );
          }
        }
        // http-proxy aborts the call at proxyTimeout, which surfaces as a reset socket.
        answerUnavailable(req, response, name, code === 'ECONNRESET');
      },
    },
  });
  return proxy;
}

/**
 * The headers the service sees, set on the incoming request before http-proxy copies them (it
 * copies `req.headers` when it creates the call; setting them later races the socket under load).
 */
function forwardedHeaders(request: Request) {
  const headers = request.headers;
  // The connection to the service is the gateway's, not the client's: a client's
  // `Connection: close` must not close a pooled one (and cut off an upload's early answer).
  headers.connection = 'keep-alive';
  headers['x-forwarded-for'] = request.ip ?? request.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = request.protocol;
  if (headers.host) headers['x-forwarded-host'] = headers.host;
}

function answerUnavailable(
  req: IncomingMessage,
  response: ServerResponse,
  upstream: string,
  timedOut: boolean,
) {
  if (response.headersSent) return void response.end();
  const language = requestLanguage(req);
  response.writeHead(timedOut ? 504 : 503, { 'content-type': 'application/json; charset=utf-8' });
  response.end(
    JSON.stringify({
      message: translate(timedOut ? 'serviceTimeout' : 'serviceUnavailable', language),
      code: 'UPSTREAM_UNAVAILABLE',
      details: { upstream },
    }),
  );
}

/** Pages and front-end files from the static server (FRONTEND_URL); /api and /health stay here. */
export function frontEndProxy(
  target: string,
  logger: Logger,
  agent: Agent = upstreamAgent(),
): RequestHandler {
  return createProxyMiddleware({
    target,
    agent,
    xfwd: true,
    pathFilter: (path) => !/^\/(api|health|metrics)(\/|$)/.test(path),
    on: {
      error: (err, req, res) => {
        logger.warn({ url: req.url, err: err.message }, 'front-end server unavailable');
        if ('writeHead' in res) answerUnavailable(req, res as ServerResponse, 'web', false);
        else res.destroy();
      },
    },
  });
}
