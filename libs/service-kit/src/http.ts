import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { httpMetrics, metricsRoutes } from './metrics';
import { runWithRequestId } from './request-context';

/**
 * The Express app every service starts from: request ids, access logs (JSON), latency metrics
 * and GET /metrics, JSON bodies.
 * `json: false` leaves bodies unread (the gateway streams them to services untouched).
 */
export function createServiceApp(
  logger: Logger,
  options: { jsonLimit?: string; json?: boolean; trustProxy?: string } = {},
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(options.trustProxy ?? 'loopback'));
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
        // Kept on the request so proxies and queue jobs pass the same id along.
        req.headers['x-request-id'] = id;
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url?.startsWith('/health') ?? false },
    }),
  );
  app.use((req, _res, next) => runWithRequestId(String(req.id), next));
  app.use(httpMetrics(String(logger.bindings().service ?? 'unknown')));
  app.use(metricsRoutes());
  if (options.json !== false) app.use(express.json({ limit: options.jsonLimit ?? '100kb' }));
  return app;
}

export function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (err?: Error) => (err ? reject(err) : resolve(server)));
  });
}

/** Stops accepting connections and waits for open requests, closing idle keep-alive sockets. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

/** Express "trust proxy" from text: true/false, a hop count, or addresses and subnets. */
export function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}
