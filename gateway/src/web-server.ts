// The static front-end server of the container images (`web`): the shell and the role remotes
// with the same headers, caching, /mf/remotes.json and versioned deploys as the gateway serves
// them in development (one module, gateway/src/static.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  closeServer,
  createLogger,
  createServiceApp,
  internalPortFor,
  listenInternal,
  errorHandler,
  listen,
  loadConfig,
  notFoundHandler,
  onShutdown,
} from '@medrelay/service-kit';
import { staticRoutes } from './static';
import { webConfigShape } from './web-config';

const config = loadConfig(webConfigShape);
const logger = createLogger('web', config.LOG_LEVEL);
// Files go out precompressed (static.ts), so no compression per request here.
const app = createServiceApp(logger, { json: false, compress: false });
let stopping = false;
app.get('/health/live', (_req, res) => void res.json({ status: 'live' }));
app.get('/health/ready', (_req, res) => {
  const ready = !stopping && existsSync(path.join(config.STATIC_ROOT, 'shell', 'dist', 'index.html'));
  res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not-ready' });
});
app.use(staticRoutes(config.STATIC_ROOT, config.MF_DEPLOY_DIR, config));
app.use(notFoundHandler);
app.use(errorHandler(logger));
const server = await listen(app, config.PORT, config.HOST);
const internal = await listenInternal(internalPortFor(config.METRICS_PORT, config.PORT), config.HOST);
logger.info({ port: config.PORT }, 'web listening');
onShutdown(logger, [
  ['readiness', () => (stopping = true)],
  ['http', () => closeServer(server)],
  ['metrics', () => (internal ? closeServer(internal) : undefined)],
]);
