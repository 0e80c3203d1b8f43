import type { IncomingMessage, ServerResponse } from 'node:http';
import { translate } from '@medrelay/contracts';
import { requestLanguage, type Logger } from '@medrelay/service-kit';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { matchesPrefix } from './routes';

/**
 * Streams matching calls to a service untouched (no body parsing here). The client address the
 * gateway worked out replaces any X-Forwarded-For the client sent, so services can trust it.
 * When the service is absent or down the caller gets a JSON 503 at once, when it is too slow a
 * 504, never a hang.
 */
export function proxyTo(
  name: string,
  target: string,
  prefixes: readonly string[],
  timeoutMs: number,
  logger: Logger,
): RequestHandler {
  return createProxyMiddleware({
    target,
    xfwd: false,
    proxyTimeout: timeoutMs,
    pathFilter: (path) => prefixes.some((p) => matchesPrefix(path.split('?')[0]!, p)),
    on: {
      proxyReq: (proxyReq, req) => {
        const request = req as Request;
        proxyReq.setHeader('x-forwarded-for', request.ip ?? request.socket.remoteAddress ?? '');
        proxyReq.setHeader('x-forwarded-proto', request.protocol);
        if (request.headers.host) proxyReq.setHeader('x-forwarded-host', request.headers.host);
      },
      error: (err, req, res) => {
        logger.warn({ upstream: name, url: req.url, err: err.message }, 'upstream unavailable');
        if (!('writeHead' in res)) return void res.destroy();
        const response = res as ServerResponse;
        if (response.headersSent) return void response.end();
        // http-proxy aborts the call at proxyTimeout, which surfaces as a reset socket.
        const timedOut = (err as NodeJS.ErrnoException).code === 'ECONNRESET';
        const language = requestLanguage(req as IncomingMessage);
        response.writeHead(timedOut ? 504 : 503, { 'content-type': 'application/json; charset=utf-8' });
        response.end(
          JSON.stringify({
            message: translate(timedOut ? 'serviceTimeout' : 'serviceUnavailable', language),
            code: 'UPSTREAM_UNAVAILABLE',
            details: { upstream: name },
          }),
        );
      },
    },
  });
}
