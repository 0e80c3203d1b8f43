import { createLogger, loadConfig, migrateOnly, onShutdown } from '@medrelay/service-kit';
import { requestsConfigShape } from './config';
import { schema } from './context';
import { createRequestsService, migrationsDir } from './service';

const config = loadConfig(requestsConfigShape);
const logger = createLogger('svc-requests', config.LOG_LEVEL);
if (process.argv.includes('--migrate-only')) {
  const applied = await migrateOnly({
    name: 'svc-requests',
    databaseUrl: config.DATABASE_URL,
    schema,
    migrationsDir,
    logger,
  });
  logger.info({ applied }, 'migrations done');
  process.exit(0);
}
const service = await createRequestsService(config, logger);
await service.listen();
logger.info({ port: config.PORT }, 'svc-requests listening');
onShutdown(logger, service.shutdownSteps());
