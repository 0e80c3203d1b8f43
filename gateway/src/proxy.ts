import type { ServerResponse } from 'node:http';
import type { Logger } from '@medrelay/service-kit';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { matchesPrefix } from './routes';

/**
 * Streams matching calls to a service untouched (no body parsing here). When the service is
 * absent, down or too slow, the caller gets a JSON 503/504 at once instead of a hang.
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
    xfwd: true,
    proxyTimeout: timeoutMs,
    pathFilter: (path) => prefixes.some((p) => matchesPrefix(path.split('?')[0]!, p)),
    on: {
      error: (err, req, res) => {
        const timedOut =
          (err as NodeJS.ErrnoException).code === 'ECONNRESET' && 'headersSent' in res && !res.headersSent;
        logger.warn({ upstream: name, url: req.url, err: err.message }, 'upstream unavailable');
        if (!('writeHead' in res)) return void res.destroy();
        const response = res as ServerResponse;
        if (response.headersSent) return void response.end();
        const status = timedOut ? 504 : 503;
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(
          JSON.stringify({
            message: `The ${name} service is unavailable right now. Please try again shortly.`,
            code: 'UPSTREAM_UNAVAILABLE',
            details: { upstream: name },
          }),
        );
      },
    },
  });
}
