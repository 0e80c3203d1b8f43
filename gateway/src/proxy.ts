import {
  Agent,
  request,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { pipeline } from 'node:stream';
import { translate } from '@medrelay/contracts';
import { outageRetryAfterSeconds, requestLanguage, type Logger } from '@medrelay/service-kit';
import type { Request, RequestHandler } from 'express';
import { matchesPrefix } from './routes';
import { notConnected } from './upstream-fetch';
import { countUpstreamAnswer } from './upstream-metrics';
import { UpstreamPool } from './upstream-pool';

/**
 * Kept-alive connections to the services. Without keep-alive every call opened a TCP connection,
 * which cost the gateway and the service more than the call itself (see docs/performance.md,
 * "Gateway cost"). LIFO reuses the warmest sockets.
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

/** Headers of one connection, never passed on (RFC 9110 §7.6.1); Node sets the gateway's own. */
const hopByHop = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];
/**
 * An answer's framing is the gateway's own too: Node sends it chunked to an HTTP/1.1 client, or
 * closes after it for HTTP/1.0 (a request's framing is kept: its body is passed on as it came).
 */
const notPassedBack = new Set([...hopByHop, 'transfer-encoding']);

/**
 * Streams matching calls to one of a service's instances untouched (no body parsing here),
 * round robin. The client address the gateway worked out replaces any X-Forwarded-For the client
 * sent, so services can trust it. An instance that refuses the connection is left out for a
 * while; a call without a body (GET/HEAD) is then retried once on another instance. When no
 * instance answers the caller gets a JSON 503 at once, when one is too slow a 504, never a hang.
 *
 * Node's own HTTP client, not http-proxy(-middleware): the same calls through it cost the gateway
 * about a sixth more CPU (docs/performance.md, "Gateway cost"), and every rule that matters here
 * (cancelling, early answers, retries, timeouts) was ours around it anyway.
 */
export function proxyTo(
  pool: UpstreamPool,
  prefixes: readonly string[],
  timeoutMs: number,
  logger: Logger,
  agent: Agent = upstreamAgent(),
): RequestHandler {
  return proxyWhere(pool, (path) => prefixes.some((p) => matchesPrefix(path, p)), timeoutMs, logger, agent);
}

/**
 * Pages and front-end files from the static server (FRONTEND_URL); /api and /health stay here.
 * No time limit: a large file to a slow phone leaves the connection to the server idle for a while.
 */
export function frontEndProxy(target: string, logger: Logger, agent?: Agent): RequestHandler {
  const pool = new UpstreamPool('web', [target]);
  return proxyWhere(pool, (path) => !/^\/(api|health|metrics)(\/|$)/.test(path), 0, logger, agent);
}

/** Sends the calls whose path `claims` to `pool`, as `proxyTo` says. */
function proxyWhere(
  pool: UpstreamPool,
  claims: (path: string) => boolean,
  timeoutMs: number,
  logger: Logger,
  agent: Agent = upstreamAgent(),
): RequestHandler {
  const name = pool.name;
  return (req, res, next) => {
    if (!claims(req.path)) return next();
    res.locals.metricsRoute = `proxied to ${name}`;
    forward(req, res, false);
  };

  function forward(req: Request, res: ServerResponse, retried: boolean) {
    const bodyless = req.method === 'GET' || req.method === 'HEAD';
    const instance = pool.next();
    const target = new URL(instance);
    const upstream = request({
      agent,
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: `${target.pathname.replace(/\/$/, '')}${req.url}`,
      headers: headersForService(req),
      timeout: timeoutMs,
    });
    let answered = false;
    let timedOut = false;
    let clientLeft = false;
    let uploadDropped = false;
    // A client that leaves before the answer (a phone losing signal, a load generator giving up)
    // cancels the service's call too, so the service can skip work nobody waits for.
    const onClose = () => {
      if (res.writableFinished) return;
      clientLeft = true;
      upstream.destroy();
    };
    res.once('close', onClose);
    upstream.once('timeout', () => {
      timedOut = true;
      upstream.destroy();
    });
    upstream.once('response', (answer) => {
      answered = true;
      countUpstreamAnswer(pool, instance);
      const headers: Record<string, string | string[]> = {};
      for (const [key, value] of Object.entries(answer.headers))
        if (value !== undefined && !notPassedBack.has(key)) headers[key] = value;
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
      // An answer the service cuts off half way is cut off for the caller too, visibly, rather
      // than left open (the socket's end alone is no error of the call).
      pipeline(answer, res, () => undefined);
      // An answer complete before the upload is (the service's early 413): Node's client stops
      // sending once its answer is complete, so the caller's upload backed up behind it until
      // the connection reset 6 s later, and the caller could lose the answer. The call to the
      // service is dropped, and the rest of the caller's body read and dropped here.
      answer.once('end', () => {
        if (req.complete) return;
        uploadDropped = true;
        req.unpipe();
        req.resume();
        upstream.destroy();
      });
    });
    let failed = false;
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (failed) return;
      failed = true;
      res.off('close', onClose);
      // The call was cancelled because the client left, or because its answer was complete before
      // its upload (above): nobody to answer, nothing to retry.
      if (clientLeft || uploadDropped) return;
      const code = err.code ?? '';
      logger.warn({ upstream: name, instance, url: req.url, err: err.message }, 'upstream unavailable');
      // The service answered early (a 413 before reading the whole upload) and then dropped the
      // connection: its answer is already on its way to the client, so it is not replaced by a
      // 503, and what the client still sends is read and dropped so it can read that answer (an
      // answer dropped half way is cut off by the pipeline above).
      if (answered) return void req.resume();
      if (res.headersSent) return void res.end();
      // A kept-alive connection the service closed just as the call went out: the service never
      // saw it, like a refused connection, but the instance is fine (not marked down).
      const staleSocket = code === 'ECONNRESET' && upstream.reusedSocket && !timedOut;
      if (notConnected.has(code) || staleSocket) {
        if (!staleSocket) pool.markDown(instance);
        if (bodyless && !retried && pool.available > 0) return forward(req, res, true);
      }
      answerUnavailable(req, res, name, timedOut);
    });
    if (bodyless) upstream.end();
    else req.pipe(upstream);
  }
}

/**
 * The headers the service sees: the caller's, with the address the gateway determined (never
 * the one a client claims) and without the caller's connection headers: a client's
 * `Connection: close` must not close a pooled connection (and cut off an upload's early answer).
 */
function headersForService(request: Request): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { ...request.headers };
  for (const header of hopByHop) delete headers[header];
  headers['x-forwarded-for'] = request.ip ?? request.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = request.protocol;
  if (request.headers.host) headers['x-forwarded-host'] = request.headers.host;
  return headers;
}

function answerUnavailable(
  req: IncomingMessage,
  response: ServerResponse,
  upstream: string,
  timedOut: boolean,
) {
  if (response.headersSent) return void response.end();
  const language = requestLanguage(req);
  // A service away or slow is a moment's outage (its supervisor restarts it): say when to retry.
  response.writeHead(timedOut ? 504 : 503, {
    'content-type': 'application/json; charset=utf-8',
    'retry-after': String(outageRetryAfterSeconds),
  });
  response.end(
    JSON.stringify({
      message: translate(timedOut ? 'serviceTimeout' : 'serviceUnavailable', language),
      code: 'UPSTREAM_UNAVAILABLE',
      details: { upstream, retryAfterSeconds: outageRetryAfterSeconds },
    }),
  );
}
